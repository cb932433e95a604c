/**
 * The worker's settings: what is kept, what the page sees (never the key), and how a new
 * Voyage key is tried before it is kept.
 */
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../engine/semantic/embedder';
import { VoyageError, type VoyageEmbedderOptions } from '../engine/semantic/voyage';
import { DEFAULT_SETTINGS, rememberSetting, SETTING, Settings, VOYAGE_DIMENSIONS } from './settings';
import { StoreError } from '../engine/store/store';
import { connectOrigins } from './connect-origins';

function memoryPersistence() {
  const values = new Map<string, unknown>();
  return {
    values,
    getSetting: async (key: string) => values.get(key),
    putSetting: async (key: string, value: unknown) => void values.set(key, value),
    deleteSetting: async (key: string) => void values.delete(key),
  };
}

/** A Voyage client that accepts one key and refuses every other as Voyage does (HTTP 401). */
function voyageAccepting(goodKey: string, made: VoyageEmbedderOptions[] = []) {
  return (options: VoyageEmbedderOptions): Embedder => {
    made.push(options);
    return {
      id: `voyage:${options.model}:${options.dimensions}`,
      dimensions: options.dimensions ?? VOYAGE_DIMENSIONS,
      embed: async () => {
        if (options.apiKey !== goodKey) throw new VoyageError('auth', 'Provided API key is invalid.', 401);
        return [];
      },
    } as unknown as Embedder;
  };
}

describe('Settings', () => {
  it('reads the defaults, keeps what is saved in its stored shape, and refuses what cannot work', async () => {
    const settings = new Settings(memoryPersistence(), undefined, connectOrigins('https://proxy.example.com'));
    expect(await settings.read()).toEqual({ ...DEFAULT_SETTINGS, hasVoyageKey: false });
    const saved = await settings.save({
      voyageBaseUrl: 'https://proxy.example.com/voyage///',
      ignorePatterns: [' dist/ ', '', 'vendor'],
    });
    expect(saved).toMatchObject({
      voyageBaseUrl: 'https://proxy.example.com/voyage',
      ignorePatterns: ['dist/', 'vendor'],
    });
    await expect(settings.save({ voyageBaseUrl: 'ftp://example.com' })).rejects.toThrow(
      'The Voyage base URL must be http(s).',
    );
    await expect(settings.save({ maxFileBytes: 0 })).rejects.toThrow(/positive number of bytes/);
  });

  it('refuses a Voyage base the Content-Security-Policy does not list, naming the origin and how to allow it', async () => {
    const settings = new Settings(memoryPersistence(), undefined, connectOrigins('https://proxy.example.com'));
    await expect(settings.save({ voyageBaseUrl: 'https://elsewhere.example.org/v1' })).rejects.toThrow(
      /may not connect to https:\/\/elsewhere\.example\.org \(the Voyage base URL\).*VITE_CONNECT_SRC/,
    );
    // Nothing was kept; this machine is always allowed (a local Voyage-shaped server).
    expect((await settings.read()).voyageBaseUrl).toBe(DEFAULT_SETTINGS.voyageBaseUrl);
    expect((await settings.save({ voyageBaseUrl: 'http://127.0.0.1:8123' })).voyageBaseUrl).toBe(
      'http://127.0.0.1:8123',
    );
  });

  it('keeps a key Voyage accepts (apart, never shown), and refuses one it rejects, back to the local model', async () => {
    const persistence = memoryPersistence();
    const made: VoyageEmbedderOptions[] = [];
    const settings = new Settings(persistence, voyageAccepting('good-key', made));
    const rejected = await settings.save({ provider: 'voyage', voyageKey: 'bad-key' });
    expect(rejected.keyCheck?.outcome).toBe('rejected');
    expect(rejected).toMatchObject({ provider: 'local', hasVoyageKey: false });
    expect(made.at(-1)).toMatchObject({ apiKey: 'bad-key', maxRetries: 0 });

    const accepted = await settings.save({ provider: 'voyage', voyageKey: ' good-key ' });
    expect(accepted.keyCheck?.outcome).toBe('accepted');
    expect(accepted).toMatchObject({ provider: 'voyage', hasVoyageKey: true });
    expect(JSON.stringify(accepted)).not.toContain('good-key');
    expect(persistence.values.get(SETTING.voyageKey)).toBe('good-key');

    // The stored key builds the embedder a Voyage index is opened with.
    await settings.voyageEmbedder('voyage:voyage-code-3:512');
    expect(made.at(-1)).toMatchObject({ apiKey: 'good-key', model: 'voyage-code-3', dimensions: 512 });

    const removed = await settings.save({ voyageKey: '' });
    expect(removed).toMatchObject({ provider: 'local', hasVoyageKey: false });
    expect(await settings.voyageEmbedder('voyage:voyage-code-3:1024')).toBeNull();
  });

  it('saves a key unchecked where there is no Voyage client, and says so', async () => {
    const saved = await new Settings(memoryPersistence()).save({ voyageKey: 'k' });
    expect(saved.keyCheck?.outcome).toBe('unchecked');
    expect(saved.hasVoyageKey).toBe(true);
  });

  it('remembers a convenience setting: a full store skips it, any other failure is thrown', async () => {
    const full = {
      getSetting: async () => undefined,
      putSetting: async () => Promise.reject(new StoreError('quota', 'full')),
    };
    await expect(rememberSetting(full, SETTING.lastRepository, 'x')).resolves.toBeUndefined();
    const closed = {
      getSetting: async () => undefined,
      putSetting: async () => Promise.reject(new StoreError('closed', 'closed')),
    };
    await expect(rememberSetting(closed, SETTING.lastRepository, 'x')).rejects.toThrow('closed');
  });
});
