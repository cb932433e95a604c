/**
 * The app shell: state, and the intents it sends to the workers. Ranking, indexing and
 * storage all happen in the workers; this file only renders their answers.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AbsentName, Chunk, IndexProgress, Modality, Preset, QueryPlan } from '../engine/contract';
import type { IncomingFile, IndexRequest, LiveStage, RepositorySummary, ResultView, SearchRequest, SearchView, SettingsPatch, WorkerStatus } from '../browser/protocol';
import { DEMO, DEMO_QUERIES } from '../browser/demo';
import { DEFAULT_MAX_FILE_BYTES } from '../engine/intake/classify';
import { isAbortError } from '../engine/abort';
import { CodeView } from './code-view';
import { RankingPage } from './ranking-page';
import { SettingsPage } from './settings-page';
import { readFolderFiles, type FolderContents } from '../browser/folder-source';
import { BringIn } from './bring-in';
import { callback, getWorkers, newJobId, transfer } from './client';
import { QueryExplain } from './explain';
import { formatBytes, formatCount, formatDuration } from './format';
import { IndexStatus, liveModalitiesText, type Job, type Notice } from './index-status';
import { Repositories } from './repositories';
import { Results } from './results';
import { SearchBar } from './search-bar';
import { readPlaceState, readSearchState, searchRequestFor, writeSearchState, type Page, type PlaceState } from './url-state';

/** Wait this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 120;
/** An answer on screen this long is "committed": the next query becomes a new history entry. */
const COMMIT_AFTER_MS = 1500;
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

/** Re-render progress at most this often, whatever rate the workers report at. */
const PROGRESS_RENDER_MS = 100;
/** Files read on the page moved to the index worker per message, as they are read. */
const FEED_BATCH = 32;

function describeReady(repo: RepositorySummary, how: 'indexed' | 'loaded', elapsedMs?: number): string {
  const s = repo.stats;
  if (!s) return `${repo.name} is ready.`;
  const skipped = s.skipped.binary + s.skipped.oversized + s.skipped.invalidUtf8;
  const parts = [
    `${formatCount(s.files)} files (${formatBytes(s.bytes)})`,
    `${formatCount(s.chunks)} chunks`,
    `${formatCount(s.definitions)} definitions`,
  ];
  if (skipped > 0) parts.push(`${formatCount(skipped)} skipped (binary or too large)`);
  if (s.skipped.ignored > 0) parts.push(`${formatCount(s.skipped.ignored)} ignored`);
  if (s.reusedFiles > 0 && how === 'indexed') parts.push(`${formatCount(s.reusedFiles)} unchanged files reused`);
  const verb =
    repo.origin === 'demo'
      ? `prebuilt index loaded in ${formatDuration(elapsedMs)}, no indexing`
      : how === 'indexed'
        ? `indexed in ${formatDuration(elapsedMs)}`
        : 'loaded from this browser, no re-indexing';
  const note = repo.message ? ` ${repo.message}` : '';
  return `${repo.name} is ready: ${parts.join(', ')}; ${verb}.${note}`;
}

export function App() {
  const workers = getWorkers();
  const initial = useRef(readSearchState()).current;
  const [status, setStatus] = useState<WorkerStatus | null>(null);
  /** The model has loaded (or failed to): before that, "no model" only means "not yet". */
  const [modelSettled, setModelSettled] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [notice, setNotice] = useState<Notice | null>({ tone: 'info', text: 'Opening your saved repositories…' });
  const [query, setQuery] = useState(initial.query);
  const [preset, setPreset] = useState<Preset>(initial.preset);
  const [modalities, setModalities] = useState<Modality[] | null>(initial.modalities);
  const [plan, setPlan] = useState<QueryPlan | null>(null);
  const [answer, setAnswer] = useState<SearchView | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [selected, setSelected] = useState(0);
  const [queryExplained, setQueryExplained] = useState(false);
  const [similarTo, setSimilarTo] = useState<number | null>(initial.similarTo);
  const [page, setPage] = useState<Page>(initial.page);
  const [filePath, setFilePath] = useState<string | null>(initial.path);
  const [fileLine, setFileLine] = useState<number | null>(initial.line);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchSeq = useRef(0);
  const answerRef = useRef<SearchView | null>(null);
  answerRef.current = answer;
  const jobRef = useRef<Job | null>(null);

  const repositories = status?.repositories ?? [];
  const active = repositories.find((r) => r.id === activeId) ?? null;
  /** The running build's searchable stage, when it is the repository the box searches. */
  const live = job?.live && job.live.repositoryId === activeId ? job.live : null;
  const searchable = (active?.state === 'complete' || live !== null) && openId === active?.id;
  /**
   * Changes when a modality arrives: the answer on screen is asked again. After a reload the
   * stored index answers before the embedding model is up (semantic not ready): the model
   * settling is an arrival too.
   */
  const liveKey = live ? live.live.join(',') : modelSettled ? 'complete' : 'model-loading';

  const refresh = useCallback(async () => {
    const next = await workers.index.status();
    setStatus(next);
    return next;
  }, [workers]);

  const openRepository = useCallback(
    async (id: string, announce: boolean, opening?: Promise<RepositorySummary>) => {
      setActiveId(id);
      try {
        const started = performance.now();
        const repo = await (opening ?? workers.index.open(id));
        performance.mark('fourfold:opened');
        setOpenId(repo.id);
        if (announce) setNotice({ tone: 'success', text: describeReady(repo, 'loaded', performance.now() - started) });
      } catch (error) {
        setOpenId(null);
        setNotice({ tone: 'error', text: (error as Error).message });
      }
    },
    [workers],
  );

  // Start-up: list what is stored and reopen the repository from the URL, or the last one.
  useEffect(() => {
    let cancelled = false;
    // The repository in the address is opened beside start(), not after it: one round trip
    // less before a reload's answer (the worker has been reading it since boot.ts).
    const early = initial.repositoryId ? workers.index.open(initial.repositoryId) : null;
    early?.catch(() => undefined); // not that repository after all: it is opened below as usual
    workers.index
      .start(new URL('./', location.href).href)
      .then((s) => {
        performance.mark('fourfold:started');
        setStatus(s);
        // The model starts in the background; show which one (or why none) once it is up.
        void workers.index.embedderReady().then((ready) => {
          if (cancelled) return;
          setStatus(ready);
          setModelSettled(true);
        });
        return s;
      })
      .then(
      async (s) => {
        if (cancelled) return;
        const wanted = s.repositories.find((r) => r.id === initial.repositoryId && r.state === 'complete');
        const last = s.repositories.find((r) => r.id === s.lastRepositoryId && r.state === 'complete');
        const target = wanted ?? last ?? s.repositories.find((r) => r.state === 'complete');
        if (target) await openRepository(target.id, true, early && target === wanted ? early : undefined);
        else setNotice({ tone: 'info', text: s.repositories.length ? 'Choose a repository to search.' : 'Bring a repository in to start searching.' });
      },
      (error) => setNotice({ tone: 'error', text: `Could not open this browser's storage: ${(error as Error).message}` }),
    );
    return () => {
      cancelled = true;
    };
  }, [workers, openRepository, initial]);

  // The state lives in the URL. Each search, opened file and followed link is a history entry:
  // a change of page or file pushes one; so does a new query once the last one was
  // "committed" (Enter, an opened result, or its answer left on screen for a moment); the
  // keystrokes of one query replace its entry.
  const lastPlace = useRef<string>(`${initial.page}:${initial.path}:${initial.line}`);
  const committed = useRef(true);
  const pushNext = useRef<PlaceState | null>(null);
  useEffect(() => {
    const where = `${page}:${filePath}:${page === 'file' ? fileLine : ''}`;
    const place = pushNext.current;
    const push = place !== null || where.split(':').slice(0, 2).join(':') !== lastPlace.current.split(':').slice(0, 2).join(':');
    lastPlace.current = where;
    pushNext.current = null;
    writeSearchState({ repositoryId: activeId, query, preset, modalities, similarTo, page, path: filePath, line: fileLine }, push, push ? (place ?? {}) : undefined);
  }, [activeId, query, preset, modalities, similarTo, page, filePath, fileLine]);

  // Back and Forward return to the exact place: the query, the page, the file and line, the selected result.
  const restoreFocus = useRef<'results' | 'code' | null>(null);
  useEffect(() => {
    const onPop = () => {
      const state = readSearchState();
      const place = readPlaceState();
      lastPlace.current = `${state.page}:${state.path}:${state.page === 'file' ? state.line : ''}`;
      committed.current = true;
      pushNext.current = null;
      setPage(state.page);
      setFilePath(state.path);
      setFileLine(state.line);
      setQuery(state.query);
      setSimilarTo(state.similarTo);
      setSelected(place.selected ?? 0);
      restoreFocus.current = state.page === 'file' ? 'code' : state.page === 'search' ? 'results' : null;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The selected result is remembered in its history entry.
  useEffect(() => {
    if (page !== 'search') return;
    const place = readPlaceState();
    if (place.selected !== selected) history.replaceState({ ...place, selected }, '', location.href);
  }, [selected, page]);

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
  useEffect(() => answers.current.clear(), [activeId]);

  useEffect(() => {
    if (!searchable || !activeId) return;
    // "?" alone opens the syntax help (search-bar.tsx); it is not a search.
    if ((!query.trim() || query.trim() === '?') && similarTo === null) {
      setAnswer(null);
      return;
    }
    const seq = ++searchSeq.current;
    const request = searchRequestFor({ query, preset, modalities, similarTo });
    // While a repository indexes, an answer is only good for the modalities live when it was made.
    const key = `${liveKey}|${JSON.stringify(request)}`;
    const shown = answerRef.current;
    // The same question asked again because a modality arrived: a refresh, not a new search.
    const refresh = shown !== null && shown.repositoryId === activeId && JSON.stringify(shown.request) === JSON.stringify(request);
    const atLoad = loadedQuery.current;
    const timer = setTimeout(() => {
      loadedQuery.current = false;
      const cached = answers.current.get(key);
      if (!cached) performance.mark('fourfold:search-sent');
      const found = cached ? Promise.resolve(cached) : workers.index.search(activeId, request);
      found.then(
        (view) => {
          if (seq !== searchSeq.current) return;
          performance.mark('fourfold:answer-received');
          answers.current.set(key, view);
          if (answers.current.size > ANSWER_CACHE_SIZE) answers.current.delete(answers.current.keys().next().value!);
          // A refresh keeps the selection, the focus and the scroll where the reader left them.
          const focusedResult = refresh ? document.activeElement?.closest?.('ol.results > li') : null;
          setAnswer(view);
          setSearchError(null);
          if (refresh) {
            setSelected((n) => Math.max(0, Math.min(n, view.results.length - 1)));
            if (focusedResult) requestAnimationFrame(() => keepResultFocus());
          } else if (!cached) setSelected(0);
        },
        (error) => seq === searchSeq.current && setSearchError((error as Error).message),
      );
    }, refresh || atLoad ? 0 : cachedDelay(answers.current, key));
    return () => clearTimeout(timer);
  }, [searchable, activeId, query, preset, modalities, similarTo, workers, liveKey]);

  // After React has put the answer in the document (the bench reads a reload's timeline from these marks).
  useEffect(() => {
    if (answer) performance.mark('fourfold:answer-shown');
  }, [answer]);

  // An answer left on screen for a moment is a search worth returning to: the next query is a new entry.
  useEffect(() => {
    if (!answer || committed.current) return;
    const timer = setTimeout(() => (committed.current = true), COMMIT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [answer]);


  // `/` focuses the search box from anywhere but a text field.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ---- indexing -------------------------------------------------------------------------

  const runIndex = useCallback(
    async (jobId: string, request: IndexRequest) => {
      let pending: IndexProgress[] = [];
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        timer = null;
        const batch = pending;
        pending = [];
        setJob((j) => {
          if (!j || j.id !== jobId) return j;
          const stages = { ...j.stages };
          for (const p of batch) stages[p.stage] = p;
          return (jobRef.current = { ...j, stages });
        });
      };
      const onProgress = callback((p: IndexProgress) => {
        pending.push(p);
        timer ??= setTimeout(flush, PROGRESS_RENDER_MS);
      });
      // Searchable first: each stage of the build makes the repository answer from what is ready.
      const onLive = callback((stage: LiveStage) => {
        if (jobRef.current?.id !== jobId) return;
        performance.mark(`fourfold:live:${stage.live.join('+')}`);
        const first = !jobRef.current.live;
        setJob((j) => (j && j.id === jobId ? (jobRef.current = { ...j, live: stage }) : j));
        setActiveId(stage.repositoryId);
        setOpenId(stage.repositoryId);
        if (first) void refresh();
      });
      const started = jobRef.current?.startedAt ?? performance.now();
      const current = () => jobRef.current?.id === jobId;
      try {
        // Cloned files arrive as bytes: move them to the index worker instead of copying.
        const buffers = request.files.flatMap((f) => (f.data instanceof Uint8Array ? [f.data.buffer as ArrayBuffer] : []));
        const sent = performance.now();
        const indexed = workers.index.index(jobId, transfer(request, buffers), onProgress, onLive);
        performance.measure('fourfold:send', { start: sent });
        const repo = await indexed;
        if (!current()) return;
        performance.mark('fourfold:live:complete');
        setOpenId(repo.id);
        setActiveId(repo.id);
        setNotice({ tone: 'success', text: describeReady(repo, 'indexed', performance.now() - started) });
      } catch (error) {
        // A build replaced by a newer choice says nothing: the newer one speaks.
        if (!current()) return;
        setNotice(
          isAbortError(error)
            ? { tone: 'info', text: `Indexing of ${request.name} was cancelled. Nothing from that run is searchable.` }
            : { tone: 'error', text: `Indexing ${request.name} failed: ${(error as Error).message}` },
        );
        // The partial index is gone with its build: the box searches what it searched before.
        const { live, returnTo } = jobRef.current ?? {};
        if (live) {
          setOpenId(null);
          setAnswer(null);
          if (returnTo) void openRepository(returnTo, false);
        }
      } finally {
        if (timer) clearTimeout(timer);
        if (current()) {
          jobRef.current = null;
          setJob(null);
        }
        await refresh();
      }
    },
    [workers, refresh, openRepository],
  );

  const startJob = (name: string, kind: Job['kind']): string => {
    const id = newJobId();
    const returnTo = jobRef.current?.returnTo ?? (searchable ? activeId : null);
    const next: Job = { id, name, kind, stages: {}, startedAt: performance.now(), returnTo };
    jobRef.current = next;
    setJob(next);
    return id;
  };

  /** The folder being read on this page (before the index worker has it): cancel stops the reads. */
  const folderRead = useRef<{ jobId: string; controller: AbortController } | null>(null);

  const onFolder = async (contents: FolderContents) => {
    // The newest choice wins: a folder still being read or a clone still downloading is stopped
    // here; a running build is stopped by the index worker when this one reaches it (it ends
    // before this one starts).
    const running = jobRef.current;
    if (running?.kind === 'clone' && !running.stages.read) void workers.clone().cancel(running.id);
    folderRead.current?.controller.abort();
    const id = startJob(contents.name, 'folder');
    const controller = new AbortController();
    folderRead.current = { jobId: id, controller };
    const started = performance.now();
    // The index worker has the build from the start and each file as soon as it is read: it
    // accepts and parses them while the rest are still being read. They are read in path order,
    // the order its intake decides them in.
    const listing = [...contents.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    void runIndex(id, { name: contents.name, origin: 'folder', files: [], listed: listing.map((f) => f.path), ignored: contents.ignored });
    let batch: IncomingFile[] = [];
    const feed = () => {
      if (batch.length === 0) return;
      const files = batch;
      batch = [];
      // The bytes are moved to the worker, not copied.
      const buffers = files.flatMap((f) => (f.data instanceof Uint8Array ? [f.data.buffer as ArrayBuffer] : []));
      void workers.index.feed(id, transfer(files, buffers)).catch(() => undefined); // a build that ended takes no more files
    };
    try {
      await readFolderFiles(listing, {
        maxFileBytes: status?.settings.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
        signal: controller.signal,
        onRead: (file) => {
          batch.push(file);
          if (batch.length >= FEED_BATCH) feed();
        },
      });
      feed();
      performance.measure('fourfold:page-read', { start: started });
    } catch {
      // Cancelled, or replaced by a newer choice: the build stops too, and says so (or the newer one speaks).
      void workers.index.cancel(id);
    } finally {
      if (folderRead.current?.jobId === id) folderRead.current = null;
    }
  };

  const onClone = async (url: string, corsProxy: string) => {
    const name = url.replace(/\/+$/, '').split('/').pop()?.replace(/\.git$/, '') || url;
    const id = startJob(name, 'clone');
    try {
      const cloned = await workers.clone().clone(
        id,
        { url, corsProxy },
        callback((event) => setJob((j) => (j && j.id === id ? (jobRef.current = { ...j, clone: event }) : j))),
      );
      if (jobRef.current?.id !== id) return; // cancelled while the answer was on its way
      await runIndex(id, { name: cloned.name, origin: 'clone', url: cloned.url, files: cloned.files });
    } catch (error) {
      jobRef.current = null;
      setJob(null);
      setNotice(isAbortError(error) ? { tone: 'info', text: `The clone of ${url} was cancelled.` } : { tone: 'error', text: (error as Error).message });
    }
  };

  const onCancel = () => {
    const current = jobRef.current;
    if (!current) return;
    if (folderRead.current?.jobId === current.id) {
      folderRead.current.controller.abort();
      void workers.index.cancel(current.id);
    } else if (current.kind === 'clone' && !current.stages.read) {
      void workers.clone().cancel(current.id);
      jobRef.current = null;
      setJob(null);
      setNotice({ tone: 'info', text: `The clone of ${current.name} was cancelled.` });
    } else void workers.index.cancel(current.id);
  };

  const onDelete = async (repo: RepositorySummary) => {
    if (!window.confirm(`Delete the index of ${repo.name} from this browser?`)) return;
    const remaining = await workers.index.remove(repo.id);
    setStatus((s) => (s ? { ...s, repositories: remaining } : s));
    setNotice({ tone: 'info', text: `${repo.name} was deleted from this browser.` });
    if (repo.id === activeId) {
      setActiveId(null);
      setOpenId(null);
      setAnswer(null);
      const next = remaining.find((r) => r.state === 'complete');
      if (next) await openRepository(next.id, true);
    }
  };

  const onReindex = (repo: RepositorySummary) => {
    if (repo.origin === 'clone' && repo.url) {
      void onClone(repo.url, localStorage.getItem('fourfold.corsProxy') ?? '');
      return;
    }
    // A folder's files are not kept: the browser needs the folder chosen again (unchanged files are reused).
    setNotice({ tone: 'info', text: `Choose the folder of ${repo.name} again to index it: files whose content did not change are reused.` });
    document.querySelector<HTMLElement>('.bring-in label.button.primary')?.click();
  };

  const onSelectRepository = (id: string) => {
    if (id === activeId) return;
    setAnswer(null);
    setPage('search');
    setFilePath(null);
    void openRepository(id, true);
  };

  // ---- pages ------------------------------------------------------------------------------

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

  // Focus follows navigation: into the code when a file opens, onto the selected result when the results come back.
  useEffect(() => {
    const want = restoreFocus.current;
    if (!want) return;
    const tryFocus = () => {
      const el =
        want === 'code'
          ? document.querySelector<HTMLElement>('.code-scroll')
          : document.querySelectorAll<HTMLElement>('ol.results > li')[selected] ?? document.querySelector<HTMLElement>('ol.results > li');
      if (!el) return false;
      el.focus({ preventScroll: want === 'code' });
      if (want === 'results') el.scrollIntoView({ block: 'nearest' });
      restoreFocus.current = null;
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

  const onSaveSettings = async (patch: SettingsPatch) => {
    const next = await workers.index.saveSettings(patch);
    setStatus((s) => (s ? { ...s, settings: next } : s));
    return next;
  };

  // ---- keyboard between the box and the list --------------------------------------------

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'Enter') && answer && answer.results.length > 0 && page === 'search') {
      // Enter commits the search (a history entry) and, like ArrowDown, moves to the results.
      event.preventDefault();
      committed.current = true;
      setSelected(0);
      document.querySelector<HTMLLIElement>('ol.results > li')?.focus();
    } else if (event.key === 'Enter') committed.current = true;
  };

  // Escape closes what is open (Explain panels, the query explanation, a peek list) and returns to the box.
  const [closeSignal, setCloseSignal] = useState(0);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if ((event.target as HTMLElement).closest?.('dialog, [role="dialog"]')) return;
      setQueryExplained(false);
      setCloseSignal((n) => n + 1);
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const answerIsCurrent = answer !== null && answer.repositoryId === activeId;
  const stale = answerIsCurrent && answer.query.query !== query && similarTo === null;
  const showAnswer = answerIsCurrent && (query.trim() !== '' || similarTo !== null);
  const isDemo = active?.origin === 'demo';
  const demoHidden = status !== null && !repositories.some((r) => r.origin === 'demo');

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            <i className="m-semantic" />
            <i className="m-text" />
            <i className="m-structural" />
            <i className="m-graph" />
          </span>
          <h1>Fourfold</h1>
          <span className="tagline">code search in your browser, every score explained</span>
        </div>
        <nav className="page-nav" aria-label="Pages">
          {(
            [
              ['search', 'Search'],
              ['ranking', 'How ranking works'],
              ['settings', 'Settings'],
            ] as const
          ).map(([p, label]) => (
            <button
              key={p}
              type="button"
              className={`nav-link${page === p || (p === 'search' && page === 'file') ? ' is-current' : ''}`}
              aria-current={page === p ? 'page' : undefined}
              onClick={() => setPage(p)}
            >
              {label}
            </button>
          ))}
        </nav>
        <div className="header-repo" aria-live="polite">
          {active ? (
            <>
              <span className="muted">searching</span> <strong>{active.name}</strong>
            </>
          ) : (
            <span className="muted">no repository open</span>
          )}
          {live && job ? (
            <span className="chip live-modalities" aria-label="Live modalities" title="Indexes answering now, and how far the others are: an answer is asked again as each arrives">
              {liveModalitiesText(job)}
            </span>
          ) : null}
          <ModelChip status={status} active={active} settled={modelSettled} />
          <button
            type="button"
            className="button small repo-jump"
            onClick={() => {
              const list = document.getElementById('repositories');
              list?.scrollIntoView({ block: 'start' });
              list?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
            }}
          >
            Repositories
          </button>
        </div>
      </header>
      <div className={`layout${repositories.length === 0 ? ' is-empty' : ''}`}>
        <aside className="sidebar">
          <IndexStatus job={job} notice={notice} onCancel={onCancel} />
          <Repositories
            repositories={repositories}
            activeId={activeId}
            onSelect={onSelectRepository}
            onDelete={onDelete}
            onReindex={onReindex}
            busy={job !== null}
          />
          <BringIn
            busy={job !== null}
            onFolder={onFolder}
            onClone={onClone}
            onProblem={(text) => setNotice({ tone: 'error', text })}
          />
        </aside>
        <main className="main">
          {page === 'settings' ? (
            <SettingsPage
              settings={status?.settings ?? null}
              onSave={onSaveSettings}
              demoHidden={demoHidden}
              onShowDemo={() => {
                void openRepository(DEMO.id, true).then(refresh);
                setPage('search');
              }}
            />
          ) : (
            <>
              <SearchBar
                ref={searchRef}
                query={query}
                onQuery={onQuery}
                onKeyDown={onSearchKeyDown}
                plan={plan}
                answer={answerIsCurrent ? answer : null}
                preset={preset}
                onPreset={setPreset}
                modalities={modalities}
                onModalities={setModalities}
                disabled={false}
                placeholder={active ? `Search ${active.name} — try “where is render defined” or “who calls diff”` : 'Bring a repository in, then search it'}
              />
              {job && live ? (
                <p className="searching-while-indexing" role="note" aria-label="Which repository is searched">
                  Indexing <b>{job.name}</b>: the box already searches it with {live.live.join(', ')}; {live.pending.join(', ')}{' '}
                  {live.pending.length === 1 ? 'joins' : 'join'} as {live.pending.length === 1 ? 'it is' : 'they are'} built, and the answer on screen is
                  asked again then.
                </p>
              ) : job ? (
                <p className="searching-while-indexing" role="note" aria-label="Which repository is searched">
                  Indexing <b>{job.name}</b>: it becomes searchable as soon as its files are read.{' '}
                  {active && searchable ? (
                    <>
                      Until then this box searches <b>{active.name}</b>.
                    </>
                  ) : (
                    'Nothing else is open to search yet.'
                  )}
                </p>
              ) : null}
              {searchError ? <p className="notice tone-error">{searchError}</p> : null}
              {page === 'file' && filePath && searchable && activeId ? (
                <CodeView
                  repositoryId={activeId}
                  path={filePath}
                  line={fileLine}
                  onLine={setFileLine}
                  onOpen={(path, line) => openFile(path, line)}
                  onFindSimilar={(chunk: Chunk) => findSimilar(chunk.id, `similar to ${chunk.symbol ?? `${chunk.path}:${chunk.startLine}`}`)}
                  onFindReferences={(name) => {
                    committed.current = true;
                    onQuery(`references to ${name}`);
                  }}
                  onBack={backToResults}
                  closeSignal={closeSignal}
                />
              ) : page === 'ranking' ? (
                <RankingPage
                  answer={showAnswer ? answer : null}
                  runExperiment={(request) => workers.index.search(activeId!, request)}
                  onOpen={(path, line) => openFile(path, line)}
                />
              ) : showAnswer ? (
                <section className="answer" aria-label="Answer" data-query={answer.query.query} data-repository={answer.repositoryId}>
                  <div className="answer-head">
                    <span className="answer-facts">
                      <span>
                        {answer.results.length} result{answer.results.length === 1 ? '' : 's'}
                        {answer.matchTotal.lines > 0
                          ? ` · ${formatCount(answer.matchTotal.lines)} matching line${answer.matchTotal.lines === 1 ? '' : 's'} in ${formatCount(answer.matchTotal.files)} file${answer.matchTotal.files === 1 ? '' : 's'}`
                          : ''}
                      </span>
                      <span>
                        {answer.query.strategy} · {formatDuration(answer.query.elapsedMs)}
                      </span>
                    </span>
                    <span className="answer-links">
                      <button type="button" className="link-button" onClick={() => setPage('ranking')}>
                        How was this ranked?
                      </button>
                      <button type="button" className="link-button" aria-expanded={queryExplained} onClick={() => setQueryExplained((x) => !x)}>
                        Explain query
                      </button>
                    </span>
                  </div>
                  {queryExplained ? <QueryExplain query={answer.query} /> : null}
                  {answer.query.absent ? (
                    <AbsentName
                      absent={answer.query.absent}
                      repository={active?.name ?? 'this repository'}
                      onSuggest={(name) => onQuery(replaceWord(query, answer.query.absent!.name, name))}
                    />
                  ) : null}
                  {answer.query.error ? null : (
                    <Results
                      view={answer}
                      selected={selected}
                      onSelect={setSelected}
                      onLeave={() => searchRef.current?.focus()}
                      onOpen={(result: ResultView, line?: number) => openFile(result.path, line ?? result.startLine)}
                      onFindSimilar={(result: ResultView) => findSimilar(result.chunkId, `similar to ${result.symbol ?? result.path}`)}
                      stale={stale}
                      closeSignal={closeSignal}
                    />
                  )}
                </section>
              ) : (
                <EmptyState hasRepository={searchable} isDemo={isDemo} onSuggest={onQuery} />
              )}
            </>
          )}
        </main>
      </div>
    </div>
  );
}

function EmptyState({ hasRepository, isDemo, onSuggest }: { hasRepository: boolean; isDemo: boolean; onSuggest(query: string): void }) {
  return (
    <section className="empty-state">
      {hasRepository && isDemo ? (
        <>
          <p>
            This is <b>Svelte</b>'s source (MIT), indexed ahead of time so you can try Fourfold without bringing anything. Try
            one question per intent:
          </p>
          <ul className="suggestions" aria-label="Suggested queries">
            {DEMO_QUERIES.map(({ intent, query }) => (
              <li key={intent}>
                <button type="button" className="suggestion" onClick={() => onSuggest(query)}>
                  <code>{query}</code>
                </button>{' '}
                <span className="muted">{intent.replace(/_/g, ' ')}</span>
              </li>
            ))}
          </ul>
          <p className="muted">
            Or bring your own repository in: drop a folder, choose one, or clone by URL. Everything stays in this browser.
          </p>
        </>
      ) : hasRepository ? (
        <>
          <p>Ask the way you would ask a colleague. Each query is routed by intent:</p>
          <ul>
            <li>
              <code>function render</code>, <code>parseConfig</code> — where something is defined
            </li>
            <li>
              <code>who calls diff</code> — its callers and references
            </li>
            <li>
              <code>what depends on options</code> — the blast radius of a change
            </li>
            <li>
              <code>"exact text"</code>, <code>TypeError</code> — literal matches
            </li>
            <li>
              <code>how does rendering work</code> — understanding code
            </li>
          </ul>
          <p className="muted">
            Press <kbd>/</kbd> to search, <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open.
          </p>
        </>
      ) : (
        <p>Drop a folder, choose one, or clone a repository by URL. Everything stays in this browser.</p>
      )}
    </section>
  );
}

/** The honest answer first: the name is not here; the nearest names that are; then loose matches. */
function AbsentName({ absent, repository, onSuggest }: { absent: AbsentName; repository: string; onSuggest(name: string): void }) {
  return (
    <div className="absent-name" role="note" aria-label="Not in this repository">
      <p>
        No <code>{absent.name}</code> in {repository}: it is not defined, used or even mentioned.
      </p>
      {absent.suggestions.length > 0 ? (
        <p>
          Did you mean{' '}
          {absent.suggestions.map((name, i) => (
            <Fragment key={name}>
              {i > 0 ? ', ' : ''}
              <button type="button" className="link-button suggestion-name" onClick={() => onSuggest(name)}>
                <code>{name}</code>
              </button>
            </Fragment>
          ))}
          ?
        </p>
      ) : (
        <p className="muted">No similar name is defined here either.</p>
      )}
      <p className="loose-label">Loose matches (other words of the question):</p>
    </div>
  );
}

function replaceWord(query: string, word: string, by: string): string {
  const at = query.indexOf(word);
  return at < 0 ? by : query.slice(0, at) + by + query.slice(at + word.length);
}

/**
 * The model that will answer semantic queries on the open repository: the one its index was
 * built with (the demo's is known before the model has loaded), marked while it loads.
 */
function ModelChip({ status, active, settled }: { status: WorkerStatus | null; active: RepositorySummary | null; settled: boolean }) {
  const model = active?.stats?.embedder ?? status?.embedder ?? null;
  if (!model && !settled) {
    return (
      <span className="chip subtle" title="The embedding model is loading in the background">
        semantic model: loading
      </span>
    );
  }
  if (!model) {
    const why = status?.embedderProblem ?? (status ? 'This repository was indexed without an embedding model.' : 'Starting…');
    return (
      <span className="chip subtle" title={why}>
        {status?.embedderProblem ? 'no semantic model' : 'semantic model: none'}
      </span>
    );
  }
  const loading = status !== null && status.embedder === null && !status.embedderProblem && !model.startsWith('voyage:');
  return (
    <span className="chip subtle" title={loading ? `${model}: loading in the background; a semantic query waits for it` : 'Embedding model that answers semantic queries here'}>
      {model}
      {loading ? ' (loading)' : ''}
    </span>
  );
}
