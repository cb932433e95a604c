/**
 * The semantic list fused at half its weight on code in a language the model has not learned
 * (ranking.ts unseenLanguageGate, learnedLanguage), with the real model, its shipped lexical
 * expansion (which names the model, counts its pairs and carries its held-out figures) and the
 * real parser: a Ruby repository is halved, the same code's Python twin is not, and a hosted
 * model's index never is; a trial model (the same files under another id) is gated by its own
 * table, never by the shipped one's.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoyageServer } from '../../test/support/voyage-test-server';
import { Engine, type EngineDeps } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { PHRASE_FACTORS, UNSEEN_LANGUAGE_SEMANTIC_FACTOR, WEIGHTS } from '../engine/ranking';
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import { EXPANSION_FILE, type ExpansionTable } from '../engine/text/expansion';
import { createNodeEmbedder, createNodeLocalEmbedder, NODE_MODELS_DIR } from './embedders';
import { nodeGrammars } from './grammars';
import { nodeLexicalExpansion } from './lexical-expansion';

const RUBY = {
  'lib/retry/backoff.rb': `module Retry
  class Backoff
    def initialize(base, cap)
      @base = base
      @cap = cap
    end

    def delay_for(attempt)
      [@cap, @base * (2**attempt)].min
    end
  end
end
`,
  'lib/retry/runner.rb': `module Retry
  class Runner
    def run(attempts)
      attempts.times do |i|
        return yield
      rescue IOError
        sleep(Backoff.new(0.1, 5).delay_for(i))
      end
    end
  end
end
`,
};

const PYTHON = {
  'retry/backoff.py': `class Backoff:
    def __init__(self, base, cap):
        self.base = base
        self.cap = cap

    def delay_for(self, attempt):
        return min(self.cap, self.base * 2 ** attempt)
`,
  'retry/runner.py': `import time
from .backoff import Backoff


class Runner:
    def run(self, attempts, fn):
        for i in range(attempts):
            try:
                return fn()
            except IOError:
                time.sleep(Backoff(0.1, 5).delay_for(i))
`,
};

const files = (m: Record<string, string>) => Object.entries(m).map(([path, text]) => ({ path, text }));
const QUESTION = 'how long to wait before the next retry attempt';
/** The same ask as typed into a search box: a phrase (asksAsPhrase), of five content words and of three. */
const PHRASE = 'exponential backoff delay per retry attempt';
const SHORT_PHRASE = 'retry backoff delay';

describe('the semantic list on code the bundled model has not learned', () => {
  let deps: EngineDeps;
  beforeAll(async () => {
    deps = {
      analyzer: await StructuralAnalyzer.create(nodeGrammars),
      embedder: await createNodeEmbedder('local'),
      lexicalExpansion: nodeLexicalExpansion(),
    };
  });

  it('is fused at half its weight on Ruby, says so, and the run carries the weight it was fused with', async () => {
    const engine = await Engine.build(files(RUBY), deps);
    const r = await engine.search(QUESTION);
    expect(r.query.intent).toBe('understand_code');
    const halved = WEIGHTS.understand_code.semantic * UNSEEN_LANGUAGE_SEMANTIC_FACTOR;
    expect(r.query.weights.semantic).toBe(halved);
    expect(r.query.modalities.find((m) => m.modality === 'semantic')!.weight).toBe(halved);
    expect(r.query.notes.some((n) => n.includes('ruby code') && n.includes(`weight ${halved}`))).toBe(true);
    // A question form is not a phrase: text and structural keep their weights.
    expect(r.query.weights.text).toBe(WEIGHTS.understand_code.text);
    expect(r.query.weights.structural).toBe(WEIGHTS.understand_code.structural);
  });

  it('on a phrase, also fuses the text list higher and the structural list lower, and the backoff still leads', async () => {
    const engine = await Engine.build(files(RUBY), deps);
    const r = await engine.search(PHRASE);
    const W = WEIGHTS.understand_code;
    const moved = { text: W.text * PHRASE_FACTORS.text!, structural: W.structural * PHRASE_FACTORS.structural! };
    expect(r.query.weights).toEqual({ ...W, semantic: W.semantic * UNSEEN_LANGUAGE_SEMANTIC_FACTOR, ...moved });
    expect(r.query.modalities.find((m) => m.modality === 'text')!.weight).toBe(moved.text);
    expect(r.query.notes.filter((n) => n.includes('a phrase asked of ruby code'))).toHaveLength(2);
    expect(r.results[0].path).toBe('lib/retry/backoff.rb');
    // The same phrase on the Python twin: every weight is the intent's; a short phrase moves text and structural there too.
    const python = await Engine.build(files(PYTHON), deps);
    expect((await python.search(PHRASE)).query.weights).toEqual(W);
    const short = await python.search(SHORT_PHRASE);
    expect(short.query.weights).toEqual({ ...W, ...moved });
    expect(short.query.notes.filter((n) => n.includes('a phrase of 3 words'))).toHaveLength(2);
  });

  it('keeps its weight on the same code in Python, which the model was trained on', async () => {
    const engine = await Engine.build(files(PYTHON), deps);
    const r = await engine.search(QUESTION);
    expect(r.query.weights.semantic).toBe(WEIGHTS.understand_code.semantic);
    expect(r.query.notes.some((n) => n.startsWith('The semantic list:'))).toBe(false);
  });

  it('keeps its weight when the index was built by a hosted model, which has no such table', async () => {
    const server = await startVoyageServer({ key: 'k', dims: 256 });
    try {
      const voyage = await createNodeEmbedder('voyage', { apiKey: 'k', baseUrl: server.url, dimensions: 256 });
      const engine = await Engine.build(files(RUBY), { ...deps, embedder: voyage });
      const r = await engine.search(QUESTION);
      expect(r.query.weights.semantic).toBe(WEIGHTS.understand_code.semantic);
    } finally {
      server.close();
    }
  });
});

describe("a trial model's language gate: read from its own table", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fourfold-trial-'));
  const shipped = JSON.parse(
    readFileSync(join(NODE_MODELS_DIR, DEFAULT_LOCAL_MODEL_ID, EXPANSION_FILE), 'utf8'),
  ) as ExpansionTable;
  /** The shipped model's files under the id `id`, with a table that names it and says what it learned of Ruby. */
  function trial(id: string, ruby: { pairs: number; semantic: number } | null): void {
    cpSync(join(NODE_MODELS_DIR, DEFAULT_LOCAL_MODEL_ID), join(dir, id), { recursive: true });
    const measured = shipped.measured!;
    const rubyMeasure = { ...measured.languages.python, semantic: ruby?.semantic ?? 0 };
    const table: ExpansionTable = {
      ...shipped,
      model: id,
      languages: { ...shipped.languages, ...(ruby ? { ruby: ruby.pairs } : {}) },
      measured: { ...measured, languages: { ...measured.languages, ...(ruby ? { ruby: rubyMeasure } : {}) } },
    };
    writeFileSync(join(dir, id, EXPANSION_FILE), JSON.stringify(table));
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("halves Ruby for a trial that did not learn it, not for one that shows it did, and never reads another model's table", async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const W = WEIGHTS.understand_code;
    const semanticWeight = async (id: string, ruby: { pairs: number; semantic: number } | null, own = true) => {
      trial(id, ruby);
      const embedder = await createNodeLocalEmbedder({ modelId: id, modelsDir: dir });
      const lexicalExpansion = own ? nodeLexicalExpansion(dir, id) : nodeLexicalExpansion();
      const engine = await Engine.build(files(RUBY), { analyzer, embedder, lexicalExpansion });
      return (await engine.search(QUESTION)).query.weights.semantic;
    };
    const halved = W.semantic * UNSEEN_LANGUAGE_SEMANTIC_FACTOR;
    expect(await semanticWeight('trial-unseen', null)).toBe(halved);
    // Trained on 11,717 Ruby pairs and measured above BM25 on its held-out ones: learned.
    expect(await semanticWeight('trial-learned', { pairs: 11717, semantic: 0.9 })).toBe(W.semantic);
    // Trained on as many, but measured below BM25: not learned.
    expect(await semanticWeight('trial-below', { pairs: 11717, semantic: 0.01 })).toBe(halved);
    // The shipped table names the shipped model, not this one: the gate does not read it.
    expect(await semanticWeight('trial-other', null, false)).toBe(W.semantic);
  });
});
