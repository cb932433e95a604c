/**
 * "Code similar to X" measured by the hundred: sibling families mined from the real set's
 * TUNING projects (never a held-out one), each question asking for code like one member and
 * expecting the others.
 *
 *   npx tsx bench/real/mined-similar.ts [--project NAME] [--per-project N] [--seed S] [--unseen] [--label L]
 *
 * The truth is read with universal-ctags (`--output-format=json --fields=+neKSZi`), not with
 * Fourfold's analyzer, so the measurement does not share the engine's mistakes. Families:
 *
 * - `impl`: methods of one name on several types of one module — a Rust trait's method in each
 *   `impl Trait for A` of one directory, a Go method of one name on several receivers of one
 *   package, a Python or Ruby method overridden by several classes of one file, a PHP method of
 *   one name in several classes of one directory. X is asked for with its type (`A::x`, `A.x`,
 *   `A#x`): its bare name names them all.
 * - `ops`: C functions wired into the same slot (`.read = …`) of several operation tables.
 * - `pattern`: functions (or methods of one class) of one file whose names follow one pattern —
 *   as many word parts, one of them different (`parse_int`/`parse_float`, `visitIf`/`visitWhile`)
 *   — and that take as many parameters.
 *
 * Each family has X plus at least two others. Every question runs twice, as a user gets it:
 * typed in the search box (engine.search, default preset) and as the "Find similar" action on
 * X's chunk (similarToChunk), as bench/real/run.ts does. Scored at the LINE (bench/real/score.ts):
 * X returned in the top 10 (must be 0), a sibling first (Hit@1), MRR@10; per family type,
 * language and project. Misses go to .cache/mined-similar/misses.json, the figures to
 * .cache/mined-similar/summary-<label>.json (neither committed).
 *
 * `--unseen` runs the UNSEEN packages instead (not in the real set, not in the model's
 * sources): a check scored before and after a change, never tuned on.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import { REPO_ROOT } from '../eval/corpora';
import { evalEmbedder, evalLexicalExpansion } from '../eval/embedder';
import { ctagsJson } from './ctags';
import { type LoadedProject, loadProject, PROJECTS, type RealProject } from './projects';
import { type Expected, groupsOf, type Item, mean, score, type Scores } from './score';
import { seededUniform } from '../eval/rng';

const OUT = join(REPO_ROOT, '.cache', 'mined-similar');
const UNSEEN_CACHE = join(REPO_ROOT, '.cache', 'unseen-similar');

/**
 * The unseen check: Debian packages in no set and not in scripts/model-sources.ts, one per
 * language whose "similar" figure was lowest off the tuning set. Scored, never tuned on.
 */
export const UNSEEN: readonly RealProject[] = [
  {
    name: 'hcl',
    pkg: 'golang-github-hashicorp-hcl-dev',
    version: '1.0.0-1.1',
    language: 'go',
    root: 'usr/share/gocode/src/github.com/hashicorp/hcl',
    extensions: ['.go'],
    exclude: /_test\.go$|(^|\/)test-fixtures\//,
    half: 'held-out',
  },
  {
    name: 'nom',
    pkg: 'librust-nom-dev',
    version: '7.1.1-1',
    language: 'rust',
    root: 'usr/share/cargo/registry/nom-7.1.1/src',
    extensions: ['.rs'],
    half: 'held-out',
  },
  {
    name: 'php-parser',
    pkg: 'php-parser',
    version: '4.15.4-1',
    language: 'php',
    root: 'usr/share/php/PhpParser',
    extensions: ['.php'],
    exclude: /^autoload\.php$/,
    half: 'held-out',
  },
];

// ---- the truth, from ctags ----

export type FamilyType = 'impl' | 'ops' | 'pattern';

export interface Def {
  name: string;
  path: string;
  line: number;
  end: number;
  /** function or method (a method has a container). */
  container?: string;
  /** Rust: the trait of the impl block holding it ('' for an inherent impl). */
  trait?: string;
  arity: number | null;
}

export interface Family {
  type: FamilyType;
  key: string;
  members: Def[];
}

export interface Tag {
  name: string;
  path: string;
  line: number;
  end?: number;
  kind: string;
  scope?: string;
  scopeKind?: string;
  signature?: string;
  pattern?: string;
  /** A class's bases, comma-separated (ctags' `inherits`; false when none). */
  inherits?: string | boolean;
}

function ctags(dir: string): Promise<Tag[]> {
  return ctagsJson<Tag>(dir, ['--fields=+neKSZi', '-f', '-']);
}

/**
 * The line a brace-delimited body ends on, from the line a definition starts on: the first `{`
 * (none before a `;` at the top: a declaration without a body, null), matched past strings and
 * comments. For the languages whose ctags gives no end line (Rust, PHP).
 */
export function braceEnd(lines: readonly string[], from: number, language: string): number | null {
  let depth = 0;
  let opened = false;
  let block = false;
  for (let i = from - 1; i < lines.length; i++) {
    const s = lines[i];
    let inLineString: string | null = null;
    for (let j = 0; j < s.length; j++) {
      const c = s[j];
      if (block) {
        if (c === '*' && s[j + 1] === '/') {
          block = false;
          j++;
        }
        continue;
      }
      if (inLineString) {
        if (c === '\\') j++;
        else if (c === inLineString) inLineString = null;
        continue;
      }
      if (c === '/' && s[j + 1] === '/') break;
      if (c === '#' && language === 'php' && s[j + 1] !== '[') break;
      if (c === '/' && s[j + 1] === '*') {
        block = true;
        j++;
        continue;
      }
      if (c === '"') inLineString = c;
      else if (c === "'") {
        // Rust: a char literal ('x', '\n') or a lifetime ('a); PHP: a string.
        if (language === 'rust') {
          const m = /^'(?:\\.[^']*|[^\\'])'/.exec(s.slice(j));
          if (m) j += m[0].length - 1;
        } else inLineString = c;
      } else if (c === '{') {
        depth++;
        opened = true;
      } else if (c === '}') {
        depth--;
        if (opened && depth === 0) return i + 1;
      } else if (c === ';' && !opened && depth === 0) return null;
    }
  }
  return null;
}

/** Parameters a signature lists (receivers `self`, `&mut self`, `cls` left out); null without a list. */
export function arityOf(signature: string | undefined): number | null {
  if (signature === undefined) return null;
  const open = signature.indexOf('(');
  if (open < 0) return null;
  let depth = 0;
  let close = -1;
  for (let i = open; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(' || c === '[' || c === '<' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '>' || c === '}') {
      depth--;
      if (depth === 0 && c === ')') {
        close = i;
        break;
      }
    }
  }
  const inner = signature.slice(open + 1, close < 0 ? undefined : close);
  const parts: string[] = [];
  depth = 0;
  let cur = '';
  for (const c of inner) {
    if (c === '(' || c === '[' || c === '<' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '>' || c === '}') depth--;
    if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '' && p !== 'void')
    .filter((p) => !/^(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b/.test(p) && p !== 'cls' && p !== 'self').length;
}

/** A name's word parts: snake_case and camelCase split, lower-cased. */
export function wordParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .split(/[_\W]+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase());
}

/** Names that every class has, not a family of behaviour: constructors and the like. */
const NOT_A_FAMILY = new Set(['__init__', '__construct', 'initialize', 'new', '__new__', 'constructor', 'init']);

/** ctags' kinds of a function or method with a body, per language (Go's `member` is a struct field). */
const FUNCTION_KINDS: Record<string, ReadonlySet<string>> = {
  go: new Set(['func']),
  rust: new Set(['function', 'method']),
  python: new Set(['function', 'member']),
  ruby: new Set(['method', 'singletonMethod']),
  php: new Set(['function', 'method']),
  c: new Set(['function']),
};

const lastScope = (scope: string): string => scope.split(/::|\\|\./).pop() ?? scope;

/**
 * The function and method definitions of a project with bodies, each with its container and end
 * line. Families are mined from those of three lines or more (`short` false): a one-line body is
 * a stub or an alias, not a member a user asks siblings of. X's parallel implementations
 * (parallelsOf) are read from all of them (`short` true): a two-line `visit_copyright` of another
 * writer is that writer's implementation of X's name, however short.
 */
export function definitionsOf(loaded: LoadedProject, tags: readonly Tag[], short = false): Def[] {
  const language = loaded.project.language;
  const texts = new Map(loaded.files.map((f) => [f.path, f.text.split('\n')]));
  const out: Def[] = [];
  // Rust: impl blocks (their trait and span) and trait definitions (default methods are not implementations).
  const impls = new Map<string, { start: number; end: number; type: string; trait: string }[]>();
  const traits = new Map<string, { start: number; end: number }[]>();
  if (language === 'rust')
    for (const t of tags) {
      const lines = texts.get(t.path);
      if (!lines) continue;
      if (t.kind === 'implementation') {
        const end = braceEnd(lines, t.line, language);
        if (end === null) continue;
        const head = lines
          .slice(t.line - 1, t.line + 4)
          .join(' ')
          .split('{')[0];
        const m = /\bimpl\b(?:\s*<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s+(.*?)\s+for\s+/.exec(head);
        const trait = m ? lastScope(m[1].replace(/<.*$/, '').trim()) : '';
        const list = impls.get(t.path) ?? [];
        list.push({ start: t.line, end, type: t.name, trait });
        impls.set(t.path, list);
      } else if (t.kind === 'interface') {
        const end = braceEnd(lines, t.line, language);
        if (end === null) continue;
        const list = traits.get(t.path) ?? [];
        list.push({ start: t.line, end });
        traits.set(t.path, list);
      }
    }
  for (const t of tags) {
    const lines = texts.get(t.path);
    if (!lines || !FUNCTION_KINDS[language].has(t.kind)) continue;
    // Nested functions (a closure's def inside a def) are not what a user asks siblings of.
    if (t.scopeKind === 'function' || t.scopeKind === 'method' || t.scopeKind === 'member') continue;
    let end = t.end ?? null;
    if (end === null) end = braceEnd(lines, t.line, language);
    if (end === null || (!short && end - t.line < 2)) continue;
    let container: string | undefined;
    let trait: string | undefined;
    if (language === 'rust') {
      if ((traits.get(t.path) ?? []).some((s) => s.start < t.line && t.line < s.end)) continue;
      const impl = (impls.get(t.path) ?? [])
        .filter((s) => s.start < t.line && t.line < s.end)
        .sort((a, b) => b.start - a.start)[0];
      if (impl) {
        container = impl.type;
        trait = impl.trait;
      } else if (t.scopeKind === 'module' && /^tests?$/.test(t.scope ?? '')) continue;
    } else if (t.scope && t.scopeKind && t.scopeKind !== 'package' && t.scopeKind !== 'namespace') {
      container = lastScope(t.scope);
    }
    if (language === 'go' && container === undefined) {
      // A Go method's receiver, when ctags left it out of the scope.
      const m = /^func\s*\(\s*\w*\s*\*?\s*(\w+)/.exec(lines[t.line - 1] ?? '');
      if (m) container = m[1];
    }
    out.push({
      name: t.name,
      path: t.path,
      line: t.line,
      end,
      ...(container !== undefined ? { container } : {}),
      ...(trait !== undefined ? { trait } : {}),
      arity: arityOf(t.signature),
    });
  }
  // One definition per place (ctags may tag a line twice).
  const seen = new Set<string>();
  return out.filter((d) => !seen.has(`${d.path}:${d.line}`) && seen.add(`${d.path}:${d.line}`));
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** Mines the three family types from a project's definitions (and, for C, its source). */
export function familiesOf(loaded: LoadedProject, defs: readonly Def[], tags: readonly Tag[] = []): Family[] {
  const language = loaded.project.language;
  // Classes joined by what they extend or implement (Python, Ruby, PHP): one hierarchy.
  const parent = new Map<string, string>();
  const root = (c: string): string => {
    let r = c;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  for (const t of tags)
    if (t.kind === 'class' && typeof t.inherits === 'string')
      for (const base of t.inherits.split(',')) {
        const [a, b] = [root(t.name), root(lastScope(base.trim()))];
        if (a !== b) parent.set(a, b);
      }
  const families: Family[] = [];
  const grouped = (key: (d: Def) => string | null) => {
    const out = new Map<string, Def[]>();
    for (const d of defs) {
      const k = key(d);
      if (k === null) continue;
      const list = out.get(k) ?? [];
      list.push(d);
      out.set(k, list);
    }
    return out;
  };
  // impl: one name on ≥ 3 types of one module (a Go package, a Rust directory and trait, a PHP
  // directory) or one file (Python, Ruby).
  const moduleOf = (d: Def) => (language === 'python' || language === 'ruby' ? d.path : dirOf(d.path));
  for (const [key, members] of grouped((d) =>
    d.container === undefined || NOT_A_FAMILY.has(d.name) ? null : `${moduleOf(d)}|${d.trait ?? ''}|${d.name}`,
  )) {
    const containers = new Set(members.map((m) => m.container));
    // One member per type: a type with two definitions of the name (cfg'd twins) is left out.
    if (containers.size !== members.length || members.length < 3) continue;
    if (language === 'python' || language === 'ruby' || language === 'php') {
      // Overrides of one method in one class hierarchy: the largest set joined by their bases.
      const byRoot = new Map<string, Def[]>();
      for (const m of members) byRoot.set(root(m.container!), [...(byRoot.get(root(m.container!)) ?? []), m]);
      const largest = [...byRoot.values()].sort((a, b) => b.length - a.length)[0];
      if (largest.length >= 3) families.push({ type: 'impl', key, members: largest });
      continue;
    }
    families.push({ type: 'impl', key, members });
  }
  // pattern: one file, one container (or none), one arity, names of one pattern.
  const byPlace = grouped((d) => (d.arity === null ? null : `${d.path}|${d.container ?? ''}|${d.arity}`));
  for (const members of byPlace.values()) {
    const templates = new Map<string, Def[]>();
    for (const d of members) {
      const parts = wordParts(d.name);
      if (parts.length < 2) continue;
      // The first word is kept (`parse_*`, `visit*`, `apfs_*`): names sharing only a last word
      // (`recv_from` · `try_from`, `filled_mut` · `inner_mut`) do different things to one thing.
      for (let i = 1; i < parts.length; i++) {
        const t = `${members[0].path}|${d.container ?? ''}|${d.arity}|${parts.map((p, j) => (j === i ? '*' : p)).join('_')}`;
        const list = templates.get(t) ?? [];
        list.push(d);
        templates.set(t, list);
      }
    }
    for (const [t, list] of templates) {
      if (new Set(list.map((d) => d.name)).size < 3 || list.length !== new Set(list.map((d) => d.name)).size) continue;
      families.push({ type: 'pattern', key: t, members: list });
    }
  }
  // ops: C functions in the same slot of several operation tables (`.read = foo_read,`).
  if (language === 'c') {
    const defined = new Map<string, Def[]>();
    for (const d of defs) defined.set(d.name, [...(defined.get(d.name) ?? []), d]);
    const slots = new Map<string, Map<string, Def>>();
    for (const f of loaded.files) {
      for (const m of f.text.matchAll(/^\s*\.(\w+)\s*=\s*&?(\w+)\s*,?\s*$/gm)) {
        const [, slot, fn] = m;
        const ds = defined.get(fn);
        if (!ds) continue;
        // The definition in the table's file, else the only one.
        const d = ds.find((x) => x.path === f.path) ?? (ds.length === 1 ? ds[0] : undefined);
        if (!d) continue;
        const list = slots.get(slot) ?? new Map<string, Def>();
        list.set(`${d.path}:${d.line}`, d);
        slots.set(slot, list);
      }
    }
    for (const [slot, members] of slots)
      if (members.size >= 3 && members.size <= 30)
        families.push({ type: 'ops', key: `.${slot}`, members: [...members.values()] });
  }
  return families;
}

// ---- questions ----

export interface MinedQuestion {
  id: string;
  project: string;
  language: string;
  type: FamilyType;
  query: string;
  x: Def;
  /** The strict truth: X's families (in its file or module). */
  expected: Def[];
  /** The widened truth: X's families plus its parallel implementations elsewhere (parallelsOf). */
  widened: Def[];
}

/**
 * X's parallel implementations: definitions of X's name and kind (a method for a method, a
 * function for a function) in another container — another type, or for a function another file —
 * anywhere in the project. A method of X's name on another type that offers the same API
 * (`UnixDatagram::try_recv` for `UdpSocket::try_recv`) is a structural sibling by the issue's words
 * (same kind, similar signature and body): the lead's decision of the twenty-first session, since
 * the strict families (one module) counted it a miss where the hand-written set (tokio:similar:12)
 * expects it. Read from ctags like the families; a twin in X's own container and file (a cfg'd
 * copy) is X, not a parallel.
 */
export function parallelsOf(x: Def, defs: readonly Def[]): Def[] {
  return defs.filter(
    (d) =>
      d.name === x.name &&
      (d.container === undefined) === (x.container === undefined) &&
      !(d.path === x.path && d.container === x.container),
  );
}

const QUALIFY: Record<string, string> = { rust: '::', php: '::', ruby: '#', go: '.', python: '.', c: '.' };

function phrase(
  type: FamilyType,
  x: Def,
  language: string,
  nameCount: number,
  qualifiedCount: number,
  r: () => number,
): string {
  const file = x.path.split('/').pop()!;
  // X's bare name names every definition of it: the type (impl) or the file says which, and
  // the file too when the type's name is itself shared (tokio's several `Sender::clone`).
  const qualified = x.container !== undefined ? `${x.container}${QUALIFY[language]}${x.name}` : x.name;
  const inFile = qualifiedCount > 1 && x.container ? ` in ${file}` : '';
  const bare = type === 'impl' || nameCount > 1 ? qualified : x.name;
  const named = bare + inFile;
  const byFile = [
    `functions like ${x.name} in ${file}`,
    `code similar to ${x.name} in ${file}`,
    `similar functions to ${x.name} in ${file}`,
  ];
  const general = [
    `code similar to ${named}`,
    `code like ${named}`,
    named.includes(' in ') ? `functions like ${named}` : `functions like ${named} in ${file}`,
    `similar to ${named}`,
    `siblings of ${named}`,
    `similar functions to ${named}`,
  ];
  const impl = [
    `code similar to ${named}`,
    `code like ${named}`,
    `other implementations of ${named}`,
    `other ${bare} implementations${inFile}`,
    `similar to ${named}`,
  ];
  let forms = general;
  if (type === 'impl') forms = impl;
  else if (nameCount > 1 && x.container === undefined) forms = byFile;
  return forms[Math.floor(r() * forms.length)];
}

export function questionsOf(
  loaded: LoadedProject,
  families: readonly Family[],
  defs: readonly Def[],
  perProject: number,
  seed: number,
  /** Every definition, the short ones too (definitionsOf's `short`): where X's parallels are read. */
  everyDef: readonly Def[] = defs,
): MinedQuestion[] {
  const r = seededUniform(seed ^ hash(loaded.project.name));
  const nameCount = new Map<string, number>();
  const qualifiedCount = new Map<string, number>();
  for (const d of defs) {
    nameCount.set(d.name, (nameCount.get(d.name) ?? 0) + 1);
    const q = `${d.container}.${d.name}`;
    qualifiedCount.set(q, (qualifiedCount.get(q) ?? 0) + 1);
  }
  // Round robin over the family types, each type's families shuffled; one question per family.
  const byType = new Map<FamilyType, Family[]>();
  for (const f of families) byType.set(f.type, [...(byType.get(f.type) ?? []), f]);
  for (const list of byType.values()) shuffle(list, r);
  const out: MinedQuestion[] = [];
  const asked = new Set<string>();
  const types = [...byType.keys()].sort();
  while (out.length < perProject && types.some((t) => (byType.get(t)?.length ?? 0) > 0)) {
    for (const t of types) {
      const f = byType.get(t)!.shift();
      if (!f || out.length >= perProject) continue;
      const candidates = f.members.filter((m) => !asked.has(`${m.path}:${m.line}`));
      if (candidates.length === 0) continue;
      const x = candidates[Math.floor(r() * candidates.length)];
      asked.add(`${x.path}:${x.line}`);
      out.push({
        id: `${loaded.project.name}:${t}:${out.length + 1}`,
        project: loaded.project.name,
        language: loaded.project.language,
        type: t,
        query: phrase(
          t,
          x,
          loaded.project.language,
          nameCount.get(x.name) ?? 1,
          qualifiedCount.get(`${x.container}.${x.name}`) ?? 1,
          r,
        ),
        x,
        ...truthOf(x, families, everyDef),
      });
    }
  }
  return out;
}

/** X's expected answers, strict (its families) and widened (plus its parallels, parallelsOf). */
export function truthOf(
  x: Def,
  families: readonly Family[],
  defs: readonly Def[],
): { expected: Def[]; widened: Def[] } {
  // X's siblings are every family it is in: a name may follow several patterns (`read_u8_le`:
  // `read_*_le`, `read_u8_*`), and a method of one pattern in its class may also be one of
  // several implementations of its name in its module.
  const expected = [...new Set(families.filter((g) => g.members.includes(x)).flatMap((g) => g.members))].filter(
    (m) => m !== x,
  );
  const at = (d: Def) => `${d.path}:${d.line}`;
  const known = new Set(expected.map(at));
  return { expected, widened: [...expected, ...parallelsOf(x, defs).filter((d) => !known.has(at(d)))] };
}

function shuffle<T>(list: T[], r: () => number): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}

function hash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// ---- asking and scoring ----

type System = 'box' | 'action';

interface Outcome {
  q: MinedQuestion;
  system: System;
  /** Scored against the strict truth (X's families). */
  line: Scores;
  /** Scored against the widened truth (X's families and parallel implementations). */
  widened: Scores;
  returnedSelf: boolean;
  intent?: string;
  /** Search box: how the engine took X (SimilarSubjectChoice's code); absent when it read no X. */
  subject?: string;
  top: string[];
}

const asExpected = (d: Def, sha1: string): Expected => ({
  path: d.path,
  start: d.line,
  end: d.end,
  line: d.line,
  sha1,
});

function judge(
  q: MinedQuestion,
  system: System,
  items: (Item & { symbol?: string })[],
  sha1: Map<string, string>,
  intent?: string,
  subject?: string,
): Outcome {
  const groupsFor = (ds: readonly Def[]) => groupsOf(ds.map((d) => asExpected(d, sha1.get(d.path) ?? '')));
  const returnedSelf = items
    .slice(0, 10)
    .some((i) => i.path === q.x.path && i.startLine <= q.x.line && q.x.line <= i.endLine);
  return {
    q,
    system,
    line: score(items, groupsFor(q.expected), 'line'),
    widened: score(items, groupsFor(q.widened), 'line'),
    returnedSelf,
    ...(intent !== undefined ? { intent } : {}),
    ...(subject !== undefined ? { subject } : {}),
    top: items.slice(0, 5).map((i) => `${i.path}:${i.startLine}-${i.endLine}${i.symbol ? ` ${i.symbol}` : ''}`),
  };
}

interface Row {
  label: string;
  n: number;
  self: number;
  /** Search box: questions whose X the engine did not read (no subject taken). */
  unread: number;
  hit1: number;
  mrr10: number;
  /** Against the widened truth. */
  wideHit1: number;
  wideMrr10: number;
}

function rowOf(label: string, os: readonly Outcome[]): Row {
  const m = mean(os.map((o) => o.line));
  const w = mean(os.map((o) => o.widened));
  return {
    label,
    n: os.length,
    self: os.filter((o) => o.returnedSelf).length,
    unread: os.filter((o) => o.subject === 'none').length,
    hit1: m.hit1,
    mrr10: m.mrr10,
    wideHit1: w.hit1,
    wideMrr10: w.mrr10,
  };
}

function rows(outcomes: readonly Outcome[]): Record<string, Row[]> {
  const out: Record<string, Row[]> = {};
  for (const system of ['box', 'action'] as System[]) {
    const os = outcomes.filter((o) => o.system === system);
    const by = (key: (o: Outcome) => string) =>
      [...new Set(os.map(key))].sort().map((k) =>
        rowOf(
          k,
          os.filter((o) => key(o) === k),
        ),
      );
    out[system] = [
      rowOf('all', os),
      ...by((o) => `type ${o.q.type}`),
      ...by((o) => `lang ${o.q.language}`),
      ...by((o) => `project ${o.q.project}`),
    ];
  }
  return out;
}

function print(table: Record<string, Row[]>, log: (m: string) => void): void {
  for (const [system, rs] of Object.entries(table)) {
    log(
      `\n${(system === 'box' ? 'search box' : 'Find similar action').padEnd(30)} n   X back  X unread  strict Hit@1  MRR@10  widened Hit@1  MRR@10`,
    );
    for (const r of rs)
      log(
        `  ${r.label.padEnd(28)} ${String(r.n).padStart(4)} ${String(r.self).padStart(6)} ${String(r.unread).padStart(9)}  ${r.hit1.toFixed(3).padStart(12)}  ${r.mrr10.toFixed(3)}  ${r.wideHit1.toFixed(3).padStart(13)}  ${r.wideMrr10.toFixed(3)}`,
      );
  }
}

interface Options {
  project: string | null;
  perProject: number;
  seed: number;
  unseen: boolean;
  label: string;
  /** Print the mined questions and stop (no index is built): to check the truth by eye. */
  mineOnly: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { project: null, perProject: 30, seed: 1, unseen: false, label: 'latest', mineOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--project') o.project = value();
    else if (a === '--per-project') o.perProject = Number(value());
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--label') o.label = value();
    else if (a === '--unseen') o.unseen = true;
    else if (a === '--mine-only') o.mineOnly = true;
    else
      throw new Error(
        `unknown argument ${a}\nusage: npx tsx bench/real/mined-similar.ts [--project NAME] [--per-project N] [--seed S] [--unseen] [--label L] [--mine-only]`,
      );
  }
  if (!Number.isInteger(o.perProject) || o.perProject < 1) throw new Error('--per-project must be a positive integer');
  return o;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const log = (m: string) => console.log(m);
  // Never a held-out project of the real set: the unseen list is its own, apart from it.
  const pool = options.unseen ? UNSEEN : PROJECTS.filter((p) => p.half === 'tuning');
  const specs = pool.filter((p) => options.project === null || p.name === options.project);
  if (specs.length === 0)
    throw new Error(`no ${options.unseen ? 'unseen' : 'tuning'} project named ${options.project}`);
  const deps = {
    analyzer: await StructuralAnalyzer.create(nodeGrammars),
    embedder: await evalEmbedder('local'),
    lexicalExpansion: evalLexicalExpansion(),
  };
  const outcomes: Outcome[] = [];
  const mined: Record<string, Record<FamilyType, number>> = {};
  for (const spec of specs) {
    if (!(spec.language in FUNCTION_KINDS)) {
      log(`mined: ${spec.name} (${spec.language}) left out: no ctags function kinds for ${spec.language}`);
      continue;
    }
    const loaded = await loadProject(spec, log, options.unseen ? UNSEEN_CACHE : undefined);
    if (!loaded) continue;
    const tags = (await ctags(loaded.dir)).filter((t) => loaded.sha1.has(t.path));
    const defs = definitionsOf(loaded, tags);
    const families = familiesOf(loaded, defs, tags);
    mined[spec.name] = { impl: 0, ops: 0, pattern: 0 };
    for (const f of families) mined[spec.name][f.type]++;
    const questions = questionsOf(
      loaded,
      families,
      defs,
      options.perProject,
      options.seed,
      definitionsOf(loaded, tags, true),
    );
    const shown = (d: Def) => `${d.container ? `${d.container}.` : ''}${d.name}@${d.path}:${d.line}-${d.end}`;
    if (options.mineOnly) {
      log(`${spec.name}: ${defs.length} functions, ${JSON.stringify(mined[spec.name])}`);
      for (const q of questions)
        log(
          `  ${q.type} ${q.query} | X ${q.x.path}:${q.x.line}-${q.x.end} | ${q.expected.map(shown).join(' ')}${q.widened.length > q.expected.length ? ` | parallels ${q.widened.slice(q.expected.length).map(shown).join(' ')}` : ''}`,
        );
      continue;
    }
    const engine = await Engine.build(loaded.files, deps);
    log(
      `${spec.name} (${spec.language}): ${defs.length} functions, families impl ${mined[spec.name].impl} / ops ${mined[spec.name].ops} / pattern ${mined[spec.name].pattern}; ${questions.length} questions`,
    );
    for (const q of questions) {
      const asItems = (rs: readonly { path: string; startLine: number; endLine: number; symbol?: string }[]) =>
        rs.map((x) => ({
          path: x.path,
          startLine: x.startLine,
          endLine: x.endLine,
          ...(x.symbol !== undefined ? { symbol: x.symbol } : {}),
        }));
      const box = await engine.search(q.query, { preset: 'default', limit: 10 });
      outcomes.push(
        judge(q, 'box', asItems(box.results), loaded.sha1, box.query.intent, box.query.similarTo?.code ?? 'none'),
      );
      const chunk = engine.chunkAtLine(q.x.path, q.x.line);
      const action = chunk ? await engine.search('', { similarToChunk: chunk.id, preset: 'default', limit: 10 }) : null;
      outcomes.push(judge(q, 'action', action ? asItems(action.results) : [], loaded.sha1));
    }
  }
  const table = rows(outcomes);
  print(table, log);
  const misses = outcomes
    .filter(() => !options.unseen)
    .filter((o) => o.line.hit1 === 0 || o.widened.hit1 === 0 || o.returnedSelf)
    .map((o) => ({
      id: o.q.id,
      system: o.system,
      type: o.q.type,
      query: o.q.query,
      intent: o.intent,
      subject: o.subject,
      x: `${o.q.x.path}:${o.q.x.line}-${o.q.x.end}`,
      returnedSelf: o.returnedSelf,
      rank: o.line.mrr10 > 0 ? Math.round(1 / o.line.mrr10) : null,
      /** The first answer's rank against the widened truth (1: a parallel implementation led, a strict miss only). */
      widenedRank: o.widened.mrr10 > 0 ? Math.round(1 / o.widened.mrr10) : null,
      expected: o.q.expected
        .slice(0, 6)
        .map((d) => `${d.path}:${d.line}-${d.end} ${d.container ? `${d.container}.` : ''}${d.name}`),
      parallels: o.q.widened
        .slice(o.q.expected.length, o.q.expected.length + 6)
        .map((d) => `${d.path}:${d.line}-${d.end} ${d.container ? `${d.container}.` : ''}${d.name}`),
      got: o.top,
    }));
  await mkdir(OUT, { recursive: true });
  const which = options.unseen ? 'unseen' : 'tuning';
  // The unseen check's misses are not written: it is scored, never read to tune on.
  if (!options.unseen) await writeFile(join(OUT, 'misses.json'), `${JSON.stringify(misses, null, 1)}\n`);
  await writeFile(
    join(OUT, `summary-${which}-${options.label}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), options, mined, table }, null, 1)}\n`,
  );
  log(
    `\nwrote ${join(OUT, `summary-${which}-${options.label}.json`)}${options.unseen ? '' : ` and ${misses.length} misses`}`,
  );
}

if (process.argv[1]?.endsWith('mined-similar.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
