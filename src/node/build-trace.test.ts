/**
 * FOURFOLD_TRACE: a whole `fourfold index` process marks its timeline (bench/cost/build-trace.ts
 * reads it), and the parse workers are started before the walk.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARSE_POOL_MIN_FILES } from './repository';

const BIN = fileURLToPath(new URL('../../bin/fourfold.js', import.meta.url));

interface Mark {
  thread: string;
  name: string;
  t: number;
  cpu: number;
  threads?: Record<string, number>;
  [figure: string]: unknown;
}

describe('FOURFOLD_TRACE', () => {
  let dir: string;
  let repo: string;
  const files = PARSE_POOL_MIN_FILES + 4;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fourfold-trace-'));
    repo = join(dir, 'repo');
    for (let i = 0; i < files; i++) {
      mkdirSync(join(repo, `pkg${i % 4}`), { recursive: true });
      writeFileSync(
        join(repo, `pkg${i % 4}`, `mod${i}.js`),
        `import { helper${(i + 1) % files} } from './mod${(i + 1) % files}.js';\nexport function helper${i}(x) {\n  return helper${(i + 1) % files}(x) + ${i};\n}\n`,
      );
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const index = (env: NodeJS.ProcessEnv, cache: string) =>
    spawnSync(process.execPath, [BIN, 'index', '--repo', repo, '--embedder', 'none', '--quiet', '--cache', cache], {
      encoding: 'utf8',
      env: { ...process.env, FOURFOLD_NO_SERVER: '1', ...env },
      timeout: 240_000,
    });

  it("marks every stage of the main thread in order, with every thread's CPU; the workers start before the walk and say what they did", () => {
    const trace = join(dir, 'trace.jsonl');
    const run = index({ FOURFOLD_TRACE: trace }, join(dir, 'cache-traced'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const marks = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Mark);
    const at = (name: string) => {
      const m = marks.find((x) => x.thread === 'main' && x.name === name);
      expect(m, name).toBeDefined();
      return m!.t;
    };
    const order = [
      'process:origin',
      'cli:main',
      'cli-run:loaded',
      'modules:loaded',
      'walk:start',
      'walk:end',
      'read:start',
      'read:end',
      'engine-build:start',
      'engine:parsed',
      'engine-build:end',
      'store:start',
      'snapshot-file:encode:end',
      'snapshot-file:written',
      'summary:printed',
      'process:exit',
    ];
    const times = order.map(at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The engine's own stages come as its measures.
    expect(marks.some((m) => m.name === 'engine parse' && typeof m.ms === 'number')).toBe(true);
    // The main thread's marks carry each thread's CPU, its own among them.
    const exit = marks.find((m) => m.name === 'process:exit')!;
    expect(exit.threads![String(exit.pid)]).toBeGreaterThanOrEqual(0);
    expect(exit.processCpu).toBeGreaterThan(0);
    if (availableParallelism() < 2) return; // one core: no pool
    // The workers are spawned before the engine's modules load and the folder is walked.
    expect(at('pool:started')).toBeLessThan(at('modules:loaded'));
    expect(at('pool:started')).toBeLessThan(at('walk:start'));
    const workers = [...new Set(marks.filter((m) => m.thread !== 'main').map((m) => m.thread))];
    expect(workers.length).toBe(Math.min(8, availableParallelism()));
    let analysed = 0;
    for (const w of workers) {
      const own = marks.filter((m) => m.thread === w);
      expect(own[0].name).toBe('worker:entry');
      expect(own[0].tid).toBeGreaterThan(0);
      // A worker writes its figures when it runs out of work: one that was sent no request writes none.
      const idle = own.filter((m) => m.name === 'worker:idle').pop();
      analysed += (idle?.['analyze n'] as number | undefined) ?? 0;
    }
    // Every file parsed once, on one worker or the other.
    expect(analysed).toBe(files);
  }, 300_000);
});
