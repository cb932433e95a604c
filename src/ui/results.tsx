/**
 * The results list: path, lines, the symbol, a highlighted snippet and a stacked bar of each
 * modality's share of the score. Arrow keys move, Enter opens the whole chunk, "Explain"
 * shows the numbers behind the rank.
 */
import { Fragment, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MODALITIES } from '../engine/contract';
import type { ResultView, SearchView } from '../browser/protocol';
import { ResultExplain } from './explain';
import { formatLines, formatScore } from './format';

interface Props {
  view: SearchView;
  selected: number;
  onSelect(index: number): void;
  /** Move focus back to the search box (ArrowUp on the first result). */
  onLeave(): void;
  /** Open the result in the code view (click or Enter). */
  onOpen(result: ResultView): void;
  onFindSimilar(result: ResultView): void;
  stale: boolean;
}

export function Results({ view, selected, onSelect, onLeave, onOpen, onFindSimilar, stale }: Props) {
  const listRef = useRef<HTMLOListElement>(null);
  const [explained, setExplained] = useState<Set<number>>(new Set());
  const top = view.results[0]?.score ?? 0;
  const highlighter = makeHighlighter(view.highlights);

  // A new answer: close what was open for the previous one.
  useEffect(() => {
    setExplained(new Set());
  }, [view]);

  const focusItem = (index: number) => {
    const item = listRef.current?.querySelectorAll<HTMLLIElement>(':scope > li')[index];
    item?.focus();
    item?.scrollIntoView({ block: 'nearest' });
  };

  const open = (index: number, result: ResultView) => {
    onSelect(index);
    onOpen(result);
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

  if (view.results.length === 0) {
    return (
      <p className="no-results" role="note">
        Nothing matched “{view.query.query}”. Try fewer words, a name from the code, or the thorough preset.
      </p>
    );
  }

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
        {view.results.map((result, index) => {
          const isExplained = explained.has(result.chunkId);
          return (
            <li
              key={result.chunkId}
              tabIndex={index === selected ? 0 : -1}
              className={`result${index === selected ? ' is-selected' : ''}`}
              onFocus={(e) => e.target === e.currentTarget && onSelect(index)}
            >
              <div className="result-head">
                <span className="rank" aria-label={`Rank ${index + 1}`}>
                  {index + 1}
                </span>
                <button type="button" className="path" onClick={() => open(index, result)} title="Open in the code view (Enter)">
                  <PathLabel path={result.path} />
                </button>
                <span className="where">
                  <span className="lines">{formatLines(result.startLine, result.endLine)}</span>
                  {result.symbol ? (
                    <span className="symbol">
                      {result.definitionKind ? <span className="kind">{result.definitionKind}</span> : null}
                      {result.symbol}
                    </span>
                  ) : null}
                </span>
                <span className="score" title="Final score">
                  {formatScore(result.score)}
                </span>
                {result.definitionKind ? (
                  <button type="button" className="button small similar-button" onClick={() => onFindSimilar(result)} title="Find code similar to this definition">
                    Similar
                  </button>
                ) : null}
                <button
                  type="button"
                  className={`button small explain-button${isExplained ? ' is-pressed' : ''}`}
                  aria-expanded={isExplained}
                  onClick={() =>
                    setExplained((previous) => {
                      const next = new Set(previous);
                      if (!next.delete(result.chunkId)) next.add(result.chunkId);
                      return next;
                    })
                  }
                >
                  Explain
                </button>
              </div>
              <ContributionBar result={result} top={top} />
              <Snippet
                startLine={result.startLine}
                lines={result.snippet.lines}
                firstLine={result.snippet.startLine}
                highlight={highlighter}
                opened={false}
              />
              {result.foldedChunks > 0 ? (
                <p className="folded">
                  +{result.foldedChunks} more match{result.foldedChunks === 1 ? '' : 'es'} in this file
                </p>
              ) : null}
              {isExplained ? <ResultExplain explanation={result.explanation} rankInResults={index} /> : null}
            </li>
          );
        })}
      </ol>
    </>
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
        return <span key={m} className={`m-${m}`} style={{ width: `${(c.contribution / rrf) * scale * 100}%` }} title={`${m}: ${formatScore(c.contribution)}`} />;
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

function Snippet({
  lines,
  firstLine,
  highlight,
  opened,
}: {
  startLine: number;
  lines: string[];
  firstLine: number;
  highlight: (text: string) => ReactNode;
  opened: boolean;
}) {
  return (
    <pre className={`snippet${opened ? ' is-open' : ''}`}>
      <code>
        {lines.map((line, i) => (
          <Fragment key={i}>
            <span className="ln" aria-hidden="true">
              {firstLine + i}
            </span>
            <span className="code-line">{highlight(line)}</span>
            {'\n'}
          </Fragment>
        ))}
      </code>
    </pre>
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Marks the query's words in a line of code. Matching is for display only. */
function makeHighlighter(words: string[]): (text: string) => ReactNode {
  const usable = [...new Set(words.filter((w) => w.length >= 2))].sort((a, b) => b.length - a.length).slice(0, 24);
  if (usable.length === 0) return (text) => text;
  const pattern = new RegExp(usable.map(escapeRegExp).join('|'), 'gi');
  return (text) => {
    const out: ReactNode[] = [];
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > last) out.push(text.slice(last, match.index));
      out.push(<mark key={match.index}>{match[0]}</mark>);
      last = match.index + match[0].length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  };
}
