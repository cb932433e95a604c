/**
 * Definitions made by a macro of another file (corpus-macros.ts), on rustls 0.20.8's shape:
 * msgs/macros.rs's `enum_builder!` makes the protocol enums of msgs/enums.rs.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { planQuery } from '../classify';
import type { FileAnalysis } from '../contract';
import { Engine } from '../engine';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { buildCorpus } from './corpus';
import { CorpusMacros } from './corpus-macros';
import { StructuralIndex } from './index';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const macros = { path: 'msgs/macros.rs', text: fixture('rustls-macros.rs.txt') };
const enums = { path: 'msgs/enums.rs', text: fixture('rustls-enums.rs.txt') };

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const madeIn = (a: FileAnalysis) =>
  a.definitions
    .filter((d) => d.macro)
    .map(({ name, kind, nameLine, startLine, endLine, macro }) => ({
      name,
      kind,
      nameLine,
      startLine,
      endLine,
      macro,
    }));

describe('macros of one file invoked in another', () => {
  it('an enum `enum_builder!` makes in msgs/enums.rs is defined there, at the line that names it', async () => {
    const alone = await analyzer.analyzeAsync(enums.path, enums.text);
    // The file alone does not know the macro: nothing is made.
    expect(madeIn(alone)).toEqual([]);
    const corpus = buildCorpus([macros, enums], analyzer);
    expect(madeIn(corpus.files[1].analysis)).toEqual([
      { name: 'HashAlgorithm', kind: 'enum', nameLine: 10, startLine: 5, endLine: 20, macro: 'enum_builder' },
      { name: 'SignatureAlgorithm', kind: 'enum', nameLine: 27, startLine: 22, endLine: 36, macro: 'enum_builder' },
    ]);
    // The macro's own file makes nothing from its `$enum_name`.
    expect(madeIn(corpus.files[0].analysis)).toEqual([]);
  });

  it('"where is HashAlgorithm defined" answers the invocation, and says which macro made it', () => {
    const corpus = buildCorpus([macros, enums], analyzer);
    const index = StructuralIndex.build(corpus);
    const [hit] = index.lookup('HashAlgorithm');
    expect(hit).toMatchObject({ path: 'msgs/enums.rs', definition: { name: 'HashAlgorithm', nameLine: 10 } });
    const [first] = index.search(planQuery('where is HashAlgorithm defined'), 5);
    expect(corpus.chunks[first.chunkId]).toMatchObject({ path: 'msgs/enums.rs' });
    expect(first.reason).toContain('made by enum_builder! at line 5');
  });

  it('a built engine answers the made enum first, and the did-you-mean offers it for a misspelling', async () => {
    const engine = await Engine.build([macros, enums], { analyzer, embedder: null });
    const r = await engine.search('where is HashAlgorithm defined');
    expect(r.results[0]).toMatchObject({ path: 'msgs/enums.rs', startLine: 5, endLine: 20 });
    const typo = await engine.search('where is HashAlgoritm defined');
    expect(typo.query.absent?.suggestions[0]).toBe('HashAlgorithm');
  });

  it('a stored analysis is completed again: what a changed macro no longer makes is dropped, what it makes now is added', async () => {
    const stored = buildCorpus([macros, enums], analyzer).files[1].analysis;
    // msgs/macros.rs changed: the macro now takes `Name:` where it took `EnumName:`.
    const changed = { ...macros, text: macros.text.replaceAll('EnumName:', 'Name:') };
    const now = CorpusMacros.of([changed, enums])!.complete(enums.path, enums.text, stored);
    expect(madeIn(now)).toEqual([]);
    const renamed = { ...enums, text: enums.text.replaceAll('EnumName:', 'Name:') };
    const again = CorpusMacros.of([changed, renamed])!.complete(renamed.path, renamed.text, now);
    expect(madeIn(again).map((d) => d.name)).toEqual(['HashAlgorithm', 'SignatureAlgorithm']);
    // The file's other definitions are kept as they were.
    expect(again.definitions.length - madeIn(again).length).toBe(stored.definitions.length - madeIn(stored).length);
  });
});
