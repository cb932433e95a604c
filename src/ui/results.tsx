/**
 * The results list: path, lines, the symbol, a highlighted snippet and a stacked bar of each
 * modality's share of the score. Arrow keys move, Enter opens the whole chunk, "Explain"
 * shows the numbers behind the rank.
 */
import { Fragment, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MODALITIES, type MatchLine, type SubResult } from '../engine/contract';
import { filteredOutMessage } from '../engine/search/filtered-out';
import type { ResultView, SearchView } from '../browser/protocol';
import { ResultExplain } from './explain';
import { formatCount, formatLines, formatScore } from './format';
import { Marked, withoutIndent } from './marked';

/** Matching lines shown before "Show N more matches". */
const COLLAPSED_MATCHES = 3;
/** Intents whose matching lines are the answer itself (call sites, uses, occurrences), shown instead of the chunk's first lines. */
const LINES_ARE_THE_ANSWER = new Set(['find_references', 'impact_analysis', 'exact_match']);

export interface ResultsProps {
  view: SearchView;
  selected: number;
  onSelect(index: number): void;
  /** Move focus back to the search box (ArrowUp on the first result). */
  onLeave(): void;
  /** Open the result in the code view (click or Enter), at a line of it. */
  onOpen(result: ResultView, line?: number): void;
  onFindSimilar(result: ResultView): void;
  stale: boolean;
  /** Changes when Escape asks every open panel to close. */
  closeSignal: number;
}

export function Results({
  view,
  selected,
  onSelect,
  onLeave,
  onOpen,
  onFindSimilar,
  stale,
  closeSignal,
}: ResultsProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // Keyed by path (one result per file): an answer refreshed because an index arrived keeps what was open.
  const [explained, setExplained] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const top = view.results[0]?.score ?? 0;
  const linesAreTheAnswer = LINES_ARE_THE_ANSWER.has(view.query.intent) && view.request.similarToChunk === undefined;

  // A new question: close what was open for the previous one (a refreshed answer to the same question keeps it).
  const question = JSON.stringify(view.request);
  useEffect(() => {
    setExplained(new Set());
    setExpanded(new Set());
  }, [question, view.repositoryId]);

  useEffect(() => setExplained(new Set()), [closeSignal]);

  const toggle = (set: typeof setExpanded, path: string) =>
    set((previous) => {
      const next = new Set(previous);
      if (!next.delete(path)) next.add(path);
      return next;
    });

  const focusItem = (index: number) => {
    const item = listRef.current?.querySelectorAll<HTMLLIElement>(':scope > li')[index];
    item?.focus();
    item?.scrollIntoView({ block: 'nearest' });
  };

  const open = (index: number, result: ResultView, line?: number) => {
    onSelect(index);
    onOpen(result, line);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if ((event.target as HTMLElement).tagName !== 'LI') return;
    if (event.key === 'ArrowDown' && selected < view.results.length - 1) {
      event.preventDefault();
      onSelect(selected + 1);
      focusItem(selected + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (selected === 0) onLeave();
      else {
        onSelect(selected - 1);
        focusItem(selected - 1);
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(selected, view.results[selected]);
    }
  };

  if (view.results.length === 0) return <NoResults query={view.query} />;

  const keys = stableKeys(view.results);
  return (
    <>
      <div className="legend" aria-hidden="true">
        {MODALITIES.map((m) => (
          <span key={m}>
            <span className={`swatch m-${m}`} />
            {m}
          </span>
        ))}
      </div>
      <ol ref={listRef} className={`results${stale ? ' is-stale' : ''}`} aria-label="Results" onKeyDown={onKeyDown}>
        {view.results.map((result, index) => (
          <ResultItem
            key={keys[index]}
            result={result}
            index={index}
            isSelected={index === selected}
            top={top}
            linesAreTheAnswer={linesAreTheAnswer}
            isExplained={explained.has(result.path)}
            isExpanded={expanded.has(result.path)}
            runs={view.query.modalities}
            onSelect={onSelect}
            onOpen={(line) => open(index, result, line)}
            onFindSimilar={onFindSimilar}
            onToggleExplained={() => toggle(setExplained, result.path)}
            onToggleExpanded={() => toggle(setExpanded, result.path)}
          />
        ))}
      </ol>
    </>
  );
}

interface ItemProps {
  result: ResultView;
  index: number;
  isSelected: boolean;
  /** The top result's score: the contribution bars are scaled to it. */
  top: number;
  linesAreTheAnswer: boolean;
  isExplained: boolean;
  isExpanded: boolean;
  runs: SearchView['query']['modalities'];
  onSelect(index: number): void;
  /** Open the result in the code view, at a line of it. */
  onOpen(line?: number): void;
  onFindSimilar(result: ResultView): void;
  onToggleExplained(): void;
  onToggleExpanded(): void;
}

/** One result: its head (rank, path, lines, symbol, score, actions), its bar, its lines or snippet, and its explanation when open. */
function ResultItem({
  result,
  index,
  isSelected,
  top,
  linesAreTheAnswer,
  isExplained,
  isExpanded,
  runs,
  onSelect,
  onOpen,
  onFindSimilar,
  onToggleExplained,
  onToggleExpanded,
}: ItemProps) {
  return (
    <li
      tabIndex={isSelected ? 0 : -1}
      className={`result${isSelected ? ' is-selected' : ''}`}
      onFocus={(e) => e.target === e.currentTarget && onSelect(index)}
    >
      <div className="result-head">
        <span className="rank" aria-label={`Rank ${index + 1}`}>
          {index + 1}
        </span>
        <button type="button" className="path" onClick={() => onOpen()} title="Open in the code view (Enter)">
          <PathLabel path={result.path} />
        </button>
        <span className="where">
          <span className="lines">{formatLines(result.startLine, result.endLine)}</span>
          {result.symbol ? (
            <span className="symbol" title={result.symbol}>
              {result.definitionKind ? (
                <>
                  <span className="kind">{result.definitionKind}</span>
                  {/* Where a phone's line is too short for both, the name moves under its kind
                      rather than breaking inside a word: the kind's margin is no break. */}
                  <wbr />
                </>
              ) : null}
              {result.symbol}
            </span>
          ) : null}
        </span>
        {result.evidence === 'by-name' ? (
          <span className="evidence" title="A use with this name that the graph could not resolve to the definition">
            by name, unresolved
          </span>
        ) : null}
        <span className="score" title="Final score">
          {formatScore(result.score)}
        </span>
        <span className="result-actions">
          {result.definitionKind ? (
            <button
              type="button"
              className="button small similar-button"
              onClick={() => onFindSimilar(result)}
              title="Find code similar to this definition"
            >
              Similar
            </button>
          ) : null}
          <button
            type="button"
            className={`button small explain-button${isExplained ? ' is-pressed' : ''}`}
            aria-expanded={isExplained}
            onClick={onToggleExplained}
          >
            Explain
          </button>
        </span>
      </div>
      <ContributionBar result={result} top={top} />
      {linesAreTheAnswer && result.matches && result.matches.count > 0 ? (
        <MatchLines
          lines={isExpanded ? result.matches.lines : result.matches.lines.slice(0, COLLAPSED_MATCHES)}
          onOpen={onOpen}
        />
      ) : (
        <Snippet lines={result.snippet.lines} ranges={result.snippet.ranges} firstLine={result.snippet.startLine} />
      )}
      {result.matches && result.matches.count > 0 ? (
        <MoreMatches
          result={result}
          shown={linesAreTheAnswer ? Math.min(COLLAPSED_MATCHES, result.matches.count) : 0}
          expanded={isExpanded}
          onToggle={onToggleExpanded}
        />
      ) : null}
      {isExpanded && !linesAreTheAnswer && result.matches ? (
        <MatchLines lines={result.matches.lines} onOpen={onOpen} />
      ) : null}
      {result.subResults?.length ? <SubResults subResults={result.subResults} onOpen={onOpen} /> : null}
      {isExplained ? <ResultExplain explanation={result.explanation} rankInResults={index} runs={runs} /> : null}
    </li>
  );
}

function PathLabel({ path }: { path: string }) {
  const slash = path.lastIndexOf('/');
  return (
    <>
      <span className="dir">{slash >= 0 ? path.slice(0, slash + 1) : ''}</span>
      <span className="file">{path.slice(slash + 1)}</span>
    </>
  );
}

/** Each modality's share of the final score, as a stacked bar scaled to the top result. */
function ContributionBar({ result, top }: { result: ResultView; top: number }) {
  const { modalities, rrf } = result.explanation;
  const scale = top > 0 ? result.score / top : 0;
  return (
    <div className="contribution-bar" role="img" aria-label={describeContributions(result)}>
      {MODALITIES.map((m) => {
        const c = modalities[m];
        if (!c || rrf <= 0) return null;
        return (
          <span
            key={m}
            className={`m-${m}`}
            style={{ width: `${(c.contribution / rrf) * scale * 100}%` }}
            title={`${m}: ${formatScore(c.contribution)}`}
          />
        );
      })}
    </div>
  );
}

function describeContributions(result: ResultView): string {
  const parts = MODALITIES.flatMap((m) => {
    const c = result.explanation.modalities[m];
    return c ? [`${m} ${formatScore(c.contribution)}`] : [];
  });
  return `Contributions: ${parts.join(', ') || 'none'}`;
}

function Snippet({ lines, ranges, firstLine }: { lines: string[]; ranges: [number, number][][]; firstLine: number }) {
  return (
    <pre className="snippet">
      <code>
        {lines.map((line, i) => (
          <Fragment key={i}>
            <span className="ln" aria-hidden="true">
              {firstLine + i}
            </span>
            <span className="code-line">
              <Marked text={line} ranges={ranges[i]} />
            </span>
            {'\n'}
          </Fragment>
        ))}
      </code>
    </pre>
  );
}

const KIND_LABEL: Record<MatchLine['kind'], string> = {
  definition: 'definition',
  doc: 'doc',
  call: 'call',
  reference: 'use',
  import: 'import',
  occurrence: '',
};

/** Matching lines of a file, each one click (or Enter) away from the code view at that line. */
function MatchLines({ lines, onOpen }: { lines: MatchLine[]; onOpen(line: number): void }) {
  return (
    <ul className="match-lines" aria-label="Matching lines">
      {lines.map((m) => (
        <li key={m.line}>
          <button type="button" className="match-line" onClick={() => onOpen(m.line)} title={`Open at line ${m.line}`}>
            <span className="ln">{m.line}</span>
            <code className="code-line">
              <Marked {...withoutIndent(m.text, m.ranges)} />
            </code>
            <span className="match-meta">
              {KIND_LABEL[m.kind] ? <span className={`match-kind k-${m.kind}`}>{KIND_LABEL[m.kind]}</span> : null}
              {m.resolved === false ? (
                <span
                  className="match-kind k-unresolved"
                  title="Same name; the dependency graph could not tie this use to the definition asked about"
                >
                  same name
                </span>
              ) : null}
              {m.enclosing ? <span className="muted">in {m.enclosing}</span> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The file's other strong chunks (the engine's sub-results), each one click away from the code view at its first line. */
function SubResults({ subResults, onOpen }: { subResults: SubResult[]; onOpen(line: number): void }) {
  return (
    <ul className="match-lines sub-results" aria-label="Also in this file">
      {subResults.map((sub) => (
        <li key={sub.chunkId}>
          <button
            type="button"
            className="match-line sub-result"
            onClick={() => onOpen(sub.startLine)}
            title={`Open ${formatLines(sub.startLine, sub.endLine)}`}
          >
            <span className="ln">{sub.startLine}</span>
            <span className="code-line">
              {sub.definitionKind ? <span className="kind">{sub.definitionKind}</span> : null}
              {sub.symbol ?? formatLines(sub.startLine, sub.endLine)}
            </span>
            <span className="match-meta">
              {sub.explanation.sibling ? (
                <span className="match-kind" title={`Similarity ${sub.explanation.sibling.similarity.toFixed(2)}`}>
                  sibling of {sub.explanation.sibling.of}
                </span>
              ) : null}
              <span className="muted" title="Final score">
                {formatScore(sub.score)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Folding the matching lines: fewer again, the rest after the lines shown, or all of them when none is shown. */
function moreMatchesLabel(expanded: boolean, shown: number, more: number, count: number): string {
  if (expanded) return 'Show fewer matches';
  if (shown > 0) return `Show ${formatCount(more)} more match${more === 1 ? '' : 'es'}`;
  return `Show ${formatCount(count)} matching line${count === 1 ? '' : 's'}`;
}

/** "Show N more matches" (GitHub's wording), with the file's count by kind. */
function MoreMatches({
  result,
  shown,
  expanded,
  onToggle,
}: {
  result: ResultView;
  shown: number;
  expanded: boolean;
  onToggle(): void;
}) {
  const m = result.matches!;
  const calls = m.lines.filter((l) => l.kind === 'call').length;
  const more = m.count - shown;
  const what =
    calls > 0 && calls === m.lines.filter((l) => l.kind !== 'definition').length
      ? `call site${calls === 1 ? '' : 's'}`
      : `matching line${m.count === 1 ? '' : 's'}`;
  const summary = `${formatCount(calls > 0 && what.startsWith('call') ? calls : m.count)} ${what} in this file`;
  if (more <= 0 && shown > 0) return <p className="folded">{summary}</p>;
  return (
    <p className="folded">
      <button type="button" className="link-button more-matches" aria-expanded={expanded} onClick={onToggle}>
        {moreMatchesLabel(expanded, shown, more, m.count)}
      </button>{' '}
      <span className="muted">· {summary}</span>
      {m.lines.length < m.count ? <span className="muted"> (first {formatCount(m.lines.length)} listed)</span> : null}
    </p>
  );
}

/**
 * A result's React key: its file and how many results of that file come before it. When an index
 * arrives and a file's best chunk changes (a text window gives way to the function), the row is
 * the same element, so the reader's focus and scroll stay where they were.
 */
function stableKeys(results: readonly ResultView[]): string[] {
  const seen = new Map<string, number>();
  return results.map((r) => {
    const n = seen.get(r.path) ?? 0;
    seen.set(r.path, n + 1);
    return `${r.path}#${n}`;
  });
}

/** Why an answer is empty: its filters, no file with evidence of depending on the subject, or no match. */
function NoResults({ query }: { query: SearchView['query'] }) {
  const excluded = query.filteredOut;
  let message = `Nothing matched “${query.query}”. Try fewer words, a name from the code, or the thorough preset.`;
  if (excluded) message = `Nothing matched within the filters: ${filteredOutMessage(excluded)}`;
  else if (query.evidence?.total === 0)
    message = 'No file in this repository imports or uses it, as far as the dependency graph can see.';
  return (
    <p className="no-results" role="note">
      {message}
    </p>
  );
}
