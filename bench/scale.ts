/**
 * Chromium at scale alone (bench/cost/scale.ts): runs it, stores its runs in
 * docs/bench/results.json beside the last full run's, and rewrites docs/bench/REPORT.md from it.
 *
 *   npx tsx bench/scale.ts                    # 10 MB (with and without the model), 50 MB, 100,000 files
 *   npx tsx bench/scale.ts --only 50,tree     # some of them (the others' last runs are kept)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './corpora';
import { ensureApp } from './cost/browser';
import { writeReport, type BenchResults } from './cost/report';
import { chromiumScale, scaleReportLines, type ScaleRun } from './cost/scale';

const i = process.argv.indexOf('--only');
const only = i === -1 ? ['10', '50', 'tree'] : process.argv[i + 1].split(',');
const log = (s: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${s}\n`);
ensureApp(process.argv.includes('--rebuild-app'), log);
const runs = await chromiumScale(only, log);
const file = join(REPO_ROOT, 'docs/bench/results.json');
const results = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
// Runs of corpora not measured this time are kept (with --only, the others stay as they were).
const key = (r: ScaleRun) => `${r.corpus}|${r.embedder}`;
const fresh = new Set(runs.map(key));
const kept = (results.chromiumScale ?? []).filter((r) => !fresh.has(key(r)));
results.chromiumScale = [...kept, ...runs];
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const command = `npx tsx bench/scale.ts${i === -1 ? '' : ` --only ${only.join(',')}`} (${when} UTC)`;
results.chromiumScaleCommand = kept.length && results.chromiumScaleCommand ? `${results.chromiumScaleCommand}; ${command}` : command;
writeFileSync(file, JSON.stringify(results, null, 1));
writeReport(results, join(REPO_ROOT, 'docs/bench'));
process.stdout.write(`${scaleReportLines(runs).join('\n')}\n`);
