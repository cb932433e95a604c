/** A query too large for a question, through the compiled CLI: a message and exit code 2, never a crash (exit 3). */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../bin/fourfold.js');
const work = mkdtempSync(join(tmpdir(), 'fourfold-hostile-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('"who calls " + 100,000 characters exits 2 with the parser\'s message', async () => {
  const repo = join(work, 'repo');
  mkdirSync(repo);
  writeFileSync(join(repo, 'a.js'), 'export function render() { return enqueue(); }\nfunction enqueue() {}\n');
  const cache = join(work, 'cache');
  const outcome = await run(
    process.execPath,
    [BIN, 'search', '--repo', repo, '--embedder', 'none', `who calls ${'x'.repeat(100_000)}`],
    {
      env: { ...process.env, XDG_CACHE_HOME: cache },
    },
  ).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
  expect(outcome.stderr).toMatch(/^fourfold: The query is 100,010 characters long; Fourfold reads at most 10,000\./m);
  expect(outcome.code).toBe(2);
}, 60_000);
