/** The state the address holds (query, page, file and line, selected result) and the moves between places, each a history entry Back and Forward return to. */
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { Modality, Preset } from '../engine/contract';
import type { SearchView } from '../browser/protocol';
import {
  readPlaceState,
  readSearchState,
  writeSearchState,
  type Page,
  type PlaceState,
  type SearchState,
} from './url-state';

/** An answer on screen this long is "committed": the next query becomes a new history entry. */
const COMMIT_AFTER_MS = 1500;

type FocusPlace = 'results' | 'code';

/** Where the keyboard goes when Back or Forward lands on a page. */
const FOCUS_ON_RETURN: Partial<Record<Page, FocusPlace>> = { file: 'code', search: 'results' };

/** The element that takes the focus: the code, or the selected result (the first when it is gone). */
function focusTarget(want: FocusPlace, selected: number): HTMLElement | null {
  if (want === 'code') return document.querySelector<HTMLElement>('.code-scroll');
  return (
    document.querySelectorAll<HTMLElement>('ol.results > li')[selected] ??
    document.querySelector<HTMLElement>('ol.results > li')
  );
}

/** Page, file and (on the file page) line: a different page or file is a new history entry. */
function placeKey(page: Page, path: string | null, line: number | null): string {
  return `${page}:${path}:${page === 'file' ? line : ''}`;
}

/** An answer left on screen for a moment is a search worth returning to: the next query is a new entry. */
function useCommitWhenLeftOnScreen(answer: SearchView | null, committed: MutableRefObject<boolean>): void {
  useEffect(() => {
    if (!answer || committed.current) return;
    const timer = setTimeout(() => (committed.current = true), COMMIT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [answer, committed]);
}

/** Where the keyboard should go once the page is there, and the word that it got there (held by useUrlHistory). */
interface FocusRequest {
  wanted(): FocusPlace | null;
  arrived(): void;
}

/**
 * Focus follows navigation: into the code when a file opens, onto the selected result when the
 * results come back. Tried after every render until the element is there (for five seconds at most).
 */
function useFocusOnArrival(restoreFocus: FocusRequest, selected: number): void {
  useEffect(() => {
    const want = restoreFocus.wanted();
    if (!want) return;
    const tryFocus = () => {
      const el = focusTarget(want, selected);
      if (!el) return false;
      el.focus({ preventScroll: want === 'code' });
      if (want === 'results') el.scrollIntoView({ block: 'nearest' });
      restoreFocus.arrived();
      return true;
    };
    if (tryFocus()) return;
    const timer = setInterval(() => tryFocus() && clearInterval(timer), 50);
    const stop = setTimeout(() => clearInterval(timer), 5000);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  });
}

/** Writes the state to the address: a new place (or a committed query) pushes a history entry, else it replaces the current one. */
function useUrlWriter(
  state: SearchState,
  lastPlaceRef: MutableRefObject<string>,
  pushNextRef: MutableRefObject<PlaceState | null>,
): void {
  const { repositoryId, query, preset, modalities, similarTo, page, path, line } = state;
  useEffect(() => {
    const where = placeKey(page, path, line);
    const place = pushNextRef.current;
    const push =
      place !== null ||
      where.split(':').slice(0, 2).join(':') !== lastPlaceRef.current.split(':').slice(0, 2).join(':');
    lastPlaceRef.current = where;
    pushNextRef.current = null;
    writeSearchState(
      { repositoryId, query, preset, modalities, similarTo, page, path, line },
      push,
      push ? (place ?? {}) : undefined,
    );
  }, [repositoryId, query, preset, modalities, similarTo, page, path, line, lastPlaceRef, pushNextRef]);
}

/** The selected result is remembered in its search's history entry. */
function useSelectedInHistory(selected: number, page: Page): void {
  useEffect(() => {
    if (page !== 'search') return;
    const place = readPlaceState();
    if (place.selected !== selected) history.replaceState({ ...place, selected }, '', location.href);
  }, [selected, page]);
}

export function useUrlHistory(initial: SearchState, activeId: string | null, answer: SearchView | null) {
  const [query, setQuery] = useState(initial.query);
  const [preset, setPreset] = useState<Preset>(initial.preset);
  const [modalities, setModalities] = useState<Modality[] | null>(initial.modalities);
  const [similarTo, setSimilarTo] = useState<number | null>(initial.similarTo);
  const [page, setPage] = useState<Page>(initial.page);
  const [filePath, setFilePath] = useState<string | null>(initial.path);
  const [fileLine, setFileLine] = useState<number | null>(initial.line);
  const [selected, setSelected] = useState(0);

  // The state lives in the URL. Each search, opened file and followed link is a history entry:
  // a change of page or file pushes one; so does a new query once the last one was
  // "committed" (Enter, an opened result, or its answer left on screen for a moment); the
  // keystrokes of one query replace its entry.
  const lastPlace = useRef<string>(`${initial.page}:${initial.path}:${initial.line}`);
  const committed = useRef(true);
  const pushNext = useRef<PlaceState | null>(null);
  useUrlWriter(
    { repositoryId: activeId, query, preset, modalities, similarTo, page, path: filePath, line: fileLine },
    lastPlace,
    pushNext,
  );

  // Back and Forward return to the exact place: the query, the page, the file and line, the selected result.
  const restoreFocus = useRef<FocusPlace | null>(null);
  useEffect(() => {
    const onPop = () => {
      const state = readSearchState();
      const place = readPlaceState();
      lastPlace.current = placeKey(state.page, state.path, state.line);
      committed.current = true;
      pushNext.current = null;
      setPage(state.page);
      setFilePath(state.path);
      setFileLine(state.line);
      setQuery(state.query);
      setSimilarTo(state.similarTo);
      setSelected(place.selected ?? 0);
      restoreFocus.current = FOCUS_ON_RETURN[state.page] ?? null;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useSelectedInHistory(selected, page);
  useCommitWhenLeftOnScreen(answer, committed);
  useFocusOnArrival(
    {
      wanted: () => restoreFocus.current,
      arrived: () => {
        restoreFocus.current = null;
      },
    },
    selected,
  );

  /** The search on screen is one to return to: the next query is a new history entry. */
  const commit = () => {
    committed.current = true;
  };

  /** Opens a file (a history entry of its own) and moves the keyboard into the code. */
  const openFile = (path: string, line: number | null) => {
    committed.current = true;
    pushNext.current = { fromResults: page === 'search' };
    setFilePath(path);
    setFileLine(line);
    setPage('file');
    restoreFocus.current = 'code';
  };

  /** "← Results": Back, when the results are the previous entry; else the search page. */
  const backToResults = () => {
    if (readPlaceState().fromResults) history.back();
    else {
      setPage('search');
      restoreFocus.current = 'results';
    }
  };

  const findSimilar = (chunkId: number, label: string) => {
    setSimilarTo(chunkId);
    setQuery(label);
    setPage('search');
  };

  const onQuery = (next: string) => {
    // Typing starts a new search: "similar to" was about the chunk, not the words.
    setSimilarTo(null);
    if (committed.current && next !== query) {
      pushNext.current = {};
      committed.current = false;
    }
    setQuery(next);
    if (page === 'file') setPage('search');
  };

  return {
    query,
    preset,
    setPreset,
    modalities,
    setModalities,
    similarTo,
    page,
    setPage,
    filePath,
    setFilePath,
    fileLine,
    setFileLine,
    selected,
    setSelected,
    commit,
    openFile,
    backToResults,
    findSimilar,
    onQuery,
  };
}

export type UrlHistory = ReturnType<typeof useUrlHistory>;
