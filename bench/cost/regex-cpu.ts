/**
 * What a regex question's line search costs in a loaded engine, as the warm server runs it: a
 * cached index opened as the CLI opens it, every file's text read once (the server keeps them),
 * then each pattern searched as a regex question does (up to MATCH_SCAN_LIMIT matches) `rounds` times per side, the sides alternated pattern by pattern
 * (the order swapped every round), CPU of the process per search. With `--before DIR` (another
 * checkout's source tree) its GrepSearcher runs on the same files and trigram index beside this
 * one's: the paired ratio now ÷ before per pattern, and a check that both give the same matches; then
 * the whole question (Engine.search) of each side's own engine, alternated the same way.
 *
 *   npx tsx bench/cost/regex-cpu.ts <folder> <cache dir> [--before DIR [--before-cache DIR]] [--rounds 30] [--pattern P]…
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { openRepository } from '../../src/node/repository';
import type { GrepResult, GrepSearcher } from '../../src/engine/text/grep';
import { MATCH_SCAN_LIMIT } from '../../src/engine/text/index';
import { median, pairedRatio, percentile } from './stats';

const PATTERNS = [
  'function\\s+\\w+Error',
  'visit[A-Z]\\w+',
  'export (default )?(class|function) \\w+',
  'throw new \\w+Error\\(',
  '^import .* from',
  'Unexpected token',
  '\\bTODO\\b',
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    before: { type: 'string' },
    'before-cache': { type: 'string' },
    rounds: { type: 'string', default: '30' },
    pattern: { type: 'string', multiple: true },
    'case-sensitive': { type: 'boolean', default: false },
  },
});
const [dir, cacheDir] = positionals;
if (!dir || !cacheDir) throw new Error('usage: regex-cpu.ts <folder> <cache dir> [--before DIR] [--rounds N]');
const rounds = Number(values.rounds);
const patterns = values.pattern ?? PATTERNS;
const caseSensitive = values['case-sensitive'];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const opened = await openRepository(dir, { embedder: 'none', cacheDir });
if (!opened.fromCache) throw new Error('no cached index: run fourfold index with the same --cache first');
interface Internals {
  byId: Map<number, { id: number; text: string }>;
  index: unknown;
}
const now = (opened.engine as unknown as { indexes: { text: { grepper: GrepSearcher } } }).indexes.text.grepper;
const internals = now as unknown as Internals;
// The warm server decodes a file's text once; here every text is read before timing.
const files = [...internals.byId.values()].map((f) => ({ id: f.id, text: f.text }));
const sides: { name: string; grep: GrepSearcher }[] = [{ name: 'now', grep: now }];
if (values.before) {
  const mod = (await import(join(resolve(values.before), 'src/engine/text/grep.ts'))) as {
    GrepSearcher: new (f: typeof files, index: unknown) => GrepSearcher;
  };
  sides.unshift({ name: 'before', grep: new mod.GrepSearcher(files, internals.index) });
}

interface Asker {
  search(query: string): Promise<unknown>;
}
const engines: { name: string; engine: Asker }[] = [{ name: 'now', engine: opened.engine }];
if (values.before) {
  const repo = (await import(join(resolve(values.before), 'src/node/repository.ts'))) as {
    openRepository: (d: string, o: { embedder: 'none'; cacheDir: string }) => Promise<{ engine: Asker }>;
  };
  // Its own cache when its SNAPSHOT_VERSION differs (else it would rebuild this side's cache as its own).
  const beforeCache = values['before-cache'] ?? cacheDir;
  engines.unshift({
    name: 'before',
    engine: (await repo.openRepository(dir, { embedder: 'none', cacheDir: beforeCache })).engine,
  });
}

const search = (g: GrepSearcher, p: string): GrepResult => g.searchRegex(p, { caseSensitive, limit: MATCH_SCAN_LIMIT });
const key = (r: GrepResult) =>
  r.matches.map((m) => `${m.fileId}:${m.line}:${m.column}:${m.length}:${m.lineText}`).join('\n');

console.log(
  `# regex-cpu, ${new Date().toISOString()}, ${files.length} files, load ${load()}, ${rounds} rounds per side`,
);
for (const p of patterns) for (const s of sides) search(s.grep, p); // first runs: line starts, re2js warm-up
const cpu = new Map<string, number[]>();
for (let round = 0; round < rounds; round++)
  for (const p of patterns) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const s of order) {
      const c0 = process.cpuUsage();
      search(s.grep, p);
      const c = process.cpuUsage(c0);
      const k = `${s.name} ${p}`;
      cpu.set(k, [...(cpu.get(k) ?? []), (c.user + c.system) / 1000]);
    }
  }
console.log(`load at the end ${load()}\n`);
console.log(
  `| pattern | matches | ${sides.map((s) => `${s.name} CPU ms min / p25 / median`).join(' | ')} |${sides.length > 1 ? ' now ÷ before (95 %) | same matches |' : ''}`,
);
console.log(`|---|---:|${sides.map(() => '---:').join('|')}|${sides.length > 1 ? '---:|---|' : ''}`);
for (const p of patterns) {
  const results = sides.map((s) => search(s.grep, p));
  const cells = sides.map((s) => {
    const v = cpu.get(`${s.name} ${p}`)!;
    return `${Math.min(...v).toFixed(1)} / ${percentile(v, 25).toFixed(1)} / ${median(v).toFixed(1)}`;
  });
  let tail = '';
  if (sides.length > 1) {
    const r = pairedRatio(cpu.get(`before ${p}`)!, cpu.get(`now ${p}`)!);
    const same = key(results[0]) === key(results[1]) && results[0].truncated === results[1].truncated;
    tail = ` ${r.median.toFixed(3)} (${r.low.toFixed(3)}–${r.high.toFixed(3)}) | ${same ? 'yes' : '**NO**'} |`;
  }
  console.log(
    `| \`/${p}/\` | ${results[0].matches.length}${results[0].truncated ? '+' : ''} | ${cells.join(' | ')} |${tail}`,
  );
}

// The whole question as the server answers it (`/pattern/` through Engine.search), sides alternated the same way.
const question = (p: string) => `/${p}/${caseSensitive ? ' case:yes' : ''}`;
for (const p of patterns) for (const e of engines) await e.engine.search(question(p));
const asked = new Map<string, number[]>();
for (let round = 0; round < rounds; round++)
  for (const p of patterns) {
    const order = round % 2 === 0 ? engines : [...engines].reverse();
    for (const e of order) {
      const c0 = process.cpuUsage();
      await e.engine.search(question(p));
      const c = process.cpuUsage(c0);
      const k = `${e.name} ${p}`;
      asked.set(k, [...(asked.get(k) ?? []), (c.user + c.system) / 1000]);
    }
  }
console.log(`\nThe whole question (Engine.search), load at the end ${load()}\n`);
console.log(
  `| question | ${engines.map((e) => `${e.name} CPU ms min / p25 / median`).join(' | ')} |${engines.length > 1 ? ' now ÷ before (95 %) |' : ''}`,
);
console.log(`|---|${engines.map(() => '---:').join('|')}|${engines.length > 1 ? '---:|' : ''}`);
for (const p of patterns) {
  const cells = engines.map((e) => {
    const v = asked.get(`${e.name} ${p}`)!;
    return `${Math.min(...v).toFixed(1)} / ${percentile(v, 25).toFixed(1)} / ${median(v).toFixed(1)}`;
  });
  let tail = '';
  if (engines.length > 1) {
    const r = pairedRatio(asked.get(`before ${p}`)!, asked.get(`now ${p}`)!);
    tail = ` ${r.median.toFixed(3)} (${r.low.toFixed(3)}–${r.high.toFixed(3)}) |`;
  }
  console.log(`| \`${question(p)}\` | ${cells.join(' | ')} |${tail}`);
}
