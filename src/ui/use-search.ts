/** Asking the index worker as you type: the classifier's verdict at once, the search debounced, answers kept for Back and Forward. */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Modality, Preset, QueryPlan } from '../engine/contract';
import type { SearchView } from '../browser/protocol';
import type { Workers } from './client';
import { searchRequestFor, type SearchState } from './url-state';
import { MODEL_LOADING_KEY, onlyModelSettled } from './readiness';

/** Wait this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 120;
/** Answers kept for Back and Forward. */
const ANSWER_CACHE_SIZE = 30;

/** No debounce for an answer already known (Back to a search shows it at once). */
function cachedDelay(answers: Map<string, SearchView>, key: string): number {
  return answers.has(key) ? 0 : SEARCH_DEBOUNCE_MS;
}

/** After a refreshed answer replaced the list, the selected result has the focus again (without scrolling) if a result had it. */
function keepResultFocus(): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  document.querySelector<HTMLElement>('ol.results > li[tabindex="0"]')?.focus({ preventScroll: true });
}

/** What a refreshed answer says when it differs from the one it replaced. */
export interface AnswerUpdate {
  /** Modalities that answered this time and were not ready before. */
  joined: Modality[];
  /** The results (or their order) changed. */
  changed: boolean;
}

function resultKey(view: SearchView): string {
  return view.results.map((r) => r.chunkId).join(',');
}

/** Null when nothing joined or nothing changed: a refresh that changes nothing says nothing. */
function answerUpdate(before: SearchView, after: SearchView): AnswerUpdate | null {
  const waitingAfter = new Set(after.query.notReady ?? []);
  const joined = (before.query.notReady ?? []).filter((m) => !waitingAfter.has(m));
  const changed = resultKey(before) !== resultKey(after);
  return joined.length > 0 || changed ? { joined, changed } : null;
}

interface SearchInputs {
  workers: Workers;
  initial: SearchState;
  activeId: string | null;
  /** The open repository (or the running build's live stage) can answer. */
  searchable: boolean;
  /** Changes when a modality arrives: the answer on screen is asked again. */
  liveKey: string;
  query: string;
  preset: Preset;
  modalities: Modality[] | null;
  similarTo: number | null;
  /** The answer on screen, which this hook replaces as answers arrive. */
  answer: SearchView | null;
  setAnswer(answer: SearchView | null): void;
  setSelected: Dispatch<SetStateAction<number>>;
}

export function useSearch({
  workers,
  initial,
  activeId,
  searchable,
  liveKey,
  query,
  preset,
  modalities,
  similarTo,
  answer,
  setAnswer,
  setSelected,
}: SearchInputs) {
  const [plan, setPlan] = useState<QueryPlan | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  /** The answer on screen was asked again because modalities arrived, and changed: which joined. */
  const [update, setUpdate] = useState<AnswerUpdate | null>(null);
  /**
   * A search sent while the embedding model was loading has not landed: its answer will go
   * without semantic and be asked again, so the status does not say "ready" yet (readiness.ts).
   */
  const [sentBeforeModel, setSentBeforeModel] = useState(false);
  const searchSeq = useRef(0);
  /** The search sent and not answered yet, and the readiness (liveKey) it is now wanted for. */
  const inFlight = useRef<{ repositoryId: string; request: string; liveKey: string } | null>(null);
  /** Bumped when an answer lands without a modality that arrived while it was on its way: it is asked again. */
  const [landed, setLanded] = useState(0);
  /** The liveKey of the last run of the search effect: tells a model that settled from a build's stage. */
  const askedLiveKey = useRef<string | null>(null);
  const answerRef = useRef<SearchView | null>(null);
  answerRef.current = answer;

  // As you type: the classifier's verdict (cheap), then the search itself (debounced).
  useEffect(() => {
    let current = true;
    if (!query.trim()) {
      setPlan(null);
      return;
    }
    workers.index.classify(query).then((p) => current && setPlan(p));
    return () => {
      current = false;
    };
  }, [query, workers]);

  // Answers of this session, so Back shows the results at once.
  const answers = useRef(new Map<string, SearchView>());
  /** The query the page was loaded with (a reload, a shared link) is asked at once, not debounced: nobody is typing. */
  const loadedQuery = useRef(initial.query.trim() !== '' || initial.similarTo !== null);
  /** The request last sent: the same question asked of another repository (a folder that became searchable) is not being typed. */
  const lastSent = useRef<string | null>(null);
  useEffect(() => answers.current.clear(), [activeId]);

  useEffect(() => {
    if (!searchable || !activeId) return;
    // "?" alone opens the syntax help (search-bar.tsx); it is not a search.
    if ((!query.trim() || query.trim() === '?') && similarTo === null) {
      setAnswer(null);
      return;
    }
    const request = searchRequestFor({ query, preset, modalities, similarTo });
    const requestText = JSON.stringify(request);
    // While a repository indexes, an answer is only good for the modalities live when it was made.
    const key = `${liveKey}|${requestText}`;
    const shown = answerRef.current;
    // The same question asked again because a modality arrived: a refresh, not a new search.
    const refresh = shown !== null && shown.repositoryId === activeId && JSON.stringify(shown.request) === requestText;
    const modelSettled = onlyModelSettled(askedLiveKey.current, liveKey);
    askedLiveKey.current = liveKey;
    // The model settling changes nothing for an answer that needed no modality it lacked (after a
    // reload the model is often up before the first answer, which then carried semantic already).
    if (modelSettled && refresh && !shown.query.notReady?.length) return;
    // The same question is on its way: it is not asked twice; once it lands, it is asked again
    // only if it went without a modality (`landed` below).
    const flying = inFlight.current;
    if (modelSettled && flying && flying.repositoryId === activeId && flying.request === requestText) {
      flying.liveKey = liveKey;
      return;
    }
    inFlight.current = null;
    const seq = ++searchSeq.current;
    const atLoad = loadedQuery.current;
    const typed = lastSent.current !== requestText;
    const timer = setTimeout(
      () => {
        loadedQuery.current = false;
        lastSent.current = requestText;
        const cached = answers.current.get(key);
        if (!cached) performance.mark('fourfold:search-sent');
        const found = cached ? Promise.resolve(cached) : workers.index.search(activeId, request);
        const flight = { repositoryId: activeId, request: requestText, liveKey };
        if (!cached) inFlight.current = flight;
        setSentBeforeModel(!cached && liveKey === MODEL_LOADING_KEY);
        found.then(
          (view) => {
            if (seq !== searchSeq.current) return;
            if (inFlight.current === flight) inFlight.current = null;
            setSentBeforeModel(false);
            performance.mark('fourfold:answer-received');
            // Modalities arrived while it was on its way and it went without some: ask again.
            if (flight.liveKey !== liveKey && view.query.notReady?.length) setLanded((n) => n + 1);
            answers.current.set(key, view);
            if (answers.current.size > ANSWER_CACHE_SIZE) answers.current.delete(answers.current.keys().next().value!);
            // A refresh keeps the selection, the focus and the scroll where the reader left them.
            const focusedResult = refresh ? document.activeElement?.closest?.('ol.results > li') : null;
            setUpdate(refresh && shown ? answerUpdate(shown, view) : null);
            setAnswer(view);
            setSearchError(null);
            if (refresh) {
              setSelected((n) => Math.max(0, Math.min(n, view.results.length - 1)));
              if (focusedResult) requestAnimationFrame(() => keepResultFocus());
            } else if (!cached) setSelected(0);
          },
          (error) => {
            if (inFlight.current === flight) inFlight.current = null;
            if (seq !== searchSeq.current) return;
            setSentBeforeModel(false);
            setSearchError((error as Error).message);
          },
        );
      },
      refresh || atLoad || !typed ? 0 : cachedDelay(answers.current, key),
    );
    return () => clearTimeout(timer);
    // setAnswer and setSelected are React state setters (the same functions on every render): listing them changes nothing.
  }, [searchable, activeId, query, preset, modalities, similarTo, workers, liveKey, landed, setAnswer, setSelected]);

  // After React has put the answer in the document (the bench reads a reload's timeline from these marks).
  useEffect(() => {
    if (!answer) return;
    performance.mark('fourfold:answer-shown');
    // An answer every modality it asked for took part in (none still indexing, no model still starting).
    if (!answer.query.notReady?.length) performance.mark('fourfold:answer-whole');
  }, [answer]);

  return { plan, searchError, update, sentBeforeModel };
}
