/**
 * The page's settings as the index worker keeps them, and the Voyage key beside them: the key
 * is stored apart and never returned to the page, and a new key is tried with one small
 * request before it is kept.
 */
import type { Embedder } from '../engine/semantic/embedder';
import type { VoyageEmbedderOptions, VoyageRetryInfo } from '../engine/semantic/voyage';
import { DEFAULT_MAX_FILE_BYTES } from '../engine/intake/classify';
import { isQuotaError } from './storage-quota';
import type { SettingsPatch, SettingsView, VoyageKeyCheck } from './protocol';
import { builtConnectOrigins, mayConnect, notAllowedMessage, VOYAGE_ORIGIN } from './connect-origins';

export const DEFAULT_VOYAGE_BASE_URL = VOYAGE_ORIGIN;
export const DEFAULT_VOYAGE_MODEL = 'voyage-code-3';
/** Width of Voyage vectors we ask for: 1024 bits = 128 bytes per chunk. */
export const VOYAGE_DIMENSIONS = 1024;

export const DEFAULT_SETTINGS: Omit<SettingsView, 'hasVoyageKey'> = {
  provider: 'local',
  voyageBaseUrl: DEFAULT_VOYAGE_BASE_URL,
  voyageModel: DEFAULT_VOYAGE_MODEL,
  maxFileBytes: DEFAULT_MAX_FILE_BYTES,
  ignorePatterns: [],
};

/** The keys settings are stored under. */
export const SETTING = {
  /** The repository opened last, reopened after a reload. */
  lastRepository: 'lastRepositoryId',
  /** The embedder last loaded ({id, dimensions, runtime}), so a reload can open an index before the model is up, and start a static model at once. */
  embedder: 'embedder',
  /** The page's settings (SettingsView minus the key). */
  settings: 'settings',
  /** The Voyage key: kept apart, never returned to the page. */
  voyageKey: 'voyageKey',
  /** Set when the visitor removes the demo from the list. */
  demoHidden: 'demoHidden',
  /** The vectors of the questions asked last (query-vectors.ts), so a reload's question has semantic before the model is up. */
  queryVectors: 'queryVectors',
} as const;

/** The settings part of the worker's storage. */
export interface SettingsPersistence {
  getSetting(key: string): Promise<unknown>;
  putSetting(key: string, value: unknown): Promise<void>;
  deleteSetting?(key: string): Promise<void>;
}

export type CreateVoyageEmbedder = (options: VoyageEmbedderOptions) => Embedder;

/**
 * Keeps a convenience setting (what to reopen, the model last used). With storage full it is
 * not kept, and nothing else fails for it: opening and searching what is stored still work.
 */
export async function rememberSetting(persistence: SettingsPersistence, key: string, value: unknown): Promise<void> {
  try {
    await persistence.putSetting(key, value);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
}

/** A base URL as it is stored: http(s) only, without trailing slashes. Throws on a malformed one (the page shows it). */
function normalisedBaseUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The Voyage base URL must be http(s).');
  return url.href.replace(/\/+$/, '');
}

export class Settings {
  constructor(
    private readonly persistence: SettingsPersistence,
    /** The Voyage client; absent: the Voyage provider is unavailable. */
    private readonly createVoyageEmbedder?: CreateVoyageEmbedder,
    /** The https origins the Content-Security-Policy lets the app reach (connect-origins.ts). */
    private readonly connectTo: readonly string[] = builtConnectOrigins(),
  ) {}

  async read(): Promise<SettingsView> {
    const stored = ((await this.persistence.getSetting(SETTING.settings)) ?? {}) as Partial<SettingsView>;
    const key = await this.persistence.getSetting(SETTING.voyageKey);
    return { ...DEFAULT_SETTINGS, ...stored, hasVoyageKey: typeof key === 'string' && key.length > 0 };
  }

  async save(patch: SettingsPatch): Promise<SettingsView> {
    const { voyageKey, ...rest } = patch;
    const current = await this.read();
    const next = { ...current, ...rest };
    if (next.voyageBaseUrl) next.voyageBaseUrl = normalisedBaseUrl(next.voyageBaseUrl);
    // A base the policy blocks would fail every request with a bare network error: refuse it here, saying why.
    if (next.voyageBaseUrl && !mayConnect(next.voyageBaseUrl, globalThis.location?.origin ?? '', this.connectTo))
      throw new Error(notAllowedMessage(next.voyageBaseUrl, 'the Voyage base URL'));
    if (!(next.maxFileBytes > 0)) throw new Error('The file-size limit must be a positive number of bytes.');
    next.ignorePatterns = next.ignorePatterns.map((p) => p.trim()).filter(Boolean);
    const { hasVoyageKey: _has, keyCheck: _check, ...stored } = next;
    // A new key is tried with one small request first: a key Voyage refuses is not kept.
    const keyCheck = voyageKey
      ? await this.checkVoyageKey(voyageKey.trim(), next.voyageBaseUrl, next.voyageModel)
      : undefined;
    // Without a key, Voyage cannot embed: the provider goes back to the local model.
    if (voyageKey !== undefined && !voyageKey) stored.provider = 'local';
    if (keyCheck?.outcome === 'rejected' && !current.hasVoyageKey) stored.provider = 'local';
    await this.persistence.putSetting(SETTING.settings, stored);
    if (voyageKey !== undefined && keyCheck?.outcome !== 'rejected') await this.storeKey(voyageKey?.trim() ?? '');
    const saved = await this.read();
    return keyCheck ? { ...saved, keyCheck } : saved;
  }

  /** Keeps a key, or removes the stored one when `key` is empty. */
  private async storeKey(key: string): Promise<void> {
    if (key) await this.persistence.putSetting(SETTING.voyageKey, key);
    else if (this.persistence.deleteSetting) await this.persistence.deleteSetting(SETTING.voyageKey);
    else await this.persistence.putSetting(SETTING.voyageKey, null);
  }

  /** One embedding of one word, no retries: enough to learn whether Voyage takes the key. */
  private async checkVoyageKey(key: string, baseUrl: string, model: string): Promise<VoyageKeyCheck> {
    if (!this.createVoyageEmbedder)
      return { outcome: 'unchecked', message: 'The Voyage client is not available here; the key was saved unchecked.' };
    const embedder = this.createVoyageEmbedder({
      apiKey: key,
      baseUrl,
      model,
      dimensions: VOYAGE_DIMENSIONS,
      maxRetries: 0,
    });
    try {
      await embedder.embed(['fourfold key check'], 'document');
      return {
        outcome: 'accepted',
        message: `Voyage accepted the key (one test embedding with ${model} at ${baseUrl}). It is stored in this browser only.`,
      };
    } catch (error) {
      const e = error as Error & { kind?: string; status?: number };
      if (e.kind === 'auth')
        return {
          outcome: 'rejected',
          message: `Voyage rejected this key (HTTP ${e.status ?? 401}): it was not saved. ${e.message}`,
        };
      return { outcome: 'unchecked', message: `The key was saved, but it could not be checked: ${e.message}` };
    }
  }

  /** A Voyage embedder with the stored key, for the given id ('voyage:<model>:<dims>'); null without a key. */
  async voyageEmbedder(id: string, onRetry?: (info: VoyageRetryInfo) => void): Promise<Embedder | null> {
    const key = (await this.persistence.getSetting(SETTING.voyageKey)) as string | undefined;
    if (!key || !this.createVoyageEmbedder) return null;
    const settings = await this.read();
    const [, model, dims] = id.split(':');
    return this.createVoyageEmbedder({
      apiKey: key,
      baseUrl: settings.voyageBaseUrl,
      model: model || settings.voyageModel,
      dimensions: Number(dims) || VOYAGE_DIMENSIONS,
      onRetry,
    });
  }
}

/** The id a Voyage build embeds with, from the settings. */
export function voyageEmbedderId(settings: Pick<SettingsView, 'voyageModel'>): string {
  return `voyage:${settings.voyageModel}:${VOYAGE_DIMENSIONS}`;
}
