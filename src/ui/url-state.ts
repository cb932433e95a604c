/**
 * The app's state lives in the URL so it can be shared and survives a reload:
 * `?repo=…&q=…&preset=…&m=text,graph` for a search, `&similar=<chunk>` for "Find similar",
 * `&page=file&path=src/a.js#L57` for the code view (the line anchor is the hash),
 * `&page=ranking` and `&page=settings`. Every search, opened file and followed link is its
 * own history entry (typing replaces the entry of the search being typed), so Back and Forward
 * walk the way the user went.
 */
import { MODALITIES, type Modality, type Preset } from '../engine/contract';
import type { SearchRequest } from '../browser/protocol';

export type Page = 'search' | 'file' | 'ranking' | 'settings';

export interface SearchState {
  repositoryId: string | null;
  query: string;
  preset: Preset;
  /** null: the preset decides. */
  modalities: Modality[] | null;
  similarTo: number | null;
  page: Page;
  path: string | null;
  line: number | null;
}

/** The search a state asks for: one builder, so the question asked at boot is the one the app asks. */
export function searchRequestFor(
  state: Pick<SearchState, 'query' | 'preset' | 'modalities' | 'similarTo'>,
): SearchRequest {
  const request: SearchRequest = { query: state.query, preset: state.preset, modalities: state.modalities };
  if (state.similarTo !== null) request.similarToChunk = state.similarTo;
  return request;
}

const PRESETS: readonly Preset[] = ['quick', 'default', 'thorough'];
const PAGES: readonly Page[] = ['search', 'file', 'ranking', 'settings'];

export function readSearchState(search = location.search, hash = location.hash): SearchState {
  const params = new URLSearchParams(search);
  const preset = params.get('preset') as Preset | null;
  const modalities = params.get('m');
  const page = params.get('page') as Page | null;
  const similar = params.get('similar');
  const line = /^#L(\d+)$/.exec(hash)?.[1] ?? params.get('line');
  return {
    repositoryId: params.get('repo'),
    query: params.get('q') ?? '',
    preset: preset && PRESETS.includes(preset) ? preset : 'default',
    modalities:
      modalities === null
        ? null
        : (modalities.split(',').filter((m) => MODALITIES.includes(m as Modality)) as Modality[]),
    similarTo: similar !== null && /^\d+$/.test(similar) ? Number(similar) : null,
    page: page && PAGES.includes(page) ? page : 'search',
    path: params.get('path'),
    line: line ? Number(line) : null,
  };
}

export function urlFor(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.repositoryId) params.set('repo', state.repositoryId);
  if (state.query) params.set('q', state.query);
  if (state.similarTo !== null) params.set('similar', String(state.similarTo));
  if (state.preset !== 'default') params.set('preset', state.preset);
  if (state.modalities) params.set('m', state.modalities.join(','));
  if (state.page !== 'search') params.set('page', state.page);
  if (state.page === 'file' && state.path) params.set('path', state.path);
  const search =
    params.size > 0 ? `?${params.toString().replace(/%2C/g, ',').replace(/%2F/g, '/')}` : location.pathname;
  const hash = state.page === 'file' && state.line ? `#L${state.line}` : '';
  return `${search}${hash}`;
}

/** What a history entry remembers beyond its URL: where the keyboard was, to return to it. */
export interface PlaceState {
  /** The selected result of a search entry. */
  selected?: number;
  /** A file entry opened from the results, so "← Results" is the Back button. */
  fromResults?: boolean;
}

export function readPlaceState(): PlaceState {
  const state = history.state as PlaceState | null;
  return state && typeof state === 'object' ? state : {};
}

/** Writes the state into the URL: a new history entry when `push`, else the current one is replaced. */
export function writeSearchState(
  state: SearchState,
  push = false,
  place: PlaceState = push ? {} : readPlaceState(),
): void {
  const next = urlFor(state);
  const same =
    next === `${location.search}${location.hash}` || (next === location.pathname && !location.search && !location.hash);
  if (push && !same) history.pushState(place, '', next);
  else if (!same || JSON.stringify(place) !== JSON.stringify(readPlaceState())) history.replaceState(place, '', next);
}
