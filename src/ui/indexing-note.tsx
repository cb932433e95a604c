/** While a build runs: which repository the search box searches meanwhile. */
import type { AnswerUpdate } from './use-search';
import type { LiveStage, RepositorySummary } from '../browser/protocol';
import type { Job } from './index-status';
import { formatCount } from './format';

interface Props {
  job: Job | null;
  /** The build's live stage, when the box already searches the repository being built. */
  live: LiveStage | null;
  active: RepositorySummary | null;
  searchable: boolean;
}

export function IndexingNote({ job, live, active, searchable }: Props) {
  if (!job) return null;
  if (live && live.pending.length === 0)
    return (
      <p className="searching-while-indexing" role="note" aria-label="Which repository is searched">
        Indexing <b>{job.name}</b>: the box searches it with every index; it is being saved in this browser.
      </p>
    );
  if (live) {
    const one = live.pending.length === 1;
    const partial = live.partialFiles;
    return (
      <p className="searching-while-indexing" role="note" aria-label="Which repository is searched">
        Indexing <b>{job.name}</b>: the box already searches it with {live.live.join(', ')}
        {partial
          ? ` over the ${formatCount(partial.searched)} of its ${formatCount(partial.total)} files read so far (the rest join as they are read)`
          : ''}
        ; {live.pending.join(', ')} {one ? 'joins' : 'join'} as {one ? 'it is' : 'they are'} built, and the answer on
        screen is asked again then.
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

/**
 * Said when an answer on screen was asked again because a modality arrived and came back
 * different ("updated: semantic joined"). It floats over the page's corner, so nothing under
 * the reader's eyes moves.
 */
export function UpdatedNote({ update }: { update: AnswerUpdate | null }) {
  return (
    <p className="answer-updated" aria-live="polite" aria-label="Answer updated" hidden={!update}>
      {update ? updateText(update) : ''}
    </p>
  );
}

function updateText({ joined, changed }: AnswerUpdate): string {
  const who = joined.length > 0 ? `${joined.join(' and ')} joined` : 'more of the index is ready';
  return `Updated: ${who}${changed ? ' — the results changed' : ''}.`;
}
