/**
 * The search lives in the URL (`?repo=…&q=…&preset=…&m=text,graph`) so it can be shared
 * and survives a reload. Replaced, not pushed: typing should not flood the history.
 */
import { MODALITIES, type Modality, type Preset } from '../engine/contract';

export interface SearchState {
  repositoryId: string | null;
  query: string;
  preset: Preset;
  /** null: the preset decides. */
  modalities: Modality[] | null;
}

const PRESETS: readonly Preset[] = ['quick', 'default', 'thorough'];

export function readSearchState(search = location.search): SearchState {
  const params = new URLSearchParams(search);
  const preset = params.get('preset') as Preset | null;
  const modalities = params.get('m');
  return {
    repositoryId: params.get('repo'),
    query: params.get('q') ?? '',
    preset: preset && PRESETS.includes(preset) ? preset : 'default',
    modalities:
      modalities === null ? null : (modalities.split(',').filter((m) => MODALITIES.includes(m as Modality)) as Modality[]),
  };
}

export function writeSearchState(state: SearchState): void {
  const params = new URLSearchParams();
  if (state.repositoryId) params.set('repo', state.repositoryId);
  if (state.query) params.set('q', state.query);
  if (state.preset !== 'default') params.set('preset', state.preset);
  if (state.modalities) params.set('m', state.modalities.join(','));
  const next = params.size > 0 ? `?${params.toString().replace(/%2C/g, ',')}` : location.pathname;
  if (next !== location.search) history.replaceState(null, '', next || location.pathname);
}
