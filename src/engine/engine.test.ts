/**
 * The engine end to end on a real repository (Preact's sources, MIT, in e2e/fixtures):
 * real tree-sitter, real indexes, the real bundled embedding model.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSourceTree } from '../../e2e/fixture-files';
import { createNodeEmbedder } from '../node/embedders';
import { nodeGrammars } from '../node/grammars';
import type { SearchResponse, SourceFile } from './contract';
import { EarlyTextBuilder, Engine, queryMayEmbed, snapshotRecords, type EngineDeps, type TextIndexer } from './engine';
import { scoreFromExplanation } from './fuse';
import { WEIGHTS } from './ranking';
import { MemoryEmbeddingCache } from './semantic/index';
import { StructuralAnalyzer } from './structural/analyzer';
import { TextIndex, TextSnapshotBuilder } from './text/index';
import { corpusFromTexts } from './structural/corpus';

const ROOT = join(import.meta.dirname, '../../e2e/fixtures/preact');

let files: SourceFile[];
let deps: EngineDeps;
let engine: Engine;

beforeAll(async () => {
  files = readSourceTree(ROOT);
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  deps = { analyzer, embedder: await createNodeEmbedder('local'), embeddingCache: new MemoryEmbeddingCache() };
  engine = await Engine.build(files, deps);
});

function top(r: SearchResponse, n = 3): string[] {
  return r.results.slice(0, n).map((x) => `${x.path}${x.symbol ? `#${x.symbol}` : ''}`);
}

function expectHonestNumbers(r: SearchResponse): void {
  for (const result of r.results) {
    expect(scoreFromExplanation(result.explanation)).toBeCloseTo(result.score, 12);
    for (const [m, c] of Object.entries(result.explanation.modalities)) {
      expect(c!.weight).toBe(r.query.weights[m as keyof typeof r.query.weights]);
      expect(c!.k).toBe(r.query.k);
      expect(c!.contribution).toBeCloseTo(c!.weight / (c!.k + c!.rank + 1), 14);
      // The rank is the position in that modality's own list, as the teaching page shows it.
      const run = r.query.modalities.find((x) => x.modality === m)!;
      if (c!.rank < run.list.length) expect(run.list[c!.rank].chunkId).toBeDefined();
    }
  }
  for (let i = 1; i < r.results.length; i++) expect(r.results[i - 1].score).toBeGreaterThanOrEqual(r.results[i].score);
}

describe('Engine on a real repository', () => {
  it('indexes every file and reports statistics per modality', () => {
    const s = engine.stats;
    expect(s.files).toBe(files.length);
    expect(s.definitions).toBeGreaterThan(200);
    expect(s.resolvedImports).toBeGreaterThan(50);
    expect(s.parseFailures).toBe(0);
    expect(s.embedder).toBe('local:fourfold-code-search');
    for (const m of ['parse', 'text', 'structural', 'graph', 'semantic']) expect(s.buildMs[m]).toBeGreaterThan(0);
    for (const m of ['text', 'structural', 'graph', 'semantic']) expect(s.sizeBytes[m]).toBeGreaterThan(0);
  });

  it('find_definition: the definition first, explained', async () => {
    const r = await engine.search('where is createVNode defined');
    expect(r.query).toMatchObject({
      intent: 'find_definition',
      confidence: 0.8,
      rule: 'identifier',
      strategy: 'fused',
      preset: 'default',
      k: 40,
    });
    expect(r.query.weights).toEqual(WEIGHTS.find_definition);
    expect(top(r, 1)).toEqual(['src/create-element.js#createVNode']);
    expect(r.results[0].startLine).toBe(57);
    // default runs three modalities for definitions: semantic, text, structural.
    expect(r.query.modalities.filter((m) => m.ran).map((m) => m.modality)).toEqual(['semantic', 'text', 'structural']);
    expect(r.query.modalities.find((m) => m.modality === 'graph')!.skipped).toBe('not in the default preset');
    expectHonestNumbers(r);
  });

  it('the direct path answers a confident query from the dominant modality alone', async () => {
    const r = await engine.search('function hydrate');
    expect(r.query).toMatchObject({ intent: 'find_definition', confidence: 0.95, strategy: 'direct' });
    expect(r.query.modalities.filter((m) => m.ran).map((m) => m.modality)).toEqual(['structural']);
    expect(r.results[0]).toMatchObject({ path: 'src/render.js', symbol: 'hydrate' });
    expect(r.results.every((x) => x.explanation.boost === 1)).toBe(true);
    expectHonestNumbers(r);
  });

  it('find_references: the callers of a function', async () => {
    const r = await engine.search('who calls createVNode');
    expect(r.query.intent).toBe('find_references');
    const paths = r.results.slice(0, 6).map((x) => x.path);
    for (const caller of ['src/create-element.js', 'src/diff/children.js', 'src/clone-element.js'])
      expect(paths).toContain(caller);
    // Never fewer files than grep finds in code: where the graph links fewer, the answer fuses
    // with text and says why. compat/src/suspense.js names createVNode only in a comment.
    const grep = new Set(engine.grep('createVNode', { caseSensitive: true }).matches.map((m) => m.path));
    expect(grep.has('compat/src/suspense.js')).toBe(true);
    for (const path of grep)
      if (path !== 'compat/src/suspense.js') expect(r.results.map((x) => x.path)).toContain(path);
    expect(r.results.map((x) => x.path)).not.toContain('compat/src/suspense.js');
    if (r.query.strategy === 'fused')
      expect(r.query.fallback).toMatch(/^graph linked \d+ file\(s\), but "createVNode" occurs as a word in \d+ more/);
    else expect(r.results.every((x) => x.explanation.modalities.graph)).toBe(true);
    expectHonestNumbers(r);
  });

  it('impact_analysis: direct users first, then what imports them', async () => {
    const r = await engine.search('what depends on createVNode', { preset: 'thorough' });
    expect(r.query).toMatchObject({ intent: 'impact_analysis', strategy: 'fused', k: 40 });
    const paths = r.results.map((x) => x.path);
    expect(paths.slice(0, 5)).toContain('src/clone-element.js');
    expect(paths).toContain('src/index.js');
    expectHonestNumbers(r);
  });

  it('exact_match: a quoted literal, with no query embedding', async () => {
    const r = await engine.search('"Invalid type passed to createElement"');
    expect(r.query).toMatchObject({ intent: 'exact_match', strategy: 'direct' });
    expect(r.results[0].path).toBe('debug/src/debug.js');
    expect(r.query.modalities.find((m) => m.modality === 'semantic')!.ran).toBe(false);
    expectHonestNumbers(r);
  });

  it('understand_code: meaning, fused from three modalities', async () => {
    const r = await engine.search('how are hook effects scheduled after render');
    expect(r.query).toMatchObject({ intent: 'understand_code', strategy: 'fused' });
    expect(r.results.slice(0, 3).map((x) => x.path)).toContain('hooks/src/index.js');
    expectHonestNumbers(r);
  });

  it('find_similar from a result, and the user can pick the modalities', async () => {
    const def = (await engine.search('function useState')).results[0];
    const r = await engine.search('', { similarToChunk: def.chunkId });
    expect(r.query).toMatchObject({ intent: 'find_similar', rule: 'user-choice', strategy: 'fused' });
    expect(r.results.some((x) => x.chunkId === def.chunkId)).toBe(false);
    expect(r.results.slice(0, 5).map((x) => x.path)).toContain('hooks/src/index.js');
    const textOnly = await engine.search('createVNode', { modalities: ['text'] });
    expect(textOnly.query.modalities.filter((m) => m.ran).map((m) => m.modality)).toEqual(['text']);
    expect(textOnly.query.strategyReason).toMatch(/explicit modality set/);
  });

  it('quick runs semantic only; an experiment changes weights and k and says so', async () => {
    const q = await engine.search('render a virtual dom tree into a container', { preset: 'quick' });
    expect(q.query).toMatchObject({ strategy: 'direct', preset: 'quick' });
    expect(q.query.modalities.filter((m) => m.ran).map((m) => m.modality)).toEqual(['semantic']);
    expectHonestNumbers(q);
    const e = await engine.search('createVNode', { experiment: { weights: { text: 1 }, k: 5 } });
    expect(e.query.k).toBe(5);
    expect(e.query.weights.text).toBe(1);
    expect(e.query.notes.join(' ')).toMatch(/Experiment/);
    expectHonestNumbers(e);
  });

  it('empty and hostile queries answer without throwing', async () => {
    expect((await engine.search('')).results).toEqual([]);
    expect((await engine.search('?!')).query.rule).toBe('fallback');
    const long = await engine.search('how does diffing work '.repeat(100));
    expect(long.query.intent).toBe('understand_code');
    const html = await engine.search('"<script>alert(1)</script>"');
    expect(html.results).toEqual([]);
  });

  it('a snapshot survives structured clone and answers the same without re-parsing', async () => {
    const snapshot = structuredClone(engine.snapshot());
    let parsed = 0;
    const loaded = Engine.load(snapshot, {
      ...deps,
      analyzer: { analyze: (p, t) => (parsed++, deps.analyzer.analyze(p, t)) },
    });
    for (const q of ['where is createVNode defined', 'who calls diff', '"Invalid type passed to createElement"']) {
      const a = await engine.search(q);
      const b = await loaded.search(q);
      expect(b.results.map((x) => [x.path, x.startLine, x.score])).toEqual(
        a.results.map((x) => [x.path, x.startLine, x.score]),
      );
    }
    expect(parsed).toBe(0);
  });

  it('a loaded engine holds exactly the built files, analyses (lazy references included) and chunks, and stores them again unchanged', () => {
    const snapshot = structuredClone(engine.snapshot());
    const loaded = Engine.load(snapshot, deps);
    for (const f of files) {
      const built = engine.file(f.path)!;
      const back = loaded.file(f.path)!;
      expect(back.text).toBe(built.text);
      expect(back.chunks).toEqual(built.chunks);
      expect({ ...back.analysis }).toEqual({ ...built.analysis });
    }
    expect(snapshotRecords(snapshot).map((r) => r.analysis.references.length)).toEqual(
      files.map((f) => engine.file(f.path)!.analysis.references.length),
    );
    const again = loaded.snapshot();
    expect(again.texts).toEqual(snapshot.texts);
    expect(again.analyses).toEqual(snapshot.analyses);
    expect(again.chunks).toEqual(snapshot.chunks);
  });

  it('leaves a User Timing measure per build stage, load and query', async () => {
    for (const stage of ['parse', 'chunks', 'text', 'structural', 'graph', 'semantic']) {
      expect(performance.getEntriesByName(`fourfold:${stage}`, 'measure'), stage).toHaveLength(1);
    }
    Engine.load(structuredClone(engine.snapshot()), deps);
    expect(performance.getEntriesByName('fourfold:load', 'measure')).toHaveLength(1);
    const r = await engine.search('where is createVNode defined');
    const [query] = performance.getEntriesByName('fourfold:query', 'measure');
    expect(query.duration).toBe(r.query.elapsedMs);
  });

  it('a text index built elsewhere (a TextIndexer) gives the same index, and one that fails is built here instead', async () => {
    const built = (indexer: TextIndexer) => Engine.build(files, { ...deps, embedder: null }, { textIndexer: indexer });
    let builder: TextSnapshotBuilder | null = null;
    let finished = 0;
    const elsewhere = await built({
      begin: (given) => void (builder = new TextSnapshotBuilder(given.map((f) => f.text))),
      finish: async (chunks) => (finished++, builder!.finish(chunks)),
    });
    const failing = await built({ begin: () => {}, finish: () => Promise.reject(new Error('worker gone')) });
    expect(finished).toBe(1);
    const here = structuredClone(engine.snapshot().modalities.text);
    expect(elsewhere.snapshot().modalities.text).toStrictEqual(here);
    expect(failing.snapshot().modalities.text).toStrictEqual(here);
    for (const q of ['"Invalid type passed to createElement"', 'who calls diff', 'options hook vnode']) {
      const a = await engine.search(q, { modalities: ['text'] });
      expect((await elsewhere.search(q, { modalities: ['text'] })).results).toEqual(a.results);
    }
    expect(elsewhere.stats.buildMs.indexes).toBeGreaterThan(0);
  });

  it('re-indexing a changed repository touches only the changed files', async () => {
    const changed = files.map((f) =>
      f.path === 'src/render.js' ? { ...f, text: f.text + '\nexport function renderTwice() {}\n' } : f,
    );
    let parsed = 0;
    const cache = deps.embeddingCache!;
    const next = await Engine.build(
      changed,
      { ...deps, analyzer: { analyze: (p, t) => (parsed++, deps.analyzer.analyze(p, t)) }, embeddingCache: cache },
      { previous: engine.snapshot() },
    );
    expect(parsed).toBe(1);
    expect(next.stats.reusedFiles).toBe(files.length - 1);
    expect((await next.search('function renderTwice')).results[0]).toMatchObject({
      path: 'src/render.js',
      symbol: 'renderTwice',
    });
  });

  it('cancelling a build rejects and leaves no engine behind', async () => {
    const controller = new AbortController();
    let seen = 0;
    const slow = {
      analyze: async (p: string, t: string) => {
        if (++seen === 20) controller.abort();
        return deps.analyzer.analyze(p, t);
      },
    };
    await expect(Engine.build(files, { ...deps, analyzer: slow }, { signal: controller.signal })).rejects.toThrow(
      /cancel|abort/i,
    );
  });

  it('stores the same snapshot when its stored forms are computed while the embedding runs (stages searched meanwhile)', async () => {
    // With an embedder, everything but semantic is serialized (and the columns encoded) while the
    // vectors come; without one, all at the end. Both must store the same bytes.
    const searched: Promise<unknown>[] = [];
    const ahead = (
      await Engine.build(
        files,
        { ...deps, embeddingCache: new MemoryEmbeddingCache() },
        { onStage: (partial) => void searched.push(partial.search('how are children diffed')) },
      )
    ).snapshot();
    await Promise.all(searched);
    expect(ahead.modalities.semantic).not.toBeNull();
    const atEnd = (await Engine.build(files, { ...deps, embedder: null })).snapshot();
    expect(ahead.files).toEqual(atEnd.files);
    expect(Buffer.compare(ahead.texts.utf8, atEnd.texts.utf8)).toBe(0);
    expect(ahead.texts.ends).toEqual(atEnd.texts.ends);
    expect(ahead.analyses).toEqual(atEnd.analyses);
    expect(ahead.chunks).toEqual(atEnd.chunks);
    for (const m of ['text', 'structural', 'graph'] as const)
      expect(ahead.modalities[m], m).toEqual(atEnd.modalities[m]);
  });

  it('is searchable first and complete later: each stage answers from what is ready and says what is not', async () => {
    const stages: Engine[] = [];
    const answers: SearchResponse[] = [];
    const complete = await Engine.build(
      files,
      { ...deps, embeddingCache: new MemoryEmbeddingCache() },
      {
        onStage: (partial) => {
          stages.push(partial);
          // Asked while the build goes on, exactly as the tab asks its partial engine.
          void partial.search('how are children diffed').then((r) => answers.push(r));
        },
      },
    );
    expect(stages.map((e) => e.stage)).toEqual([
      { live: ['text'], pending: ['semantic', 'structural', 'graph'] },
      { live: ['text', 'structural'], pending: ['semantic', 'graph'] },
      { live: ['text', 'structural', 'graph'], pending: ['semantic'] },
    ]);
    expect(complete.stage).toEqual({ live: ['semantic', 'text', 'structural', 'graph'], pending: [] });
    await Promise.all(stages.map((e) => e.search('x')));

    // Text first: a literal and a regex answer before anything is parsed.
    const [early] = stages;
    const literal = await early.search('"diffChildren("');
    expect(literal.results.map((r) => r.path).sort()).toEqual(['src/diff/children.js', 'src/diff/index.js']);
    expect(literal.query.modalities.find((r) => r.modality === 'text')!.ran).toBe(true);
    expect((await early.search('/export function diff\\w+/')).results.map((r) => r.path)).toContain(
      'src/diff/children.js',
    );

    // A question that needs semantic and structural: they contributed nothing and the answer says "not ready".
    const first = answers[0];
    expect(first.query.notReady).toEqual(['semantic', 'structural', 'graph']);
    for (const m of ['semantic', 'structural'] as const)
      expect(first.query.modalities.find((r) => r.modality === m)).toMatchObject({
        ran: false,
        skipped: 'not ready yet (still indexing)',
        hits: 0,
      });
    expect(first.results.length).toBeGreaterThan(0);
    for (const r of first.results) {
      expect(Object.keys(r.explanation.modalities)).toEqual(['text']);
      expect(r.explanation).toMatchObject({ notReady: ['semantic', 'structural', 'graph'], centrality: 0, boost: 1 });
    }
    expect(first.query.notes.join(' ')).toMatch(/not ready yet/);
    expectHonestNumbers(first);

    // The stages after parsing share the final chunks: the same question gains structural, then the graph's boost.
    const parsed = answers[1];
    expect(parsed.query.notReady).toEqual(['semantic', 'graph']);
    expect(parsed.query.modalities.find((r) => r.modality === 'structural')!.ran).toBe(true);
    expectHonestNumbers(parsed);
    expect(answers[2].query.notReady).toEqual(['semantic']);
    expectHonestNumbers(answers[2]);

    // Complete: nothing pending, the same numbers as an engine built without stages.
    const done = await complete.search('how are children diffed');
    expect(done.query.notReady).toBeUndefined();
    expect(done.results.every((r) => r.explanation.notReady === undefined)).toBe(true);
    expect(done.results.map((r) => [r.path, r.score])).toEqual(
      (await engine.search('how are children diffed')).results.map((r) => [r.path, r.score]),
    );
    // Only a complete engine is stored.
    expect(() => stages[2].snapshot()).toThrow(/not stored/);
  });

  it('answers its first stage from the early text index built as the files arrived: the index it would build after the last file', async () => {
    const arriving = new EarlyTextBuilder();
    for (const f of files) arriving.add(f);
    const early = arriving.finish();
    const windows = corpusFromTexts(files);
    expect(early.corpus.chunks).toEqual(windows.chunks);
    expect(early.corpus.files.map((f) => [f.id, f.path, f.hash])).toEqual(
      windows.files.map((f) => [f.id, f.path, f.hash]),
    );
    expect(early.text.serialize()).toEqual(TextIndex.build(windows).serialize());

    const [built, given]: Engine[][] = [[], []];
    await Engine.build(files, { ...deps, embedder: null }, { onStage: (e) => built.push(e) });
    const complete = await Engine.build(files, { ...deps, embedder: null }, { onStage: (e) => given.push(e), early });
    // Taken, not built again.
    expect(Object.keys(complete.stats.buildMs)).not.toContain('early-text');
    expect(
      Object.keys((await Engine.build(files, { ...deps, embedder: null }, { onStage: () => {} })).stats.buildMs),
    ).toContain('early-text');
    for (const query of ['"diffChildren("', 'how are children diffed', '/export function diff\\w+/']) {
      const [a, b] = [await built[0].search(query), await given[0].search(query)];
      expect(b.results.map((r) => [r.path, r.startLine, r.score])).toEqual(
        a.results.map((r) => [r.path, r.startLine, r.score]),
      );
      expect(b.results.length).toBeGreaterThan(0);
    }
  });

  it('answers over the files read so far, says so in every answer and its stage, and the early text still finishes whole', async () => {
    const arriving = new EarlyTextBuilder();
    const half = Math.floor(files.length / 2);
    for (const f of files.slice(0, half)) arriving.add(f);
    const partial = Engine.whileReading(
      arriving.peek(),
      { ...deps, embedder: null },
      { searched: half, total: files.length },
    );
    // The partial index is the one a build over those files alone would give.
    expect(partial.stats.files).toBe(half);
    const first = corpusFromTexts(files.slice(0, half));
    const peeked = partial.search('"function"');
    expect(partial.stage).toEqual({
      live: ['text'],
      pending: ['semantic', 'structural', 'graph'],
      partialFiles: { searched: half, total: files.length },
    });
    const answer = await peeked;
    expect(answer.query.partialFiles).toEqual({ searched: half, total: files.length });
    expect(answer.query.notes[0]).toBe(
      `Searched ${half} of ${files.length} files so far: the rest are still being read, and this answer is asked again as they arrive.`,
    );
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.every((r) => first.fileByPath.has(r.path))).toBe(true);

    // Adding goes on after a peek: the finished early text is the whole folder's.
    for (const f of files.slice(half)) arriving.add(f);
    const early = arriving.finish();
    expect(early.text.serialize()).toEqual(TextIndex.build(corpusFromTexts(files)).serialize());
    // A build's own stages never say they are partial.
    const stages: Engine[] = [];
    await Engine.build(files, { ...deps, embedder: null }, { onStage: (e) => stages.push(e), early });
    expect(stages[0].stage.partialFiles).toBeUndefined();
    expect((await stages[0].search('"function"')).query.partialFiles).toBeUndefined();
  });

  it('a cancelled build hands out no further stage', async () => {
    const controller = new AbortController();
    const seen: string[][] = [];
    const run = Engine.build(
      files,
      { ...deps, embedder: null },
      {
        signal: controller.signal,
        onStage: (partial) => {
          seen.push(partial.stage.live);
          controller.abort();
        },
      },
    );
    await expect(run).rejects.toThrow(/cancel|abort/i);
    expect(seen).toEqual([['text']]);
  });

  it('streams progress per stage with rate and ETA', async () => {
    const stages = new Set<string>();
    const events: { done: number; total: number; rate: number }[] = [];
    await Engine.build(
      files.slice(0, 30),
      { ...deps, embedder: null },
      {
        onProgress: (p) => {
          stages.add(p.stage);
          if (p.stage === 'parse') events.push(p);
        },
      },
    );
    expect([...stages]).toEqual(expect.arrayContaining(['parse', 'text', 'graph']));
    expect(events.at(-1)).toMatchObject({ done: 30, total: 30 });
  });
});

describe('queryMayEmbed: the prediction that lets the CLI load the model beside the index', () => {
  it('agrees with whether search() embedded the query, for every intent, preset and an explicit modality set', async () => {
    const queries = [
      'where is createVNode defined',
      'function createVNode',
      'who calls createVNode',
      'what depends on src/util.js',
      '"Unexpected token"',
      'how are state updates batched and rerendered',
      'code similar to createElement',
      '/use[A-Z]\\w+/',
      'diff',
    ];
    const cases: {
      preset?: 'quick' | 'default' | 'thorough';
      modalities?: ('semantic' | 'text' | 'structural' | 'graph')[];
    }[] = [
      {},
      { preset: 'quick' },
      { preset: 'thorough' },
      { modalities: ['text', 'structural'] },
      { modalities: ['semantic', 'graph'] },
    ];
    let embedded = 0;
    for (const query of queries) {
      for (const options of cases) {
        const r = await engine.search(query, options);
        const ran = r.query.modalities.some((m) => m.modality === 'semantic' && m.ran);
        // A direct route that found nothing fuses after all: the prediction cannot know that.
        if (r.query.fallback) continue;
        expect({ query, options, predicted: queryMayEmbed(query, options.preset, options.modalities) }).toEqual({
          query,
          options,
          predicted: ran,
        });
        if (ran) embedded++;
      }
    }
    expect(embedded).toBeGreaterThan(10);
    expect(embedded).toBeLessThan(queries.length * cases.length);
  });
});
