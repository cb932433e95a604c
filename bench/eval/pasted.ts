/**
 * Pasted lines: a developer pastes an error or log line without quotes. For every message-like
 * string literal of a corpus (three words or more, found in 1–3 files), the query is that text
 * unquoted, alone or inside a log line with variable parts around it; the truth is the files
 * that contain the message. Scored like exact match (Hit@1 and MRR@10 at file level), with the
 * grep baseline on the message itself. Deterministic: literals sorted, formats cycled.
 */
import type { Engine } from '../../src/engine/engine';
import { MAX_LITERAL_FILES } from './queries';

/** Messages taken per corpus at most (sorted, then every n-th, so the sample spreads over the alphabet). */
export const PASTED_PER_CORPUS = 12;
const MIN_WORDS = 3;

/** How the message is pasted: the variable parts of real log lines around the constant text. */
const FORMATS: readonly { id: string; wrap(message: string): string }[] = [
  { id: 'bare', wrap: (m) => m },
  { id: 'error-prefix', wrap: (m) => `Error: ${m}` },
  { id: 'log-line', wrap: (m) => `2026-11-30T10:14:03.512Z ERROR [worker-3] ${m} (request 8f3a2c)` },
  { id: 'uncaught', wrap: (m) => `Uncaught (in promise) ${m}` },
];

export interface PastedQuery {
  id: string;
  corpus: string;
  format: string;
  message: string;
  query: string;
  truth: string[];
}

export interface PastedOutcome extends PastedQuery {
  intent: string;
  rule: string;
  top: string[];
  hit1: number;
  mrr10: number;
}

/** Message-like literals: words with spaces, not code, not a path or a URL. */
function isMessage(s: string): boolean {
  if (s.length < 12 || s.length > 120 || /["\n\r\t\\`]/.test(s)) return false;
  if (s.split(/\s+/).length < MIN_WORDS) return false;
  if (/^(https?:|\.{0,2}\/)|[{};=<>]|=>/.test(s)) return false;
  return (s.match(/[A-Za-z]{2,}/g) ?? []).length >= MIN_WORDS;
}

/** The pasted queries of one corpus, from its string literals (single- or double-quoted, or template text without ${}). */
export function pastedQueries(corpus: string, files: readonly { path: string; text: string }[]): PastedQuery[] {
  const literals = new Set<string>();
  const literal = /'([^'\n\\]{12,120})'|"([^"\n\\]{12,120})"|`([^`$\n\\]{12,120})`/g;
  for (const f of files)
    for (const m of f.text.matchAll(literal)) {
      const s = (m[1] ?? m[2] ?? m[3]).trim();
      if (isMessage(s)) literals.add(s);
    }
  const candidates: { message: string; truth: string[] }[] = [];
  for (const message of [...literals].sort()) {
    const truth = files.filter((f) => f.text.includes(message)).map((f) => f.path);
    if (truth.length >= 1 && truth.length <= MAX_LITERAL_FILES) candidates.push({ message, truth });
  }
  const step = Math.max(1, Math.floor(candidates.length / PASTED_PER_CORPUS));
  const picked = candidates.filter((_, i) => i % step === 0).slice(0, PASTED_PER_CORPUS);
  return picked.map(({ message, truth }, n) => {
    const format = FORMATS[n % FORMATS.length];
    return {
      id: `pasted:${corpus}:${String(n).padStart(2, '0')}`,
      corpus,
      format: format.id,
      message,
      query: format.wrap(message),
      truth,
    };
  });
}

export async function runPasted(engine: Engine, q: PastedQuery): Promise<PastedOutcome> {
  const r = await engine.search(q.query);
  const files: string[] = [];
  for (const x of r.results) if (!files.includes(x.path)) files.push(x.path);
  const rank = files.slice(0, 10).findIndex((p) => q.truth.includes(p));
  return {
    ...q,
    intent: r.query.intent,
    rule: r.query.rule,
    top: files.slice(0, 3),
    hit1: rank === 0 ? 1 : 0,
    mrr10: rank < 0 ? 0 : 1 / (rank + 1),
  };
}
