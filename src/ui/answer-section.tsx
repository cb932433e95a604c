/** An answer on the search page: its facts (count, strategy, time), the links that explain it, an absent name's note, and the results. */
import { Fragment } from 'react';
import type { AbsentName as AbsentNameFacts, SimilarSubjectChoice } from '../engine/contract';
import type { SearchView } from '../browser/protocol';
import { parseQuery } from '../engine/query-syntax';
import { filteredOutMessage } from '../engine/search/filtered-out';
import { QueryExplain } from './explain';
import { formatCount, formatDuration } from './format';
import { Results, type ResultsProps } from './results';

/** The answer's own props, and the results' (passed on to Results, which shows `answer`). */
interface Props extends Omit<ResultsProps, 'view'> {
  answer: SearchView;
  /** The name of the repository searched, for the absent-name note. */
  repository: string;
  /** The query typed: an absent name's suggestion replaces its word in it. */
  query: string;
  onQuery(query: string): void;
  queryExplained: boolean;
  onToggleQueryExplained(): void;
  onRanking(): void;
}

export function AnswerSection({
  answer,
  repository,
  query,
  onQuery,
  queryExplained,
  onToggleQueryExplained,
  onRanking,
  ...results
}: Props) {
  // A typed query that cannot run (too long, a bad pattern) leaves no earlier answer on screen:
  // its message is next to the box, and the results below would be another question's.
  if (answer.query.query !== query && parseQuery(query).errorCode !== undefined) return null;
  const absent = answer.query.absent;
  return (
    <section
      className="answer"
      aria-label="Answer"
      data-query={answer.query.query}
      data-repository={answer.repositoryId}
      // The modalities this answer went without (still loading or indexing): what a refresh adds.
      data-not-ready={answer.query.notReady?.join(' ') ?? ''}
    >
      <div className="answer-head">
        <AnswerFacts answer={answer} />
        <span className="answer-links">
          <button type="button" className="link-button" onClick={onRanking}>
            How was this ranked?
          </button>
          <button type="button" className="link-button" aria-expanded={queryExplained} onClick={onToggleQueryExplained}>
            Explain query
          </button>
        </span>
      </div>
      {queryExplained ? <QueryExplain query={answer.query} /> : null}
      {answer.query.partialFiles ? (
        <p className="partial-files" role="note" aria-label="Partial answer">
          Searched {formatCount(answer.query.partialFiles.searched)} of {formatCount(answer.query.partialFiles.total)}{' '}
          files so far: the rest are still being read, and this answer is asked again as they arrive.
        </p>
      ) : null}
      {absent ? (
        <AbsentName
          absent={absent}
          repository={repository}
          hasLooseMatches={answer.results.length > 0}
          onSuggest={(name) => onQuery(replaceWord(query, absent.name, name))}
        />
      ) : null}
      {answer.query.similarTo?.code === 'ambiguous' ? (
        <AmbiguousSubject choice={answer.query.similarTo} onQuery={onQuery} />
      ) : null}
      {answer.query.filteredOut && answer.results.length > 0 ? (
        <p className="filtered-out" role="note">
          No exact match within the filters: {filteredOutMessage(answer.query.filteredOut)} Below, loose matches.
        </p>
      ) : null}
      {answer.query.error ? null : <Results view={answer} {...results} />}
    </section>
  );
}

function AnswerFacts({ answer }: { answer: SearchView }) {
  const { lines, files } = answer.matchTotal;
  return (
    <span className="answer-facts">
      <span>
        {answer.results.length} result{answer.results.length === 1 ? '' : 's'}
        {lines > 0
          ? ` · ${formatCount(lines)} matching line${lines === 1 ? '' : 's'} in ${formatCount(files)} file${files === 1 ? '' : 's'}`
          : ''}
      </span>
      <span>
        {answer.query.strategy} · {formatDuration(answer.query.elapsedMs)}
      </span>
    </span>
  );
}

/** The honest answer first: the name is not here; the nearest names that are; then loose matches. */
function AbsentName({
  absent,
  repository,
  hasLooseMatches,
  onSuggest,
}: {
  absent: AbsentNameFacts;
  repository: string;
  /** No header over an empty list: the label is shown only when loose matches follow. */
  hasLooseMatches: boolean;
  onSuggest(name: string): void;
}) {
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
      {hasLooseMatches ? <p className="loose-label">Loose matches (other words of the question):</p> : null}
    </div>
  );
}

/**
 * "Similar to X" where X names several definitions: the reader sees that every one was left out
 * and which one the list starts from, and can ask about one of them (the path picks it).
 */
function AmbiguousSubject({ choice, onQuery }: { choice: SimilarSubjectChoice; onQuery(query: string): void }) {
  const [first] = choice.taken;
  if (!first) return null;
  return (
    <div className="ambiguous-subject" role="note" aria-label="Defined more than once">
      <p>
        <code>{choice.name}</code> is defined {choice.definitions} times: all of them are left out, and the list is
        searched from{' '}
        <code>
          {first.path}:{first.startLine}
        </code>{' '}
        (the one open to the code&apos;s users, then the largest).
      </p>
      <p>
        Similar to one of them:{' '}
        {choice.taken.map((taken, i) => (
          <Fragment key={taken.chunkId}>
            {i > 0 ? ', ' : ''}
            <button
              type="button"
              className="link-button"
              onClick={() => onQuery(`code similar to ${taken.path}:${choice.name}`)}
            >
              <code>
                {taken.path}:{taken.startLine}
              </code>
            </button>
          </Fragment>
        ))}
      </p>
    </div>
  );
}

function replaceWord(query: string, word: string, by: string): string {
  const at = query.indexOf(word);
  return at < 0 ? by : query.slice(0, at) + by + query.slice(at + word.length);
}
