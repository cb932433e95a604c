/**
 * The code view: a whole file, highlighted by the grammar's own highlights.scm (in the
 * highlight worker), with line anchors (#L57), the file's outline, and — for the definition
 * under the selected line — its callers and callees from the dependency graph, each one click
 * away, and "Find similar".
 */
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Chunk, Definition } from '../engine/contract';
import type { FileDocument, Neighbours, NeighbourView } from '../browser/protocol';
import type { Highlighting } from '../browser/highlight';
import { getWorkers } from './client';
import { formatLines } from './format';
import { Marked, withoutIndent } from './marked';

/** Call sites listed in the side panel (a function called from hundreds of places lists this many). */
const MAX_LISTED_SITES = 200;


interface Props {
  repositoryId: string;
  path: string;
  line: number | null;
  onLine(line: number): void;
  onOpen(path: string, line: number): void;
  onFindSimilar(chunk: Chunk): void;
  onBack(): void;
}

/** Innermost definition chunk around a line; a window chunk when no definition holds it. */
function chunkAt(chunks: Chunk[], line: number): Chunk | null {
  let best: Chunk | null = null;
  for (const c of chunks) {
    if (line < c.startLine || line > c.endLine) continue;
    const better =
      !best ||
      (c.kind === 'definition' && best.kind !== 'definition') ||
      (c.kind === best.kind && c.endLine - c.startLine < best.endLine - best.startLine);
    if (better) best = c;
  }
  return best;
}

/** The class of a capture: its first part (`function.method` → `tok-function tok-function-method`). */
function captureClass(name: string): string {
  const parts = name.split('.');
  return parts.map((_, i) => `tok-${parts.slice(0, i + 1).join('-')}`).join(' ');
}

/** The file's lines, each a list of highlighted runs. */
function renderLines(text: string, highlighting: Highlighting | null): ReactNode[][] {
  const lines: ReactNode[][] = [];
  let current: ReactNode[] = [];
  const spans = highlighting?.spans ?? new Int32Array(0);
  const classes = highlighting ? highlighting.classes.map(captureClass) : [];
  let spanIndex = 0;
  let key = 0;
  const pushText = (from: number, to: number, cls: string | null) => {
    // Split at newlines: a run (a template string, a comment) may cover several lines.
    let start = from;
    while (start < to) {
      const nl = text.indexOf('\n', start);
      const end = nl === -1 || nl >= to ? to : nl;
      if (end > start) current.push(cls ? <span key={key++} className={cls}>{text.slice(start, end)}</span> : text.slice(start, end));
      if (end < to) {
        lines.push(current);
        current = [];
        start = end + 1;
      } else start = end;
    }
  };
  let pos = 0;
  while (pos < text.length) {
    while (spanIndex < spans.length && spans[spanIndex + 1] <= pos) spanIndex += 3;
    if (spanIndex < spans.length && spans[spanIndex] <= pos) {
      const end = spans[spanIndex + 1];
      pushText(pos, end, classes[spans[spanIndex + 2]]);
      pos = end;
    } else {
      const next = spanIndex < spans.length ? spans[spanIndex] : text.length;
      pushText(pos, next, null);
      pos = next;
    }
  }
  lines.push(current);
  return lines;
}

export function CodeView({ repositoryId, path, line, onLine, onOpen, onFindSimilar, onBack }: Props) {
  const workers = getWorkers();
  const [doc, setDoc] = useState<FileDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [highlighting, setHighlighting] = useState<Highlighting | null>(null);
  const [neighbours, setNeighbours] = useState<Neighbours | null>(null);
  const codeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    setDoc(null);
    setHighlighting(null);
    setError(null);
    workers.index.file(repositoryId, path).then(
      (d) => {
        if (!current) return;
        setDoc(d);
        if (d.language)
          workers
            .highlight()
            .highlight(d.language, d.text)
            .then((h) => current && setHighlighting(h), () => undefined); // plain text is still readable
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [workers, repositoryId, path]);

  const lines = useMemo(() => (doc ? renderLines(doc.text, highlighting) : []), [doc, highlighting]);
  const selectedChunk = useMemo(() => (doc && line ? chunkAt(doc.chunks, line) : null), [doc, line]);

  useEffect(() => {
    let current = true;
    if (!selectedChunk) {
      setNeighbours(null);
      return;
    }
    workers.index.neighbours(repositoryId, selectedChunk.id).then((n) => current && setNeighbours(n), () => current && setNeighbours(null));
    return () => {
      current = false;
    };
  }, [workers, repositoryId, selectedChunk]);

  // Bring the anchored line into view once the file is there.
  useEffect(() => {
    if (!doc || !line) return;
    // Scroll the code pane only: the page (and its search box) stays where it is.
    const pane = codeRef.current;
    const el = pane?.querySelector<HTMLElement>(`#L${line}`);
    if (pane && el) pane.scrollTop = el.offsetTop - pane.clientHeight / 2;
  }, [doc, line]);

  if (error) return <p className="notice tone-error">{error}</p>;
  if (!doc) return <p className="muted">Opening {path}…</p>;

  const selected = selectedChunk;
  return (
    <section className="code-page" aria-label="Code view">
      <div className="code-head">
        <button type="button" className="button small" onClick={onBack}>
          ← Results
        </button>
        <h2 className="code-path">
          <span className="dir">{path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : ''}</span>
          <span className="file">{path.slice(path.lastIndexOf('/') + 1)}</span>
        </h2>
        <span className="muted small">
          {doc.language ?? 'plain text'} · {lines.length} lines{highlighting ? '' : doc.language ? ' · highlighting…' : ''}
        </span>
      </div>
      <div className="code-layout">
        <div className="code-scroll" ref={codeRef}>
          <pre className="code" data-highlighted={highlighting ? 'true' : 'false'}>
            <code>
              {lines.map((runs, i) => {
                const n = i + 1;
                const inSelection = selected && n >= selected.startLine && n <= selected.endLine;
                return (
                  <Fragment key={n}>
                    <a
                      id={`L${n}`}
                      href={`#L${n}`}
                      className={`ln${n === line ? ' is-target' : ''}`}
                      onClick={(e) => {
                        e.preventDefault();
                        onLine(n);
                      }}
                      aria-label={`Line ${n}`}
                    >
                      {n}
                    </a>
                    <span className={`code-line${n === line ? ' is-target' : ''}${inSelection ? ' is-in-selection' : ''}`} onClick={() => onLine(n)}>
                      {runs.length ? runs : ' '}
                    </span>
                    {'\n'}
                  </Fragment>
                );
              })}
            </code>
          </pre>
        </div>
        <aside className="code-side">
          <DefinitionPanel selected={selected} neighbours={neighbours} onOpen={onOpen} onFindSimilar={onFindSimilar} />
          <Outline definitions={doc.definitions} line={line} onLine={onLine} />
        </aside>
      </div>
    </section>
  );
}

function DefinitionPanel({
  selected,
  neighbours,
  onOpen,
  onFindSimilar,
}: {
  selected: Chunk | null;
  neighbours: Neighbours | null;
  onOpen(path: string, line: number): void;
  onFindSimilar(chunk: Chunk): void;
}) {
  if (!selected) return <p className="muted small">Click a line to see its definition's callers and callees.</p>;
  const callers = neighbours?.chunk.id === selected.id ? neighbours.callers : undefined;
  const resolvedCallers = callers?.filter((c) => c.confidence > 0).length ?? 0;
  const list = (title: string, items: NeighbourView[] | undefined, label: string) => (
    <div className="neighbours">
      <h3>
        {title} <span className="muted">{items ? items.length : '…'}</span>
      </h3>
      {items && items.length > 0 ? (
        <ul aria-label={label}>
          {items.slice(0, 50).map((n) => (
            <li key={`${n.chunkId}:${n.line}`}>
              <button type="button" className="link-button" onClick={() => onOpen(n.path, n.line)} title={`${n.path}:${n.line} (confidence ${n.confidence})`}>
                <span className="n-symbol">{n.symbol ?? '(top level)'}</span>
                <span className="n-where">
                  {n.path}:{n.line}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : items ? (
        <p className="muted small">none found</p>
      ) : null}
    </div>
  );
  return (
    <section className="definition-panel" aria-label="Definition">
      <p className="def-title">
        {selected.definitionKind ? <span className="kind">{selected.definitionKind}</span> : null}
        <b>{selected.symbol ?? `lines ${formatLines(selected.startLine, selected.endLine)}`}</b>{' '}
        <span className="muted small">{formatLines(selected.startLine, selected.endLine)}</span>
      </p>
      <button type="button" className="button small" onClick={() => onFindSimilar(selected)}>
        Find similar
      </button>
      <div className="neighbours">
        <h3>
          Callers{' '}
          <span className="muted">
            {callers ? `${callers.length} site${callers.length === 1 ? '' : 's'}${callers.length > resolvedCallers ? `, ${callers.length - resolvedCallers} by name only` : ''}` : '…'}
          </span>
        </h3>
        {callers && callers.length > 0 ? (
          <ul aria-label="Callers" className="call-sites">
            {callers.slice(0, MAX_LISTED_SITES).map((c) => (
              <li key={`${c.path}:${c.line}`}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onOpen(c.path, c.line)}
                  title={c.confidence > 0 ? `${c.path}:${c.line} (graph confidence ${c.confidence})` : `${c.path}:${c.line}: same name; the graph could not tie this call to this definition`}
                >
                  <span className="n-symbol">
                    {c.symbol ?? '(top level)'}
                    {c.confidence > 0 ? null : <span className="match-kind k-unresolved">same name</span>}
                  </span>
                  <span className="n-where">
                    {c.path}:{c.line}
                  </span>
                  <code className="n-code">
                    <Marked {...withoutIndent(c.text, c.ranges)} />
                  </code>
                </button>
              </li>
            ))}
          </ul>
        ) : callers ? (
          <p className="muted small">none found</p>
        ) : null}
        {callers && callers.length > MAX_LISTED_SITES ? <p className="muted small">first {MAX_LISTED_SITES} of {callers.length} listed</p> : null}
      </div>
      {list('Callees', neighbours?.chunk.id === selected.id ? neighbours.callees : undefined, 'Callees')}
    </section>
  );
}

function Outline({ definitions, line, onLine }: { definitions: Definition[]; line: number | null; onLine(line: number): void }) {
  return (
    <nav className="outline" aria-label="Outline">
      <h3>Outline</h3>
      {definitions.length === 0 ? (
        <p className="muted small">No definitions in this file.</p>
      ) : (
        <ul>
          {definitions.map((d) => (
            <li key={`${d.name}:${d.startLine}`} className={line !== null && line >= d.startLine && line <= d.endLine ? 'is-current' : undefined}>
              <button type="button" className="link-button" onClick={() => onLine(d.nameLine)}>
                <span className="kind">{d.kind}</span>
                {d.container ? <span className="muted">{d.container}.</span> : null}
                {d.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
