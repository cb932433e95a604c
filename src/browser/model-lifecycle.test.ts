/**
 * When the model may start after a reload: a model last seen as the static table starts at
 * once; one last seen on ONNX Runtime (or not seen) waits for release(), so the first answer
 * has the cores.
 */
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../engine/semantic/embedder';
import { ModelLifecycle, type EmbedderInfo, type LoadedEmbedder } from './model-lifecycle';
import { Settings, SETTING, type SettingsPersistence } from './settings';

function lifecycle(remembered: EmbedderInfo | undefined) {
  const stored = new Map<string, unknown>([[SETTING.embedder, remembered]]);
  const persistence: SettingsPersistence = {
    getSetting: async (key) => stored.get(key),
    putSetting: async (key, value) => void stored.set(key, value),
  };
  const embedder: LoadedEmbedder = {
    id: 'local:m',
    dimensions: 4,
    runtime: remembered?.runtime,
    embed: async (texts) => texts.map(() => new Uint32Array(1)),
  } satisfies Embedder & LoadedEmbedder;
  const started: string[] = [];
  const model = new ModelLifecycle({
    persistence,
    settings: new Settings(persistence),
    loadEmbedder: async () => {
      started.push('model');
      return embedder;
    },
  });
  return { model, started, stored };
}

/** Lets every promise that is ready run (the settings above answer at once). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the model after a reload', () => {
  it('starts at once when it last ran as the static table', async () => {
    const { model, started } = lifecycle({ id: 'local:m', dimensions: 4, runtime: 'static' });
    model.holdForReload();
    await settle();
    expect(started).toEqual(['model']);
  });

  it('waits for release() when it last ran on ONNX Runtime, or was never loaded', async () => {
    for (const remembered of [{ id: 'local:m', dimensions: 4, runtime: 'onnxruntime' as const }, undefined]) {
      const { model, started } = lifecycle(remembered);
      model.holdForReload();
      void model.load(); // as status() does: asked for, not started
      await settle();
      expect(started).toEqual([]);
      model.release();
      await settle();
      expect(started).toEqual(['model']);
    }
  });

  it('remembers how the model ran, for the next reload', async () => {
    const { model, stored } = lifecycle({ id: 'local:m', dimensions: 4, runtime: 'static' });
    await model.load();
    expect(stored.get(SETTING.embedder)).toEqual({ id: 'local:m', dimensions: 4, runtime: 'static' });
  });
});
