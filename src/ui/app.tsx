/**
 * The app shell: the layout, and the hooks that hold its state and send its intents to the
 * workers. Ranking, indexing and storage all happen in the workers; this file only renders
 * their answers.
 */
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Chunk } from '../engine/contract';
import type { ResultView, SearchView } from '../browser/protocol';
import type { SuggestedQuery } from '../engine/suggestions';
import { DEMO } from '../browser/demo';
import { AnswerSection } from './answer-section';
import { AppHeader } from './app-header';
import { BringIn } from './bring-in';
import { getWorkers, type Workers } from './client';
import { CodeView } from './code-view';
import { EmptyState } from './empty-state';
import { IndexStatus } from './index-status';
import { IndexingNote, UpdatedNote } from './indexing-note';
import { RankingPage } from './ranking-page';
import { liveKeyOf, readinessOf, waitingForSemantic } from './readiness';
import { Repositories } from './repositories';
import { SearchBar } from './search-bar';
import { SettingsPage } from './settings-page';
import { readSearchState } from './url-state';
import { useIndexJob } from './use-index-job';
import { useRepositories } from './use-repositories';
import { useSearch } from './use-search';
import { useShortcuts } from './use-shortcuts';
import { placeholderFor, useSuggestions } from './use-suggestions';
import { useUrlHistory, type UrlHistory } from './use-url-history';

export function App() {
  const workers = getWorkers();
  const initial = useRef(readSearchState()).current;
  // The answer on screen: searches fill it; a repository closed or a build dropped clears it.
  const [answer, setAnswer] = useState<SearchView | null>(null);
  const clearAnswer = useCallback(() => setAnswer(null), []);
  const repos = useRepositories(workers, initial, clearAnswer);
  const { status, repositories, active, activeId, openId, openRepository, refresh } = repos;
  const nav = useUrlHistory(initial, activeId, answer);
  const { query, similarTo, page, setPage } = nav;
  const indexing = useIndexJob({ ...repos, workers, clearAnswer });
  const { job } = indexing;
  const { live, searchable } = readinessOf(job, active, activeId, openId);
  // A complete repository chosen but not open yet (the one a cancelled build returns to, or the
  // one the address names while the stored ones are listed): it is about to answer, so the main
  // area must not ask for a folder meanwhile.
  const opening =
    (status === null && initial.repositoryId !== null) || (active?.state === 'complete' && openId !== active.id);
  const liveKey = liveKeyOf(live, repos.modelSettled);
  const { plan, searchError, update, sentBeforeModel } = useSearch({
    ...nav,
    workers,
    initial,
    activeId,
    searchable,
    liveKey,
    answer,
    setAnswer,
  });
  const suggestions = useSuggestions(workers, activeId, searchable, liveKey);
  const searchRef = useRef<HTMLInputElement>(null);
  const [queryExplained, setQueryExplained] = useState(false);
  // Escape closes what is open (Explain panels, the query explanation, a peek list) and returns to the box.
  const closeSignal = useShortcuts(searchRef, () => setQueryExplained(false));

  const onSelectRepository = (id: string) => {
    if (id === activeId) return;
    setAnswer(null);
    setPage('search');
    nav.setFilePath(null);
    void openRepository(id, true);
  };

  const answerIsCurrent = answer !== null && answer.repositoryId === activeId;
  const shown: ShownAnswer = {
    answer: answerIsCurrent && (query.trim() !== '' || similarTo !== null) ? answer : null,
    stale: answerIsCurrent && answer.query.query !== query && similarTo === null,
  };
  const demoHidden = status !== null && !repositories.some((r) => r.origin === 'demo');

  const searchColumn = (
    <>
      <SearchBar
        ref={searchRef}
        query={query}
        onQuery={nav.onQuery}
        onKeyDown={(event) =>
          onSearchBoxKey(event, page === 'search' && answer !== null && answer.results.length > 0, nav)
        }
        plan={plan}
        answer={answerIsCurrent ? answer : null}
        preset={nav.preset}
        onPreset={nav.setPreset}
        modalities={nav.modalities}
        onModalities={nav.setModalities}
        disabled={false}
        placeholder={placeholderFor(active?.name ?? null, suggestions)}
      />
      <IndexingNote job={job} live={live} active={active} searchable={searchable} />
      {searchError ? <p className="notice tone-error">{searchError}</p> : null}
      <UpdatedNote update={shown.answer ? update : null} />
      <PageBody
        workers={workers}
        nav={nav}
        activeId={activeId}
        activeName={active?.name ?? 'this repository'}
        isDemo={active?.origin === 'demo'}
        suggestions={suggestions}
        searchable={searchable}
        live={live !== null}
        opening={opening}
        shown={shown}
        queryExplained={queryExplained}
        onToggleQueryExplained={() => setQueryExplained((x) => !x)}
        onLeave={() => searchRef.current?.focus()}
        closeSignal={closeSignal}
      />
    </>
  );

  return (
    <div className="app">
      <AppHeader
        page={page}
        onPage={setPage}
        status={status}
        active={active}
        job={job}
        live={live}
        modelSettled={repos.modelSettled}
      />
      <div className={`layout${repositories.length === 0 ? ' is-empty' : ''}`}>
        <Sidebar
          repos={repos}
          indexing={indexing}
          waiting={waitingForSemantic(repos.modelSettled, { sentBeforeModel, shown: shown.answer })}
          onSelect={onSelectRepository}
        />
        <main className="main">
          {page === 'settings' ? (
            <SettingsPage
              settings={status?.settings ?? null}
              onSave={repos.onSaveSettings}
              demoHidden={demoHidden}
              onShowDemo={() => {
                void openRepository(DEMO.id, true).then(refresh);
                setPage('search');
              }}
            />
          ) : (
            searchColumn
          )}
        </main>
      </div>
    </div>
  );
}

/** The left column: the indexing status, the repositories, and the ways to bring one in. */
function Sidebar({
  repos,
  indexing,
  waiting,
  onSelect,
}: {
  repos: ReturnType<typeof useRepositories>;
  indexing: ReturnType<typeof useIndexJob>;
  /** The status still says semantic is coming (waitingForSemantic). */
  waiting: boolean;
  onSelect(id: string): void;
}) {
  const { job } = indexing;
  return (
    <aside className="sidebar">
      <IndexStatus job={job} notice={repos.notice} waiting={waiting} onCancel={indexing.onCancel} />
      <Repositories
        repositories={repos.repositories}
        activeId={repos.activeId}
        onSelect={onSelect}
        onDelete={repos.onDelete}
        onReindex={indexing.onReindex}
        busy={job !== null}
        indexing={job ? { id: job.live?.repositoryId ?? null, name: job.name } : null}
        settling={indexing.settling}
      />
      <BringIn
        busy={job !== null}
        onFolder={indexing.onFolder}
        onClone={indexing.onClone}
        onProblem={(text) => repos.setNotice({ tone: 'error', text })}
      />
    </aside>
  );
}

/** The keyboard between the box and the list. */
function onSearchBoxKey(event: KeyboardEvent<HTMLInputElement>, hasResults: boolean, nav: UrlHistory): void {
  if ((event.key === 'ArrowDown' || event.key === 'Enter') && hasResults) {
    // Enter commits the search (a history entry) and, like ArrowDown, moves to the results.
    event.preventDefault();
    nav.commit();
    nav.setSelected(0);
    document.querySelector<HTMLLIElement>('ol.results > li')?.focus();
  } else if (event.key === 'Enter') nav.commit();
}

/** The answer to show (null when there is none for the open repository and the query typed), and whether it is for an older query. */
interface ShownAnswer {
  answer: SearchView | null;
  stale: boolean;
}

interface PageBodyProps {
  workers: Workers;
  nav: UrlHistory;
  activeId: string | null;
  activeName: string;
  isDemo: boolean;
  suggestions: SuggestedQuery[];
  searchable: boolean;
  /** A build runs and the box already searches it. */
  live: boolean;
  /** A complete repository is being opened (or the stored ones are still being listed). */
  opening: boolean;
  shown: ShownAnswer;
  queryExplained: boolean;
  onToggleQueryExplained(): void;
  /** Move focus back to the search box. */
  onLeave(): void;
  closeSignal: number;
}

/** Below the search box: the code view, the ranking page, the answer, or what to ask. */
function PageBody({
  workers,
  nav,
  activeId,
  activeName,
  isDemo,
  suggestions,
  searchable,
  live,
  opening,
  shown,
  queryExplained,
  onToggleQueryExplained,
  onLeave,
  closeSignal,
}: PageBodyProps): ReactNode {
  const { page, filePath, openFile, findSimilar } = nav;
  if (page === 'file' && filePath && searchable && activeId) {
    return (
      <CodeView
        repositoryId={activeId}
        path={filePath}
        line={nav.fileLine}
        onLine={nav.setFileLine}
        onOpen={(path, line) => openFile(path, line)}
        onFindSimilar={(chunk: Chunk) =>
          findSimilar(chunk.id, `similar to ${chunk.symbol ?? `${chunk.path}:${chunk.startLine}`}`)
        }
        onFindReferences={(name) => {
          nav.commit();
          nav.onQuery(`references to ${name}`);
        }}
        onBack={nav.backToResults}
        closeSignal={closeSignal}
      />
    );
  }
  if (page === 'ranking') {
    return (
      <RankingPage
        answer={shown.answer}
        runExperiment={(request) => workers.index.search(activeId!, request)}
        onOpen={(path, line) => openFile(path, line)}
      />
    );
  }
  if (shown.answer) {
    return (
      <AnswerSection
        answer={shown.answer}
        repository={activeName}
        query={nav.query}
        onQuery={nav.onQuery}
        queryExplained={queryExplained}
        onToggleQueryExplained={onToggleQueryExplained}
        onRanking={() => nav.setPage('ranking')}
        selected={nav.selected}
        onSelect={nav.setSelected}
        onLeave={onLeave}
        onOpen={(result: ResultView, line?: number) => openFile(result.path, line ?? result.line ?? result.startLine)}
        onFindSimilar={(result: ResultView) =>
          findSimilar(result.chunkId, `similar to ${result.symbol ?? result.path}`)
        }
        stale={shown.stale}
        closeSignal={closeSignal}
      />
    );
  }
  // While a build runs the box already searches it (live): that is a repository to ask, not one to bring in.
  return (
    <EmptyState
      hasRepository={searchable || live || opening}
      isDemo={isDemo}
      suggestions={suggestions}
      onSuggest={nav.onQuery}
    />
  );
}
