/**
 * Chromium at scale: the 10 MB tier (with the bundled model, and without), the 50 MB tier and the
 * generated 100,000-file tree, each indexed in one tab of the built app — does the tab finish,
 * how soon does it answer, how much memory does it take, how much does it store.
 *
 *   npm run bench -- --scale                      # part of the full run
 *   npx tsx bench/cost/scale.ts                   # alone: 10 MB (with and without the model), 50 MB, 100,000 files
 *   npx tsx bench/cost/scale.ts --only 50,tree    # some of them (the others' last runs are kept)
 *   node --import tsx bench/cost/scale.ts --only 10 --dist /tmp/dist-x   # another build of the app
 *
 * Run alone, it stores its runs in docs/bench/results.json beside the last full run's and
 * rewrites docs/bench/REPORT.md from it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTiers, REPO_ROOT } from '../corpora';
import { ensureTree100k } from '../tree-100k';
import { browserRun, ensureApp, loadAverage, type BrowserRun } from './browser';
import type { BenchResults } from './report';
import type { BenchQuery } from './queries';

export interface ScaleRun {
  corpus: string;
  files: number;
  bytes: number;
  embedder: 'local' | 'blocked';
  /** /proc/loadavg before and after the run (2 shared cores: read the figures with it). */
  loadBefore: string;
  loadAfter: string;
  run: BrowserRun | null;
  /** Why the run did not finish (a crash, a stall, a failure message), or null. */
  failure: string | null;
}

const MB = 1e6;

/** Names defined in the corpus (the first exported functions found), so every query has an answer. */
function queriesFor(dir: string): BenchQuery[] {
  const names: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (names.length >= 3) return;
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(ts|js|mjs|cjs)$/.test(e.name)) {
        const m = /export (?:async )?function (\w{6,})/.exec(readFileSync(full, 'utf8'));
        if (m && !names.includes(m[1])) names.push(m[1]);
      }
    }
  };
  walk(dir);
  const [a, b = a, c = a] = names;
  return [
    { intent: 'exact_match', query: `${a}(`, literal: `${a}(` },
    { intent: 'find_definition', query: `where is ${b} defined`, literal: b },
    { intent: 'find_references', query: `who calls ${c}`, literal: c },
    { intent: 'understand_code', query: `how does ${a} work` },
  ];
}

export async function chromiumScale(only: string[], log: (s: string) => void, dist?: string): Promise<ScaleRun[]> {
  const targets: { corpus: string; dir: string; files: number; bytes: number; embedder: 'local' | 'blocked' }[] = [];
  const sizes = only.filter((o) => /^\d+$/.test(o)).map(Number);
  for (const t of sizes.length ? await ensureTiers(sizes, log) : []) {
    if (t.sizeMb <= 10)
      targets.push({ corpus: `${t.sizeMb} MB tier`, dir: t.dir, files: t.files, bytes: t.bytes, embedder: 'local' });
    targets.push({ corpus: `${t.sizeMb} MB tier`, dir: t.dir, files: t.files, bytes: t.bytes, embedder: 'blocked' });
  }
  if (only.includes('tree')) {
    const tree = await ensureTree100k(log);
    targets.push({
      corpus: '100,000-file tree',
      dir: tree.dir,
      files: tree.files,
      bytes: tree.bytes,
      embedder: 'blocked',
    });
  }
  const runs: ScaleRun[] = [];
  for (const t of targets) {
    const tag = `${t.corpus}${t.embedder === 'local' ? ', bundled model' : ''}`;
    const loadBefore = loadAverage();
    log(
      `Chromium at scale: ${tag} (${t.files.toLocaleString('en-US')} files, ${(t.bytes / MB).toFixed(1)} MB; load ${loadBefore})`,
    );
    let run: BrowserRun | null = null;
    let failure: string | null = null;
    try {
      run = await browserRun(t.dir, queriesFor(t.dir), {
        embedder: t.embedder,
        reloads: 3,
        log: (s) => log(`  ${s}`),
        dist,
      });
    } catch (error) {
      // One line, no terminal colours: it goes into a table cell.
      // eslint-disable-next-line no-control-regex -- ESC is the point: this strips the SGR colour sequences.
      failure = (error instanceof Error ? error.message : String(error)).replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0];
      log(`  did not finish: ${failure}`);
    }
    runs.push({
      corpus: t.corpus,
      files: t.files,
      bytes: t.bytes,
      embedder: t.embedder,
      loadBefore,
      loadAfter: loadAverage(),
      run,
      failure,
    });
  }
  return runs;
}

const s1 = (ms: number | null | undefined) =>
  ms === null || ms === undefined || !Number.isFinite(ms) ? '–' : `${(ms / 1000).toFixed(1)} s`;
const mb0 = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${Math.round(v)} MB`;
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The report's section for these runs. */
export function scaleReportLines(runs: readonly ScaleRun[]): string[] {
  if (runs.length === 0) return [];
  const out: string[] = ['## Chromium at scale (one tab)', ''];
  out.push(
    "Each corpus indexed in one tab of the built app, served cross-origin isolated (COOP/COEP) as `npm start` serves it. Times are the app's own marks and measures, on the page's clock from the moment the folder is chosen (the input's change event; handing the files over is the \"picker\" column): **first answer** = the first answer from the new repository on screen (a query is typed at once; the app answers from each stage as it becomes searchable), **live** = the `fourfold:live:<modalities>` marks, **ready** = the end of `fourfold:store` (every index stored). Memory: the peak resident size of the tab's renderer process (the page and all its workers: parse pool, index, embedding) sampled every 250 ms, and the peak of `performance.measureUserAgentSpecificMemory()` (JavaScript and DOM only). Stored = IndexedDB usage after − before (`usageDetails.indexedDB`), ÷ the bytes indexed. \"Model blocked\" runs abort the model's requests, so they build text + structural + graph only.",
  );
  out.push('');
  out.push(
    '| corpus | files indexed | MB | model | picker | first answer | text live | graph live | ready (all indexes) | MB/s to ready | reload → 1st answer | peak tab memory (renderer RSS) | peak measured JS+DOM | stored / source | load average (before → after) |',
  );
  out.push('|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of runs) {
    const b = r.run;
    const live = (want: RegExp) => {
      const hit = b
        ? Object.entries(b.liveMs)
            .filter(([k]) => want.test(k))
            .map(([, v]) => v)
        : [];
      return hit.length ? Math.min(...hit) : null;
    };
    out.push(
      `| ${r.corpus} | ${b?.files?.toLocaleString('en-US') ?? (r.failure ? 'did not finish' : '–')} | ${(r.bytes / MB).toFixed(1)} | ${r.embedder === 'local' ? 'bundled' : 'blocked'} | ${s1(b?.pickerMs)} | ${s1(b?.firstAnswerMs)} | ${s1(live(/text/))} | ${s1(live(/graph/))} | ${b ? s1(b.readyMs) : `**${r.failure}**`} | ${b ? (r.bytes / MB / (b.readyMs / 1000)).toFixed(2) : '–'} | ${b ? `${Math.round(median(b.reloadToFirstResultMs))} ms` : '–'} | ${mb0(b?.memory.peakRendererMb)} | ${mb0(b?.memory.peakMeasuredMb)} | ${b ? `${(b.storedBytes / (b.indexedBytes ?? r.bytes)).toFixed(2)}×` : '–'} | ${r.loadBefore.split(' ')[0]} → ${r.loadAfter.split(' ')[0]} |`,
    );
  }
  out.push('');
  const stages = runs.filter((r) => r.run);
  if (stages.length) {
    out.push(
      "Build stages (the index worker's `fourfold:*` measures: seconds from choosing the folder to the end of each):",
    );
    out.push('');
    const names = ['read', 'parse', 'chunks', 'text', 'structural', 'graph', 'semantic', 'store'];
    out.push(`| corpus | model | ${names.join(' | ')} |`);
    out.push(`|---|---|${names.map(() => '---:').join('|')}|`);
    for (const r of stages) {
      const m = r.run!.measures;
      out.push(
        `| ${r.corpus} | ${r.embedder === 'local' ? 'bundled' : 'blocked'} | ${names.map((n) => (m[n] ? s1(m[n].startMs + m[n].durationMs) : '–')).join(' | ')} |`,
      );
    }
    out.push('');
    const reloads = stages.filter((r) => r.run!.reloadStoredReadMs?.length);
    if (reloads.length) {
      out.push(
        "Reload → first answer, where it goes (medians over the reloads; the index worker's measures): start-up = navigation start → the worker begins reading the stored index; read = `fourfold:stored-read` (IndexedDB); load = `fourfold:load` (an engine from it); query = the first answer's `fourfold:query`.",
      );
      out.push('');
      out.push('| corpus | model | reload → 1st answer | start-up | read | load | query |');
      out.push('|---|---|---:|---:|---:|---:|---:|');
      for (const r of reloads) {
        const b = r.run!;
        const ms = (v: number[] | undefined) => (v && v.length ? `${Math.round(median(v))} ms` : '–');
        out.push(
          `| ${r.corpus} | ${r.embedder === 'local' ? 'bundled' : 'blocked'} | ${ms(b.reloadToFirstResultMs)} | ${ms(b.reloadStoredReadStartMs)} | ${ms(b.reloadStoredReadMs)} | ${ms(b.reloadLoadMs)} | ${ms(b.reloadQueryMs)} |`,
        );
      }
      out.push('');
      const timed = reloads.filter((r) => r.run!.reloadTimeline?.length);
      if (timed.length) {
        out.push(
          "Reload timeline (medians, ms after navigation start, from the app's marks): the page's first script (`boot.ts`) runs, the index worker's script runs, the stored index is read, loaded, the question in the address answered in the worker (`fourfold:answer-ahead`), the answer reaches the page, the answer is on screen.",
        );
        out.push('');
        const steps: [string, string][] = [
          ['pageStart', 'page script'],
          ['workerStart', 'worker script'],
          ['readDone', 'read'],
          ['loadDone', 'loaded'],
          ['answerReady', 'answered in worker'],
          ['answerReceived', 'answer in page'],
          ['onScreen', 'on screen'],
        ];
        out.push(`| corpus | model | ${steps.map(([, label]) => label).join(' | ')} |`);
        out.push(`|---|---|${steps.map(() => '---:').join('|')}|`);
        for (const r of timed) {
          const rows = r.run!.reloadTimeline!;
          const cell = (key: string) => {
            const v = rows.map((row) => row[key]).filter((x) => Number.isFinite(x));
            return v.length ? `${Math.round(median(v))}` : '–';
          };
          out.push(
            `| ${r.corpus} | ${r.embedder === 'local' ? 'bundled' : 'blocked'} | ${steps.map(([key]) => cell(key)).join(' | ')} |`,
          );
        }
        out.push('');
      }
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) void runAlone();

async function runAlone(): Promise<void> {
  // report.ts imports this module: it is imported once this module has been evaluated. A top-level
  // await of it here waited for itself (report.ts waits for this module's evaluation), and Node
  // exited with code 13 before printing anything.
  const { writeReport } = await import('./report');
  const i = process.argv.indexOf('--only');
  const only = i === -1 ? ['10', '50', 'tree'] : process.argv[i + 1].split(',');
  const log = (s: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${s}\n`);
  const d = process.argv.indexOf('--dist');
  const dist = d === -1 ? undefined : process.argv[d + 1];
  if (!dist) ensureApp(process.argv.includes('--rebuild-app'), log);
  const runs = await chromiumScale(only, log, dist);
  const file = join(REPO_ROOT, 'docs/bench/results.json');
  const results = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  // Runs of corpora not measured this time are kept (with --only, the others stay as they were).
  const key = (r: ScaleRun) => `${r.corpus}|${r.embedder}`;
  const fresh = new Set(runs.map(key));
  const kept = (results.chromiumScale ?? []).filter((r) => !fresh.has(key(r)));
  results.chromiumScale = [...kept, ...runs];
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const command = `npx tsx bench/cost/scale.ts${i === -1 ? '' : ` --only ${only.join(',')}`} (${when} UTC)`;
  results.chromiumScaleCommand =
    kept.length && results.chromiumScaleCommand ? `${results.chromiumScaleCommand}; ${command}` : command;
  writeFileSync(file, JSON.stringify(results, null, 1));
  writeReport(results, join(REPO_ROOT, 'docs/bench'));
  process.stdout.write(`${scaleReportLines(runs).join('\n')}\n`);
}
