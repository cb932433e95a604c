/** While a build runs: which repository the search box searches meanwhile. */
import type { LiveStage, RepositorySummary } from '../browser/protocol';
import type { Job } from './index-status';

interface Props {
  job: Job | null;
  /** The build's live stage, when the box already searches the repository being built. */
  live: LiveStage | null;
  active: RepositorySummary | null;
  searchable: boolean;
}

export function IndexingNote({ job, live, active, searchable }: Props) {
  if (!job) return null;
  if (live) {
    const one = live.pending.length === 1;
    return (
      <p className="searching-while-indexing" role="note" aria-label="Which repository is searched">
        Indexing <b>{job.name}</b>: the box already searches it with {live.live.join(', ')}; {live.pending.join(', ')}{' '}
        {one ? 'joins' : 'join'} as {one ? 'it is' : 'they are'} built, and the answer on screen is asked again then.
      </p>
    );
  }
  return (
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
  );
}
