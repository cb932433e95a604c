/**
 * "Similar to X in FILE" where FILE holds both Rust's `mod X;` (the line naming the module's own
 * file) and a function X: the function is X, and its siblings answer. Fixtures: Tower 0.4.13's
 * util/mod.rs (ServiceExt's combinators, abridged), util/map_err.rs and builder/mod.rs (MIT, licence in their
 * first line).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import type { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/tower-${name}.rs.txt`, import.meta.url), 'utf8');
const FILES: SourceFile[] = [
  { path: 'util/mod.rs', text: fixture('util-mod') },
  { path: 'util/map_err.rs', text: fixture('util-map_err') },
  { path: 'builder/mod.rs', text: fixture('builder-mod') },
];

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver(FILES);
});

describe('a module line beside a function of the same name', () => {
  it('“code similar to map_err in util/mod.rs”: X is ServiceExt::map_err, and another combinator comes first', async () => {
    const r = await engine.search('code similar to map_err in util/mod.rs', { limit: 5 });
    expect(r.query.intent).toBe('find_similar');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'map_err' });
    // The function (line 54 of the fixture), not `mod map_err;` (line 10), is the one taken first.
    expect(r.query.similarTo?.taken[0]).toMatchObject({ path: 'util/mod.rs', startLine: 54, kind: 'method' });
    const first = r.results[0];
    expect(first.path).toBe('util/mod.rs');
    expect(['and_then', 'map_response', 'map_request']).toContain(first.symbol);
  });
});
