import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../engine/contract';
import { languageShares } from '../engine/structural/language-homes';
import { HOME_BACKLOG, ParsePool } from './parse-pool';
import type { ParseWorkerApi } from './protocol';

/** Workers served in-process over message ports: each records the paths it was asked to parse and answers when released. */
function inProcessWorkers() {
  const parsed: string[][] = [];
  const release: (() => void)[] = [];
  const ports: MessageChannel[] = [];
  const createWorker = (): Worker => {
    const index = parsed.length;
    parsed.push([]);
    const channel = new MessageChannel();
    ports.push(channel);
    const api: ParseWorkerApi = {
      analyze: (path) =>
        new Promise<FileAnalysis>((resolve) => {
          parsed[index].push(path);
          release.push(() =>
            resolve({
              path,
              language: null,
              parsed: false,
              lineCount: 1,
              definitions: [],
              references: [],
              imports: [],
            }),
          );
        }),
    };
    Comlink.expose(api, channel.port2 as unknown as Comlink.Endpoint);
    return Object.assign(channel.port1, { terminate: () => channel.port1.close() }) as unknown as Worker;
  };
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const releaseAll = (): void => {
    for (const done of release.splice(0)) done();
  };
  const close = (): void => {
    for (const channel of ports) channel.port2.close();
  };
  return { parsed, createWorker, settle, releaseAll, close };
}

// The shape of an npm package tree: JavaScript with its TypeScript declarations beside it.
const PACKAGE = [
  'package.json',
  'README.md',
  'lib/index.js',
  'lib/parse.js',
  'lib/stringify.js',
  'lib/utils.js',
  'lib/formats.js',
  'dist/qs.js',
  'test/parse.js',
  'test/stringify.js',
  'index.d.ts',
];

let workers: ReturnType<typeof inProcessWorkers>;
afterEach(() => workers?.close());

describe('the tab’s ParsePool: a minority language parsed by its home worker', () => {
  it('shares by files when the listing has paths only, by bytes when every size is known', () => {
    expect([...languageShares(PACKAGE.map((path) => ({ path })))]).toEqual([
      ['javascript', 8],
      ['typescript', 1],
    ]);
    const sized = [
      { path: 'lib/index.js', size: 900 },
      { path: 'index.d.ts', size: 4000 },
      { path: 'README.md', size: 50_000 },
    ];
    expect([...languageShares(sized)]).toEqual([
      ['javascript', 900],
      ['typescript', 4000],
    ]);
  });

  it('sends every TypeScript file to its home and the JavaScript to the least loaded worker', async () => {
    workers = inProcessWorkers();
    const pool = new ParsePool(workers.createWorker, 2);
    pool.planLanguages(PACKAGE.map((path) => ({ path })));
    expect([...pool.languageHomes]).toEqual([['typescript', 1]]);
    const code = PACKAGE.filter((path) => /\.(js|ts)$/.test(path));
    // One analysis at a time, as while a folder is still read on two cores.
    for (const path of code) {
      const answer = pool.analyze(path, '');
      await workers.settle();
      workers.releaseAll();
      expect((await answer).path).toBe(path);
    }
    expect(workers.parsed[1]).toEqual(['index.d.ts']);
    expect(workers.parsed[0]).toEqual(code.filter((path) => path.endsWith('.js')));
    pool.terminate();
  });

  it('gives a homed file to another worker once its home is HOME_BACKLOG analyses behind', async () => {
    workers = inProcessWorkers();
    const pool = new ParsePool(workers.createWorker, 2);
    pool.planLanguages(PACKAGE.map((path) => ({ path })));
    // A run of declarations, all in flight at once (the read is over, the parse widened).
    const declarations = Array.from({ length: HOME_BACKLOG + 3 }, (_, i) => `types/part${i}.d.ts`);
    const answers = declarations.map((path) => pool.analyze(path, ''));
    await workers.settle();
    // The home takes HOME_BACKLOG + 1 while the other is idle, then the other one, then the home
    // is within HOME_BACKLOG again.
    expect(workers.parsed[0]).toEqual([declarations[HOME_BACKLOG + 1]]);
    expect(workers.parsed[1]).toHaveLength(HOME_BACKLOG + 2);
    workers.releaseAll();
    expect((await Promise.all(answers)).map((a) => a.path)).toEqual(declarations);
    pool.terminate();
  });

  it('without a plan, every worker takes any language (least loaded first)', async () => {
    workers = inProcessWorkers();
    const pool = new ParsePool(workers.createWorker, 2);
    const answers = ['index.d.ts', 'types/more.d.ts', 'lib/index.js'].map((path) => pool.analyze(path, ''));
    await workers.settle();
    expect(workers.parsed).toEqual([['index.d.ts', 'lib/index.js'], ['types/more.d.ts']]);
    workers.releaseAll();
    await Promise.all(answers);
    pool.terminate();
  });
});
