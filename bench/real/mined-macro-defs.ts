/**
 * Definitions made by macros, measured (issue 20, "Definitions made by macros"): names that a
 * macro invocation defines, asked as "where is NAME defined" and as the bare name.
 *
 *   npx tsx bench/real/mined-macro-defs.ts [--project NAME] [--per-project N] [--seed S] [--unseen] [--tag T]
 *                                          [--embedder local|none] [--dry]
 *
 * Over the TUNING Rust and C projects of bench/real/projects.ts (never a held-out one), the
 * macro-made names are found with a reading written apart from src/engine (regular expressions
 * over the text; the engine's structural/macro-*.ts are not used), so the truth does not share
 * the engine's blind spots:
 *  - Rust: every `macro_rules!` of the project (any file) whose transcriber spells
 *    `struct|enum|union|trait|type|fn|const|static|mod $x`, and `$x` is an `ident` fragment of
 *    the matcher. An invocation `NAME!(…)` anywhere in the project (not inside a macro_rules)
 *    names its items: for a matcher of plain comma-separated fragments, the argument at `$x`'s
 *    position; for `$x` in a `$( … ),*` repetition of plain fragments, every such argument of
 *    the repeated group; for `$x` after literal tokens (`EnumName: $x`, `struct $x`), the word
 *    after those tokens in the invocation.
 *  - C: every function-like `#define` whose body pastes a parameter into a name that a
 *    definition declares (`type pre##p##post(` or `type pre##p##post =` / `;`), invoked at the
 *    start of a line outside any #define; and the kernel's `DEFINE_MUTEX(x)`-like macros (a
 *    fixed list of the kernel's own, outside any project) naming the variable `x`.
 * A name also spelled by an ordinary definition anywhere in the project is left out (the
 * question would have two answers). Expected: the invocation (its lines), at the name's line.
 *
 * `--unseen` scores UNSEEN instead (Debian packages in no set, claimed in the session's list):
 * score them once before changing engine code and once after; never read their misses.
 * Misses go to .cache/mined-macro-defs/misses-<set>.json, figures to summary-<set>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import { REPO_ROOT } from '../eval/corpora';
import { evalEmbedder, evalLexicalExpansion } from '../eval/embedder';
import { SeededRandom } from '../eval/rng';
import { minedArgs } from './mined-args';
import { type LoadedProject, loadProject, PROJECTS, type RealProject } from './projects';
import { type Group, mean, score, type Scores } from './score';

/** Packages in no set, one Rust with macro-made types across files, one C kernel module (twenty-second session). */
export const UNSEEN: readonly RealProject[] = [
  {
    name: 'unseen-nix',
    pkg: 'librust-nix-dev',
    version: '0.26.1-3',
    language: 'rust',
    root: 'usr/share/cargo/registry/nix-0.26.1/src',
    extensions: ['.rs'],
    half: 'held-out',
  },
  {
    name: 'unseen-xtables',
    pkg: 'xtables-addons-dkms',
    version: '3.23-1',
    language: 'c',
    root: 'usr/src/xtables-addons-3.23',
    extensions: ['.c', '.h'],
    half: 'held-out',
  },
];

export interface MacroCase {
  project: string;
  language: 'rust' | 'c';
  family: string;
  name: string;
  macro: string;
  path: string;
  /** The invocation's lines and the name's line in it. */
  start: number;
  end: number;
  line: number;
}

const RUST_ITEM = /\b(?:struct|enum|union|trait|type|fn|const|static|mod)\s+\$([A-Za-z_]\w*)/g;
const RUST_ORDINARY = (name: string) =>
  new RegExp(`\\b(?:struct|enum|union|trait|type|fn|const|static|mod|macro_rules!)\\s+${name}\\b`);
/** The kernel's definers of a variable named by their first argument (include/linux/*.h). */
const KERNEL_DEFINERS = new Set([
  'DEFINE_MUTEX',
  'DEFINE_SPINLOCK',
  'DEFINE_RWLOCK',
  'DEFINE_RAW_SPINLOCK',
  'LIST_HEAD',
  'HLIST_HEAD',
  'DECLARE_WAIT_QUEUE_HEAD',
  'DEFINE_IDR',
  'DEFINE_IDA',
  'DEFINE_SEMAPHORE',
  'DECLARE_RWSEM',
  'DEFINE_XARRAY',
  'DEFINE_STATIC_KEY_FALSE',
  'DEFINE_STATIC_KEY_TRUE',
]);

/** Index of the bracket closing the one at `open` (brackets in strings and comments are not skipped: good enough for macro text). */
function closing(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

function lineAt(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** `a, b, c` split at top-level commas, each trimmed. */
function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) out.push(text.slice(start).trim());
  return out;
}

/** How one rule of a macro names an item from its input. */
type RustReading =
  | { how: 'position'; position: number; count: number }
  | { how: 'repeated'; position: number; count: number }
  | { how: 'unit'; pattern: RegExp; group: number }
  | { how: 'after'; literal: string };

interface RustMacro {
  name: string;
  readings: RustReading[];
  /** Where the macro_rules is (its own text is no invocation). */
  path: string;
  start: number;
  end: number;
}

function rustMacros(path: string, text: string): RustMacro[] {
  const out: RustMacro[] = [];
  for (const m of text.matchAll(/macro_rules!\s*([A-Za-z_]\w*)\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(text, open);
    if (close < 0) continue;
    const body = text.slice(open + 1, close);
    const readings: RustReading[] = [];
    // Rules: `(matcher) => {transcriber};`
    let at = 0;
    while (at < body.length) {
      const o = body.slice(at).search(/[([{]/);
      if (o < 0) break;
      const mo = at + o;
      const mc = closing(body, mo);
      if (mc < 0) break;
      const arrow = body.slice(mc + 1).match(/^\s*=>\s*([([{])/);
      if (!arrow) break;
      const to = mc + 1 + arrow[0].length - 1;
      const tc = closing(body, to);
      if (tc < 0) break;
      const matcher = body.slice(mo + 1, mc);
      const transcriber = body.slice(to + 1, tc);
      at = tc + 1;
      const named = new Set([...transcriber.matchAll(RUST_ITEM)].map((x) => x[1]));
      for (const frag of named) {
        const plain = splitTop(matcher);
        const plainFragments = plain.every((p) => /^\$\w+\s*:\s*\w+$/.test(p));
        const position = plain.findIndex((p) => new RegExp(`^\\$${frag}\\s*:\\s*ident$`).test(p));
        if (plainFragments && position >= 0) {
          readings.push({ how: 'position', position, count: plain.length });
          continue;
        }
        const rep = matcher.match(/^\s*\$\(\s*([^()]*?)\s*\)\s*,?\s*[*+]\s*,?\s*$/);
        if (rep) {
          const inner = splitTop(rep[1]);
          const p = inner.findIndex((x) => new RegExp(`^\\$${frag}\\s*:\\s*ident$`).test(x));
          if (p >= 0 && inner.every((x) => /^\$\w+\s*:\s*\w+$/.test(x))) {
            readings.push({ how: 'repeated', position: p, count: inner.length });
            continue;
          }
        }
        // A repeated unit of fragments and literal tokens (`$( $ty:ident => $method:ident, )*`):
        // read as a regular expression over the invocation, one match per repetition.
        const unit = matcher.match(/^\s*\$\(\s*([^()]*?)\s*\)\s*,?\s*[*+]\s*$/);
        if (unit && new RegExp(`\\$${frag}\\s*:\\s*ident`).test(unit[1])) {
          let group = 0;
          let at = 0;
          const parts = unit[1].split(/(\$\w+\s*:\s*\w+)/).filter((x) => x.trim());
          const source = parts
            .map((x) => {
              const f = /^\$(\w+)\s*:\s*(\w+)$/.exec(x);
              if (!f)
                return x
                  .trim()
                  .split(/\s+/)
                  .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
                  .join('\\s*');
              at++;
              if (f[1] === frag) group = at;
              return f[2] === 'ident' ? '([A-Za-z_]\\w*)' : '([^,;]+?)';
            })
            .join('\\s*');
          readings.push({ how: 'unit', pattern: new RegExp(source, 'g'), group });
          continue;
        }
        const after = new RegExp(`([A-Za-z_]\\w*\\s*:?)\\s*\\$${frag}\\s*:\\s*ident`).exec(matcher);
        if (after && !after[1].startsWith('$')) readings.push({ how: 'after', literal: after[1].replace(/\s+/g, '') });
      }
    }
    if (readings.length) out.push({ name: m[1], readings, path, start: m.index, end: close });
  }
  return out;
}

function rustCases(loaded: LoadedProject): MacroCase[] {
  const macros = loaded.files.flatMap((f) => rustMacros(f.path, f.text));
  const byName = new Map<string, RustMacro[]>();
  for (const m of macros) byName.set(m.name, [...(byName.get(m.name) ?? []), m]);
  const out: MacroCase[] = [];
  for (const f of loaded.files) {
    const inside = macros.filter((m) => m.path === f.path);
    const code = withoutComments(f.text);
    for (const inv of code.matchAll(/(?<![\w$])([A-Za-z_]\w*)!\s*([([{])/g)) {
      const ms = byName.get(inv[1]);
      if (!ms || inside.some((m) => m.start <= inv.index && inv.index <= m.end)) continue;
      const open = inv.index + inv[0].length - 1;
      const close = closing(code, open);
      if (close < 0) continue;
      const argsText = code.slice(open + 1, close);
      const argsOffset = open + 1;
      const names = new Map<string, number>(); // name → offset in the file
      for (const m of ms)
        for (const r of m.readings) {
          if (r.how === 'unit') {
            for (const x of argsText.matchAll(r.pattern)) {
              const name = x[r.group];
              if (name) names.set(name, argsOffset + x.index + x[0].lastIndexOf(name));
            }
            continue;
          }
          if (r.how === 'after') {
            const lit = r.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:$/, '\\s*:');
            for (const x of argsText.matchAll(new RegExp(`(?<![\\w$])${lit}\\s+([A-Za-z_]\\w*)`, 'g')))
              names.set(x[1], argsOffset + x.index + x[0].length - x[1].length);
            continue;
          }
          const args = splitTop(argsText);
          if (r.how === 'position' && args.length === r.count) {
            const a = args[r.position];
            if (/^[A-Za-z_]\w*$/.test(a)) names.set(a, argsOffset + argsText.indexOf(a));
          } else if (r.how === 'repeated' && args.length % r.count === 0)
            for (let i = r.position; i < args.length; i += r.count)
              if (/^[A-Za-z_]\w*$/.test(args[i])) {
                const re = new RegExp(`(?<!\\w)${args[i]}(?!\\w)`);
                names.set(args[i], argsOffset + (re.exec(argsText)?.index ?? 0));
              }
        }
      for (const [name, offset] of names)
        out.push({
          project: loaded.project.name,
          language: 'rust',
          family: ms[0].path === f.path ? 'rust same file' : 'rust other file',
          name,
          macro: inv[1],
          path: f.path,
          start: lineAt(f.text, inv.index),
          end: lineAt(f.text, close),
          line: lineAt(f.text, offset),
        });
    }
  }
  const ordinary = (name: string) => loaded.files.some((f) => RUST_ORDINARY(name).test(f.text));
  return out.filter((c) => !ordinary(c.name));
}

/** Comments blanked (line breaks kept), strings kept: a doc example's `x!()` is no invocation. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '));
}

interface CDefine {
  name: string;
  params: string[];
  /** Per name the body declares: how it is spelled from the parameters (`pre##p##post`). */
  made: { param: number; pre: string; post: string; kind: string }[];
}

function cDefines(text: string): CDefine[] {
  const out: CDefine[] = [];
  const joined = text.replace(/\\\r?\n/g, '  ');
  for (const m of joined.matchAll(/^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)(.*)$/gm)) {
    const params = m[2].split(',').map((p) => p.trim());
    const body = m[3];
    const made: CDefine['made'] = [];
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      if (!/^[A-Za-z_]\w*$/.test(p)) continue;
      const re = new RegExp(
        `(?<=[\\w*]\\s+\\**)((?:[A-Za-z_]\\w*\\s*##\\s*)?)\\b${p}\\b((?:\\s*##\\s*[A-Za-z_0-9]\\w*)?)\\s*([(=;\\[])`,
        'g',
      );
      for (const x of body.matchAll(re)) {
        const pre = x[1].replace(/\s*##\s*/, '');
        const post = x[2].replace(/\s*##\s*/, '');
        if (!pre && !post && x[3] !== '(' && !/\b(static|struct|int|long|char|atomic_t)\b/.test(body)) continue;
        if (params.includes(pre) || params.includes(post)) continue;
        made.push({ param: i, pre, post, kind: x[3] === '(' ? 'function' : 'variable' });
      }
    }
    if (made.length) out.push({ name: m[1], params, made });
  }
  return out;
}

function cCases(loaded: LoadedProject): MacroCase[] {
  const defines = new Map<string, CDefine>();
  for (const f of loaded.files) for (const d of cDefines(f.text)) defines.set(d.name, d);
  const out: MacroCase[] = [];
  for (const f of loaded.files) {
    const lines = f.text.split('\n');
    let inDefine = false;
    lines.forEach((text, i) => {
      const wasDefine = inDefine;
      inDefine = (wasDefine || /^\s*#\s*define\b/.test(text)) && /\\\s*$/.test(text);
      if (wasDefine || /^\s*#/.test(text)) return;
      const m = /^(?:static\s+)?([A-Za-z_]\w*)\s*\(([^()]*)\)\s*;?\s*$/.exec(text);
      if (!m) return;
      const args = m[2].split(',').map((a) => a.trim());
      const push = (name: string, family: string) =>
        out.push({
          project: loaded.project.name,
          language: 'c',
          family,
          name,
          macro: m[1],
          path: f.path,
          start: i + 1,
          end: i + 1,
          line: i + 1,
        });
      if (KERNEL_DEFINERS.has(m[1]) && /^[A-Za-z_]\w*$/.test(args[0] ?? '')) push(args[0], 'c kernel definer');
      const d = defines.get(m[1]);
      if (!d || d.params.length !== args.length) return;
      for (const made of d.made) {
        const a = args[made.param];
        if (/^[A-Za-z_]\w*$/.test(a)) push(`${made.pre}${a}${made.post}`, 'c pasted');
      }
    });
  }
  const seen = new Set<string>();
  return out.filter((c) => {
    const ordinary = loaded.files.some((f) =>
      new RegExp(`^[\\w\\s*]*\\b${c.name}\\s*(\\(|=|;|\\[)|#\\s*define\\s+${c.name}\\b`, 'm').test(f.text),
    );
    const key = `${c.name}`;
    if (ordinary || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One question per name: every invocation that makes it is a right answer. */
function byName(cases: readonly MacroCase[]): MacroCase[][] {
  const out = new Map<string, MacroCase[]>();
  for (const c of cases) out.set(c.name, [...(out.get(c.name) ?? []), c]);
  return [...out.values()];
}

interface Outcome {
  c: MacroCase;
  form: 'where' | 'bare';
  line: Scores;
  file: Scores;
  top: string[];
}

function f2(x: number): string {
  return x.toFixed(3);
}

function rows(label: string, outcomes: readonly Outcome[], key: (o: Outcome) => string): string[] {
  const keys = [...new Set(outcomes.map(key))].sort();
  return [
    `| ${label} | n | line Hit@1 | line MRR@10 | file Hit@1 |`,
    '|---|---:|---:|---:|---:|',
    ...[...keys, 'all'].map((k) => {
      const os = k === 'all' ? outcomes : outcomes.filter((o) => key(o) === k);
      const l = mean(os.map((o) => o.line));
      return `| ${k} | ${os.length} | ${f2(l.hit1)} | ${f2(l.mrr10)} | ${f2(mean(os.map((o) => o.file)).hit1)} |`;
    }),
  ];
}

async function main() {
  const o = minedArgs(process.argv.slice(2), { perProject: 30, seed: 'macro-1' });
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const pool = o.unseen ? UNSEEN : PROJECTS.filter((p) => p.half === 'tuning');
  const chosen = pool.filter(
    (p) => (!o.project || p.name === o.project) && (p.language === 'rust' || p.language === 'c'),
  );
  if (chosen.length === 0) throw new Error(`no ${o.unseen ? 'unseen' : 'tuning'} Rust or C project named ${o.project}`);
  const deps = {
    analyzer: await StructuralAnalyzer.create(nodeGrammars),
    embedder: await evalEmbedder(o.embedder),
    lexicalExpansion: evalLexicalExpansion(),
  };
  const outcomes: Outcome[] = [];
  const counts = ['| project | language | macro-made names | asked |', '|---|---|---:|---:|'];
  for (const spec of chosen) {
    if (spec.half !== 'tuning' && !o.unseen) continue;
    const loaded = await loadProject(spec, log);
    if (!loaded) continue;
    const all = spec.language === 'rust' ? rustCases(loaded) : cCases(loaded);
    const named = byName(all);
    const cases = new SeededRandom(`${o.seed}:${spec.name}`).shuffle(named).slice(0, o.perProject);
    counts.push(`| ${spec.name} | ${spec.language} | ${named.length} | ${cases.length} |`);
    if (o.dry) {
      for (const [c, ...more] of cases)
        log(
          `  ${c.family}  ${c.name}  ← ${c.macro}!  ${c.path}:${c.line} (${c.start}-${c.end})${more.length ? ` +${more.length}` : ''}`,
        );
      continue;
    }
    if (cases.length === 0) continue;
    const engine = await Engine.build(loaded.files, deps);
    log(`mined: ${spec.name} (${spec.language}) ${all.length} macro-made names, ${cases.length} asked`);
    for (const all of cases) {
      const c = all[0];
      const groups: Group[] = all.map((x) => ({ path: x.path, start: x.start, end: x.end, lines: [x.line] }));
      for (const [form, query] of [
        ['where', `where is ${c.name} defined`],
        ['bare', c.name],
      ] as const) {
        const response = await engine.search(query, { preset: 'default', limit: 10 });
        const items = response.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine }));
        outcomes.push({
          c,
          form,
          line: score(items, groups, 'line'),
          file: score(items, groups, 'file'),
          top: items.slice(0, 3).map((i) => `${i.path}:${i.startLine}-${i.endLine}`),
        });
      }
    }
  }
  if (o.dry) {
    process.stdout.write(`${counts.join('\n')}\n`);
    return;
  }
  const set = `${o.unseen ? 'unseen' : 'tuning'}${o.tag}`;
  const report = [
    `# Mined macro-made definitions (${set}, seed ${o.seed}, ${o.perProject} per project)`,
    '',
    ...counts,
    '',
    ...rows('family', outcomes, (x) => x.c.family),
    '',
    ...rows('question', outcomes, (x) => x.form),
  ].join('\n');
  process.stdout.write(`${report}\n`);
  const out = join(REPO_ROOT, '.cache', 'mined-macro-defs');
  await mkdir(out, { recursive: true });
  const l = mean(outcomes.map((x) => x.line));
  await writeFile(
    join(out, `summary-${set}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), seed: o.seed, perProject: o.perProject, n: outcomes.length, line: l, file: mean(outcomes.map((x) => x.file)) }, null, 1)}\n`,
  );
  await writeFile(
    join(out, `misses-${set}.json`),
    `${JSON.stringify(
      outcomes
        .filter((x) => x.line.hit1 === 0)
        .map((x) => ({ ...x.c, form: x.form, top: x.top, fileHit: x.file.hit1 })),
      null,
      1,
    )}\n`,
  );
  log(`mined: wrote .cache/mined-macro-defs/summary-${set}.json and misses-${set}.json`);
}

if (process.argv[1]?.endsWith('mined-macro-defs.ts')) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
