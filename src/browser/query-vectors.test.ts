/**
 * The vectors of questions asked before: after a reload a question whose vector was kept has
 * semantic before the model is up, with the very vector the model made; any other question
 * waits for the model as before.
 */
import { describe, expect, it } from 'vitest';
import { packSigns } from '../engine/semantic/binary';
import type { Embedder } from '../engine/semantic/embedder';
import { ModelLifecycle, type LoadedEmbedder } from './model-lifecycle';
import {
  knownQueriesFirst,
  QUERY_VECTORS_KEPT,
  QueryVectors,
  recordingQueryVectors,
  type StoredQueryVectors,
} from './query-vectors';
import { Settings, SETTING, type SettingsPersistence } from './settings';

/** A model whose query vector is the text's character codes, less 100 (signs vary by letter). */
const vectorOf = (text: string) =>
  Float32Array.from([...text.padEnd(4, 'a').slice(0, 4)], (c) => c.charCodeAt(0) - 100);

function model(): LoadedEmbedder & { asked: string[] } {
  const asked: string[] = [];
  return {
    id: 'local:m',
    dimensions: 4,
    runtime: 'static',
    asked,
    embed: async (texts) => texts.map((t) => (asked.push(t), packSigns(vectorOf(t)))),
    embedQueryFloat: async (text) => (asked.push(text), vectorOf(text)),
  };
}

describe('question vectors kept across a reload', () => {
  it('a kept question is ready while the model starts, with the vector the model made; another waits', async () => {
    let saved: StoredQueryVectors | undefined;
    const before = new QueryVectors(undefined, async (s) => void (saved = s));
    const loaded = recordingQueryVectors(model(), before);
    const made = await loaded.embedQueryFloat!('retry');
    // The reload: a new table from what was stored, a model that has not started.
    const after = new QueryVectors(saved, async () => {});
    const starting = model();
    let up = false;
    const standIn: Embedder = knownQueriesFirst(
      'local:m',
      4,
      async () => starting,
      () => up,
      after,
    );
    expect(standIn.ready!('retry')).toBe(true);
    expect(standIn.ready!('parse')).toBe(false);
    expect([...(await standIn.embedQueryFloat!('retry'))]).toEqual([...made]);
    expect(await standIn.embed(['retry'], 'query')).toEqual([packSigns(made)]);
    expect(starting.asked).toEqual([]);
    up = true;
    expect(standIn.ready!('parse')).toBe(true);
    await standIn.embedQueryFloat!('parse');
    expect(starting.asked).toEqual(['parse']);
  });

  it('keeps the newest questions, each for its own embedder, and ignores a stored value of another shape', async () => {
    const kept = new QueryVectors({ entries: [{ embedderId: 'x', text: 'q', vector: [1, 2] }] }, async () => {});
    expect(kept.get('x', 'q')).toBeUndefined();
    for (let i = 0; i <= QUERY_VECTORS_KEPT; i++) kept.remember('local:m', `q${i}`, vectorOf(`q${i}`));
    expect(kept.get('local:m', 'q0')).toBeUndefined();
    expect(kept.get('local:m', `q${QUERY_VECTORS_KEPT}`)).toBeDefined();
    expect(kept.get('voyage:other', `q${QUERY_VECTORS_KEPT}`)).toBeUndefined();
  });

  it('the model lifecycle records what the loaded model embeds, and opens a reloaded index with those vectors known', async () => {
    const stored = new Map<string, unknown>([[SETTING.embedder, { id: 'local:m', dimensions: 4, runtime: 'static' }]]);
    const persistence: SettingsPersistence = {
      getSetting: async (key) => stored.get(key),
      putSetting: async (key, value) => void stored.set(key, value),
    };
    const first = new ModelLifecycle({
      persistence,
      settings: new Settings(persistence),
      loadEmbedder: async () => model(),
    });
    await (await first.load())!.embedQueryFloat!('retry');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stored.get(SETTING.queryVectors)).toBeDefined();
    // After the reload the model is held: the stand-in answers the kept question only.
    const second = new ModelLifecycle({
      persistence,
      settings: new Settings(persistence),
      loadEmbedder: () => new Promise<LoadedEmbedder>(() => {}),
    });
    const standIn = (await second.forOpen({ id: 'local:m', dimensions: 4 }))!;
    expect(standIn.ready!('retry')).toBe(true);
    expect(standIn.ready!('parse')).toBe(false);
  });
});
