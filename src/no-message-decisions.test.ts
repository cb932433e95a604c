/**
 * Behaviour is decided on typed codes (skip codes, error classes and codes), never on the
 * wording of a message: rewording a sentence must not change what the program does. This
 * check reads every production file and fails on a decision taken on message text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const PRODUCTION = ['src', 'workers', 'bin'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const NOT_PRODUCTION = /\.test\.|\.e2e\.|\.suite\.|\/fixtures\//;

/** Fields that carry sentences for people. */
const TEXT_FIELD = String.raw`\b(?:message|detail|skipped|strategyReason|notes?)`;
const DECISIONS: { what: string; pattern: RegExp }[] = [
  {
    what: 'a string method on a message',
    pattern: new RegExp(String.raw`${TEXT_FIELD}\??\.(?:startsWith|endsWith|includes|match|matchAll|search|indexOf)\(`),
  },
  {
    what: 'a regular expression tested on a message',
    pattern: new RegExp(String.raw`\/[^/\n]+\/[a-z]*\.test\([^)\n]*${TEXT_FIELD}\b`),
  },
  {
    what: 'a message compared with a literal',
    pattern: new RegExp(String.raw`(?<!typeof [\w.?]*)${TEXT_FIELD}\s*[!=]==?\s*['"\`]`),
  },
];

function productionFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((path) => !NOT_PRODUCTION.test(path));
}

/** Every line of `text` that decides on message wording, as "path:line: what". */
export function messageDecisions(path: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    for (const { what, pattern } of DECISIONS)
      if (pattern.test(line)) found.push(`${path}:${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

describe('no behaviour decided by message text', () => {
  it('recognises the forms it looks for', () => {
    expect(messageDecisions('a.ts', "if (r.skipped?.startsWith('not ready')) x();")).toHaveLength(1);
    expect(messageDecisions('a.ts', 'if (/stored here:/i.test(error.message)) return;')).toHaveLength(1);
    expect(messageDecisions('a.ts', "const abort = e.message === 'cancelled';")).toHaveLength(1);
    expect(messageDecisions('a.ts', "if (typeof body.detail === 'string') return body.detail;")).toEqual([]);
    expect(messageDecisions('a.ts', "if (run.skip === 'model-loading') x();")).toEqual([]);
  });

  it('finds none in src/, workers/ and bin/', () => {
    const found = PRODUCTION.flatMap(productionFiles).flatMap((path) =>
      messageDecisions(path, readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
