/** The header: the brand, the page links, and what the box searches (the repository, its live modalities, the semantic model). */
import type { LiveStage, RepositorySummary, WorkerStatus } from '../browser/protocol';
import { liveModalitiesText, type Job } from './index-status';
import type { Page } from './url-state';

const PAGE_LINKS = [
  ['search', 'Search'],
  ['ranking', 'How ranking works'],
  ['settings', 'Settings'],
] as const;

interface Props {
  page: Page;
  onPage(page: Page): void;
  status: WorkerStatus | null;
  active: RepositorySummary | null;
  job: Job | null;
  live: LiveStage | null;
  modelSettled: boolean;
}

export function AppHeader({ page, onPage, status, active, job, live, modelSettled }: Props) {
  return (
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
        {PAGE_LINKS.map(([p, label]) => (
          <button
            key={p}
            type="button"
            className={`nav-link${page === p || (p === 'search' && page === 'file') ? ' is-current' : ''}`}
            aria-current={page === p ? 'page' : undefined}
            onClick={() => onPage(p)}
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
          <span
            className="chip live-modalities"
            aria-label="Live modalities"
            title="Indexes answering now, and how far the others are: an answer is asked again as each arrives"
          >
            {liveModalitiesText(job)}
          </span>
        ) : null}
        <ModelChip status={status} active={active} settled={modelSettled} />
        <button type="button" className="button small repo-jump" onClick={jumpToRepositories}>
          Repositories
        </button>
      </div>
    </header>
  );
}

/** The repository list is far down on a narrow screen: the header button scrolls to it and focuses its first entry. */
function jumpToRepositories(): void {
  const list = document.getElementById('repositories');
  list?.scrollIntoView({ block: 'start' });
  list?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
}

/**
 * The model that will answer semantic queries on the open repository: the one its index was
 * built with (the demo's is known before the model has loaded), marked while it loads.
 */
function ModelChip({
  status,
  active,
  settled,
}: {
  status: WorkerStatus | null;
  active: RepositorySummary | null;
  settled: boolean;
}) {
  const model = active?.stats?.embedder ?? status?.embedder ?? null;
  if (!model && !settled) {
    return (
      <span className="chip subtle" title="The embedding model is loading in the background">
        semantic model: loading
      </span>
    );
  }
  if (!model) {
    const why =
      status?.embedderProblem ?? (status ? 'This repository was indexed without an embedding model.' : 'Starting…');
    return (
      <span className="chip subtle" title={why}>
        {status?.embedderProblem ? 'no semantic model' : 'semantic model: none'}
      </span>
    );
  }
  const loading =
    status !== null && status.embedder === null && !status.embedderProblem && !model.startsWith('voyage:');
  return (
    <span
      className="chip subtle"
      title={
        loading
          ? `${model}: loading in the background; a semantic query waits for it`
          : 'Embedding model that answers semantic queries here'
      }
    >
      {model}
      {loading ? ' (loading)' : ''}
    </span>
  );
}
