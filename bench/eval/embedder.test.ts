import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL_ID } from '../../src/engine/semantic/local';
import { evalEmbedder } from './embedder';

describe('evalEmbedder', () => {
  it('MODEL_ID picks the model folder the local embedder loads; without it the bundled model', async () => {
    const trial = await evalEmbedder('local', DEFAULT_LOCAL_MODEL_ID);
    expect(trial?.id).toBe(`local:${DEFAULT_LOCAL_MODEL_ID}`);
    await expect(evalEmbedder('local', 'no-such-trial-model')).rejects.toThrow();
    expect(await evalEmbedder('none', 'no-such-trial-model')).toBeNull();
  });
});
