import type { RepositorySummary } from '../browser/protocol';
import { formatStorageBytes } from '../browser/storage-quota';
import { formatCount } from './format';
import { StorageKeeper } from './storage-keeper';

interface Props {
  repositories: RepositorySummary[];
  activeId: string | null;
  onSelect(id: string): void;
  onDelete(repository: RepositorySummary): void;
  /** Index again (a clone is cloned again; a folder is chosen again): resumes a cancelled or failed entry too. */
  onReindex(repository: RepositorySummary): void;
  /** An indexing job is running: no second one. */
  busy: boolean;
  /** The repository the running job builds (its id once known, else its name): its entry says "indexing…". */
  indexing: { id: string | null; name: string } | null;
  /** A finished build's stored size is about to shrink (its records are being deflated): the list says it is busy. */
  settling: boolean;
}

const STATE_LABEL: Record<RepositorySummary['state'], string> = {
  complete: '',
  building: 'indexing…',
  cancelled: 'cancelled — not searchable',
  failed: 'failed — not searchable',
};

function stateLabel(repo: RepositorySummary, building: boolean): string {
  // The entry a running job builds says so, whatever its record said before the job (cancelled, failed).
  if (building) return STATE_LABEL.building;
  // A 'building' record with a message is a build that is no longer running (the worker says why).
  if (repo.state === 'building' && repo.message) return 'interrupted — not searchable';
  return STATE_LABEL[repo.state];
}

export function Repositories({
  repositories,
  activeId,
  onSelect,
  onDelete,
  onReindex,
  busy,
  indexing,
  settling,
}: Props) {
  return (
    <section className="repositories" id="repositories" aria-labelledby="repositories-title">
      <h2 id="repositories-title">Repositories</h2>
      {repositories.length === 0 ? (
        <p className="empty">None yet. Bring one in below.</p>
      ) : (
        <ul aria-label="Repositories" aria-busy={settling || undefined}>
          {repositories.map((repo) => {
            const building = indexing !== null && (indexing.id === repo.id || indexing.name === repo.name);
            // A re-indexed complete entry keeps answering from its index until the new one replaces it.
            const searchable = repo.state === 'complete';
            return (
              <li key={repo.id} className={repo.id === activeId ? 'is-active' : undefined}>
                <button
                  type="button"
                  className="repo-select"
                  disabled={!searchable}
                  aria-current={repo.id === activeId ? 'true' : undefined}
                  onClick={() => onSelect(repo.id)}
                  title={repo.message ?? repo.url ?? repo.name}
                >
                  <span className="repo-name">{repo.name}</span>
                  <span className="repo-meta">
                    {searchable && repo.stats
                      ? `${formatCount(repo.stats.files)} files · ${formatCount(repo.stats.chunks)} chunks${repo.storedBytes ? ` · ${formatStorageBytes(repo.storedBytes)} stored` : ''}`
                      : stateLabel(repo, building)}
                  </span>
                </button>
                {repo.origin !== 'demo' &&
                !(building && !searchable) &&
                !(repo.state === 'building' && !repo.message) ? (
                  <button
                    type="button"
                    className="button small reindex-button"
                    disabled={busy}
                    aria-label={`${searchable ? 'Re-index' : 'Resume'} ${repo.name}`}
                    title={
                      repo.origin === 'clone'
                        ? `Clone ${repo.url} again and index what changed`
                        : 'Choose the folder again: only changed files are parsed and embedded again'
                    }
                    onClick={() => onReindex(repo)}
                  >
                    {searchable ? 'Re-index' : 'Resume'}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete ${repo.name}`}
                  title="Delete"
                  onClick={() => onDelete(repo)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <StorageKeeper hasIndexes={repositories.some((r) => r.origin !== 'demo' && r.state === 'complete')} />
    </section>
  );
}
