/**
 * A build process runs with V8's optimizing compiler set for it (build-jit.ts): the whole
 * `fourfold index`, its parse workers included, optimizes without inlining.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../bin/fourfold.js');
/** 54 files: enough for the parse workers (PARSE_POOL_MIN_FILES) and for V8 to optimize hot functions. */
const FIXTURE = join(import.meta.dirname, '../../e2e/fixtures/preact');

describe('the V8 flags of a build (build-jit.ts)', () => {
  it('hold for a whole `fourfold index`: functions are optimized, none with a call inlined', async () => {
    // --trace-opt prints each optimization, --trace-turbo-inlining each call inlined, from every thread.
    const { stdout } = await run(
      process.execPath,
      [
        '--trace-opt',
        '--trace-turbo-inlining',
        BIN,
        'index',
        '--repo',
        FIXTURE,
        '--embedder',
        'none',
        '--no-cache',
        '--quiet',
      ],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FOURFOLD_NO_SERVER: '1' } },
    );
    const lines = stdout.split('\n');
    const optimized = lines.filter((l) => l.startsWith('[completed optimizing'));
    expect(optimized.length).toBeGreaterThan(20);
    // Before build-jit.ts the same build printed about 240 of these.
    expect(lines.filter((l) => l.startsWith('Inlining '))).toEqual([]);
    // The index was built all the same. The summary is one write of about 1.4 kB, which a pipe
    // keeps whole (under PIPE_BUF), but the workers' trace output comes in pieces, not lines: the
    // summary's opening brace can follow half a trace line. So it is read from its brace to the
    // first brace that closes a line at column 0, wherever it starts.
    const start = stdout.lastIndexOf('{\n  "summary"');
    const summary = JSON.parse(stdout.slice(start, stdout.indexOf('\n}', start) + 2)) as {
      summary: { files: number };
    };
    expect(summary.summary.files).toBe(54);
  }, 120_000);
});
