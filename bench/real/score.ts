/**
 * Line- and file-level judgement of the real-repository questions.
 *
 * LINE rule: a result {path, startLine, endLine} answers an expected item {path, start, end,
 * line} when (1) the paths are equal, (2) the result's range contains the item's key line
 * — the definition's name line, the format string's line, a call line of the caller — and
 * (3) the result is not much wider than the expected function:
 * endLine − startLine + 1 ≤ max(2 × (end − start + 1), (end − start + 1) + 20).
 * So a whole 650-line class does not count as the 10-line method asked for.
 * FILE rule: the paths are equal.
 *
 * Callers: expected call lines are grouped by their enclosing function (one caller = one
 * group); a result is a true caller when it answers any line of any group (precision), and
 * each group is found once (recall). Dependants are file-level only.
 */
import { CUTOFF } from '../eval/metrics';

export type Kind = 'definition' | 'callers' | 'dependants' | 'message' | 'similar' | 'understand';
export const KINDS: readonly Kind[] = ['definition', 'callers', 'dependants', 'message', 'similar', 'understand'];

export interface Expected {
  path: string;
  start?: number;
  end?: number;
  line?: number;
  sha1: string;
}

export interface Question {
  id: string;
  project: string;
  kind: Kind;
  query: string;
  expected: Expected[];
  /** find-similar: the code the question is about, which must not be returned. */
  exclude?: Expected;
  /** Why the answer is what it is, where a reader could doubt it (a changed answer says why it changed). */
  note?: string;
  half: 'tuning' | 'held-out';
}

export interface Item {
  path: string;
  startLine: number;
  endLine: number;
}

/** line: the strict rule above; contains: the key line is inside the result, whatever its size; file: the path. */
export type Level = 'line' | 'contains' | 'file';

/** One expected answer: a set of key lines inside one function range. */
export interface Group {
  path: string;
  start: number;
  end: number;
  lines: number[];
}

export function groupsOf(expected: readonly Expected[]): Group[] {
  const out = new Map<string, Group>();
  for (const e of expected) {
    const start = e.start ?? 1;
    const end = e.end ?? Number.MAX_SAFE_INTEGER;
    const key = `${e.path}:${start}-${end}`;
    const g = out.get(key) ?? { path: e.path, start, end, lines: [] };
    if (e.line !== undefined) g.lines.push(e.line);
    out.set(key, g);
  }
  return [...out.values()];
}

export function answers(item: Item, g: Group, level: Level): boolean {
  if (item.path !== g.path) return false;
  if (level === 'file' || g.lines.length === 0) return true;
  if (!g.lines.some((l) => item.startLine <= l && l <= item.endLine)) return false;
  if (level === 'contains') return true;
  const want = g.end - g.start + 1;
  const got = item.endLine - item.startLine + 1;
  return got <= Math.max(2 * want, want + 20);
}

/** At file level a list is reduced to its first entry per file. */
export function atLevel(items: readonly Item[], level: Level): Item[] {
  if (level !== 'file') return items.slice(0, CUTOFF);
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.path) && seen.add(i.path)).slice(0, CUTOFF);
}

export interface Scores {
  hit1: number;
  mrr10: number;
  precision10: number;
  recall10: number;
}

/** Hit@1 and MRR@10 (any group right); precision@10 = results answering any group / results shown; recall@10 = groups found / min(groups, 10). */
export function score(items: readonly Item[], groups: readonly Group[], level: Level): Scores {
  const list = atLevel(items, level);
  const fileGroups = level === 'file' ? dedupeFiles(groups) : groups;
  const found = new Set<number>();
  let right = 0;
  let first = -1;
  list.forEach((item, rank) => {
    const i = fileGroups.findIndex((g, gi) => !found.has(gi) && answers(item, g, level));
    const any = i >= 0 || fileGroups.some((g) => answers(item, g, level));
    if (any && first === -1) first = rank;
    if (i >= 0) found.add(i);
    // A second call site in a caller already found is still a true caller: right, not a new group.
    if (any) right++;
  });
  return {
    hit1: first === 0 ? 1 : 0,
    mrr10: first === -1 ? 0 : 1 / (first + 1),
    precision10: list.length === 0 ? 0 : right / list.length,
    recall10: fileGroups.length === 0 ? 0 : found.size / Math.min(fileGroups.length, CUTOFF),
  };
}

function dedupeFiles(groups: readonly Group[]): Group[] {
  const seen = new Set<string>();
  return groups.filter((g) => !seen.has(g.path) && seen.add(g.path));
}

export function mean(all: readonly Scores[]): Scores {
  const out: Scores = { hit1: 0, mrr10: 0, precision10: 0, recall10: 0 };
  if (all.length === 0) return out;
  for (const s of all) for (const k of Object.keys(out) as (keyof Scores)[]) out[k] += s[k] / all.length;
  return out;
}
