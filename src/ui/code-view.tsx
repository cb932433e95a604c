/**
 * The code view: a whole file, highlighted by the grammar's own highlights.scm (in the
 * highlight worker), with line anchors (#L57), the file's outline, and — for the definition
 * under the selected line — its callers and callees from the dependency graph, each one click
 * away, and "Find similar".
 */
import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Chunk, Definition, DefinitionTarget } from '../engine/contract';
import type { FileDocument, Neighbours, NeighbourView } from '../browser/protocol';
import type { Highlighting } from '../browser/highlight';
import { getWorkers, type Workers } from './client';
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
  /** Find references of a name (Shift+F12): a new search. */
  onFindReferences(name: string): void;
  onBack(): void;
  /** Changes when Escape asks every open panel to close. */
  closeSignal: number;
}

/** A line that calls or references the selected definition. */
type CallSite = Neighbours['callers'][number];

/** An identifier picked in the code: by a click, a selection, or the keyboard. */
interface PickedSymbol {
  name: string;
  line: number;
}

interface Peek extends PickedSymbol {
  /** null while the definitions are being looked up. */
  targets: DefinitionTarget[] | null;
}

const IDENTIFIER_CHAR = /[\w$\u00C0-\uFFFF]/;
const IDENTIFIER = /^[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*$/;
/** Words that are never a symbol to go to. */
const KEYWORDS = new Set(
  'const let var function return if else for while do switch case break continue new this super class extends import export from default async await yield typeof instanceof in of try catch finally throw null undefined true false void def self fn func pub mut impl struct enum trait type interface package static public private protected'.split(
    ' ',
  ),
);

/** The identifier around an offset of a text node. */
function identifierAround(text: string, offset: number): string | null {
  let start = offset;
  let end = offset;
  while (start > 0 && IDENTIFIER_CHAR.test(text[start - 1])) start--;
  while (end < text.length && IDENTIFIER_CHAR.test(text[end])) end++;
  const word = text.slice(start, end);
  return IDENTIFIER.test(word) && !KEYWORDS.has(word) ? word : null;
}

/** The identifier under the mouse, from the caret position at that point. */
function identifierAtPoint(x: number, y: number): string | null {
  const doc = document as Document & {
    caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null;
  };
  const position = doc.caretPositionFromPoint?.(x, y);
  const node = position?.offsetNode ?? document.caretRangeFromPoint?.(x, y)?.startContainer;
  const offset = position?.offset ?? document.caretRangeFromPoint?.(x, y)?.startOffset ?? 0;
  return node && node.nodeType === Node.TEXT_NODE ? identifierAround(node.textContent ?? '', offset) : null;
}

/** The identifier the selection is on, and its line (the code line element holds `data-line`). */
function identifierInSelection(): PickedSymbol | null {
  const selection = window.getSelection();
  if (!selection || !selection.anchorNode) return null;
  const lineElement = (
    selection.anchorNode.nodeType === Node.TEXT_NODE
      ? selection.anchorNode.parentElement
      : (selection.anchorNode as Element)
  )?.closest<HTMLElement>('[data-line]');
  if (!lineElement) return null;
  const selected = selection.toString().trim();
  const name =
    selected && IDENTIFIER.test(selected)
      ? selected
      : identifierAround(selection.anchorNode.textContent ?? '', selection.anchorOffset);
  return name ? { name, line: Number(lineElement.dataset.line) } : null;
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
      if (end > start)
        current.push(
          cls ? (
            <span key={key++} className={cls}>
              {text.slice(start, end)}
            </span>
          ) : (
            text.slice(start, end)
          ),
        );
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

/** The file and its highlighting, loaded when the path changes: plain text first, colours when the highlight worker answers. */
function useFileDocument(workers: Workers, repositoryId: string, path: string) {
  const [doc, setDoc] = useState<FileDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [highlighting, setHighlighting] = useState<Highlighting | null>(null);
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
            .then(
              (h) => current && setHighlighting(h),
              () => undefined,
            ); // plain text is still readable
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [workers, repositoryId, path]);
  return { doc, error, highlighting };
}

/** The callers and callees of the selected chunk, from the dependency graph. */
function useNeighbours(workers: Workers, repositoryId: string, selectedChunk: Chunk | null): Neighbours | null {
  const [neighbours, setNeighbours] = useState<Neighbours | null>(null);
  useEffect(() => {
    let current = true;
    if (!selectedChunk) {
      setNeighbours(null);
      return;
    }
    workers.index.neighbours(repositoryId, selectedChunk.id).then(
      (n) => current && setNeighbours(n),
      () => current && setNeighbours(null),
    );
    return () => {
      current = false;
    };
  }, [workers, repositoryId, selectedChunk]);
  return neighbours;
}

/** The name picked in the code (a click, a selection, the keyboard) and its definitions' peek list. */
function useSymbolPick(workers: Workers, { repositoryId, path, onLine, onOpen, onFindReferences, closeSignal }: Props) {
  const [picked, setPicked] = useState<PickedSymbol | null>(null);
  const [peek, setPeek] = useState<Peek | null>(null);

  useEffect(() => {
    setPeek(null);
    setPicked(null);
  }, [closeSignal, path]);

  /** F12: one definition opens at once (a history entry); several open the peek list. */
  const goToDefinition = (symbol: PickedSymbol) => {
    setPicked(symbol);
    setPeek({ ...symbol, targets: null });
    workers.index.definitions(repositoryId, { name: symbol.name, path, line: symbol.line }).then(
      (targets) => {
        if (targets.length === 1) {
          setPeek(null);
          onOpen(targets[0].path, targets[0].line);
        } else setPeek({ ...symbol, targets });
      },
      () => setPeek({ ...symbol, targets: [] }),
    );
  };

  const onCodeClick = (event: MouseEvent, n: number) => {
    onLine(n);
    const name = identifierAtPoint(event.clientX, event.clientY);
    if (!name) return;
    const symbol = { name, line: n };
    // Ctrl/Cmd+click jumps, as in an editor; a plain click picks the name for the symbol bar.
    if (event.ctrlKey || event.metaKey) goToDefinition(symbol);
    else {
      setPicked(symbol);
      setPeek(null);
    }
  };

  const onCodeKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'F12') return;
    const symbol = identifierInSelection() ?? picked;
    if (!symbol) return;
    event.preventDefault();
    if (event.shiftKey) onFindReferences(symbol.name);
    else goToDefinition(symbol);
  };

  return { picked, peek, goToDefinition, onCodeClick, onCodeKeyDown, closePeek: () => setPeek(null) };
}

/** "· highlighting…" while the highlight worker works on a file of a known language. */
function highlightNote(language: string | null, highlighting: Highlighting | null): string {
  return language && !highlighting ? ' · highlighting…' : '';
}

export function CodeView(props: Props) {
  const { repositoryId, path, line, onLine, onOpen, onFindSimilar, onFindReferences, onBack } = props;
  const workers = getWorkers();
  const { doc, error, highlighting } = useFileDocument(workers, repositoryId, path);
  const codeRef = useRef<HTMLDivElement>(null);
  const { picked, peek, goToDefinition, onCodeClick, onCodeKeyDown, closePeek } = useSymbolPick(workers, props);

  const lines = useMemo(() => (doc ? renderLines(doc.text, highlighting) : []), [doc, highlighting]);
  const selectedChunk = useMemo(() => (doc && line ? chunkAt(doc.chunks, line) : null), [doc, line]);
  const neighbours = useNeighbours(workers, repositoryId, selectedChunk);

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
          {doc.language ?? 'plain text'} · {lines.length} lines{highlightNote(doc.language, highlighting)}
        </span>
      </div>
      <SymbolBar
        picked={picked}
        peek={peek}
        onGo={() => picked && goToDefinition(picked)}
        onReferences={() => picked && onFindReferences(picked.name)}
        onOpen={onOpen}
        onClose={closePeek}
      />
      <div className="code-layout">
        <div
          className="code-scroll"
          ref={codeRef}
          tabIndex={0}
          aria-label={`Code of ${path}`}
          onKeyDown={onCodeKeyDown}
        >
          <CodeLines
            lines={lines}
            line={line}
            selected={selectedChunk}
            highlighted={highlighting !== null}
            onLine={onLine}
            onCodeClick={onCodeClick}
          />
        </div>
        <aside className="code-side">
          <DefinitionPanel
            selected={selectedChunk}
            neighbours={neighbours}
            onOpen={onOpen}
            onFindSimilar={onFindSimilar}
          />
          <Outline definitions={doc.definitions} line={line} onLine={onLine} />
        </aside>
      </div>
    </section>
  );
}

/** The numbered, highlighted lines: each number an anchor (#L57), the target line and the selected chunk marked. */
function CodeLines({
  lines,
  line,
  selected,
  highlighted,
  onLine,
  onCodeClick,
}: {
  lines: ReactNode[][];
  line: number | null;
  selected: Chunk | null;
  highlighted: boolean;
  onLine(line: number): void;
  onCodeClick(event: MouseEvent, line: number): void;
}) {
  return (
    <pre className="code" data-highlighted={highlighted ? 'true' : 'false'}>
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
              <span
                className={`code-line${n === line ? ' is-target' : ''}${inSelection ? ' is-in-selection' : ''}`}
                data-line={n}
                onClick={(event) => onCodeClick(event, n)}
              >
                {runs.length ? runs : ' '}
              </span>
              {'\n'}
            </Fragment>
          );
        })}
      </code>
    </pre>
  );
}

/** The name picked in the code, what can be done with it, and the peek list of its definitions. */
function SymbolBar({
  picked,
  peek,
  onGo,
  onReferences,
  onOpen,
  onClose,
}: {
  picked: PickedSymbol | null;
  peek: Peek | null;
  onGo(): void;
  onReferences(): void;
  onOpen(path: string, line: number): void;
  onClose(): void;
}) {
  if (!picked) {
    return (
      <p className="symbol-hint muted small">
        Click a name in the code, then <kbd>F12</kbd> to go to its definition or <kbd>Shift</kbd>+<kbd>F12</kbd> for its
        references (<kbd>Ctrl</kbd>+click jumps).
      </p>
    );
  }
  return (
    <div className="symbol-bar" role="toolbar" aria-label="Symbol">
      <code className="symbol-name">{picked.name}</code>
      <span className="muted small">line {picked.line}</span>
      <button type="button" className="button small" onClick={onGo}>
        Go to definition <kbd>F12</kbd>
      </button>
      <button type="button" className="button small" onClick={onReferences}>
        Find references <kbd>⇧F12</kbd>
      </button>
      {peek ? (
        <div className="peek" role="region" aria-label={`Definitions of ${peek.name}`}>
          <PeekList peek={peek} onOpen={onOpen} />
          <button type="button" className="link-button small" onClick={onClose}>
            Close (Esc)
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The definitions of the picked name: still looked up, none here, or the list to choose from. */
function PeekList({ peek, onOpen }: { peek: Peek; onOpen(path: string, line: number): void }) {
  if (peek.targets === null) return <p className="muted small">Looking up {peek.name}…</p>;
  if (peek.targets.length === 0) {
    return (
      <p className="small">
        No definition of <code>{peek.name}</code> in this repository (it may come from a package or the language
        itself).
      </p>
    );
  }
  return (
    <>
      <p className="small">
        {peek.targets.length} definitions of <code>{peek.name}</code>
        {peek.targets[0].confidence === null ? ' (by name: the graph could not tell which one this use calls)' : ''}:
      </p>
      <ul aria-label="Definitions">
        {peek.targets.map((t) => (
          <li key={`${t.path}:${t.line}`}>
            <button type="button" className="link-button" onClick={() => onOpen(t.path, t.line)}>
              <span className="kind">{t.kind}</span>
              {t.container ? <span className="muted">{t.container}.</span> : null}
              {t.name}
              <span className="n-where">
                {' '}
                {t.path}:{t.line}
              </span>
              {t.confidence !== null ? <span className="muted"> · confidence {t.confidence}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </>
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
  // Undefined while the graph's answer for this chunk is on its way.
  const ours = neighbours?.chunk.id === selected.id ? neighbours : undefined;
  const callers = ours?.callers;
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
          Callers <span className="muted">{callers ? callSitesSummary(callers) : '…'}</span>
        </h3>
        <CallSites callers={callers} onOpen={onOpen} />
        {callers && callers.length > MAX_LISTED_SITES ? (
          <p className="muted small">
            first {MAX_LISTED_SITES} of {callers.length} listed
          </p>
        ) : null}
      </div>
      <div className="neighbours">
        <h3>
          Callees <span className="muted">{ours ? ours.callees.length : '…'}</span>
        </h3>
        <Callees callees={ours?.callees} onOpen={onOpen} />
      </div>
    </section>
  );
}

/** "12 sites, 3 by name only": the call sites, and how many the graph could not tie to this definition. */
function callSitesSummary(callers: CallSite[]): string {
  const byNameOnly = callers.length - callers.filter((c) => c.confidence > 0).length;
  return `${callers.length} site${callers.length === 1 ? '' : 's'}${byNameOnly > 0 ? `, ${byNameOnly} by name only` : ''}`;
}

/** Each call site with its line of code; nothing while the graph answers. */
function CallSites({ callers, onOpen }: { callers: CallSite[] | undefined; onOpen(path: string, line: number): void }) {
  if (!callers) return null;
  if (callers.length === 0) return <p className="muted small">none found</p>;
  return (
    <ul aria-label="Callers" className="call-sites">
      {callers.slice(0, MAX_LISTED_SITES).map((c) => (
        <li key={`${c.path}:${c.line}`}>
          <button
            type="button"
            className="link-button"
            onClick={() => onOpen(c.path, c.line)}
            title={
              c.confidence > 0
                ? `${c.path}:${c.line} (graph confidence ${c.confidence})`
                : `${c.path}:${c.line}: same name; the graph could not tie this call to this definition`
            }
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
  );
}

/** The definitions this one calls (the first 50); nothing while the graph answers. */
function Callees({
  callees,
  onOpen,
}: {
  callees: NeighbourView[] | undefined;
  onOpen(path: string, line: number): void;
}) {
  if (!callees) return null;
  if (callees.length === 0) return <p className="muted small">none found</p>;
  return (
    <ul aria-label="Callees">
      {callees.slice(0, 50).map((n) => (
        <li key={`${n.chunkId}:${n.line}`}>
          <button
            type="button"
            className="link-button"
            onClick={() => onOpen(n.path, n.line)}
            title={`${n.path}:${n.line} (confidence ${n.confidence})`}
          >
            <span className="n-symbol">{n.symbol ?? '(top level)'}</span>
            <span className="n-where">
              {n.path}:{n.line}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Outline({
  definitions,
  line,
  onLine,
}: {
  definitions: Definition[];
  line: number | null;
  onLine(line: number): void;
}) {
  return (
    <nav className="outline" aria-label="Outline">
      <h3>Outline</h3>
      {definitions.length === 0 ? (
        <p className="muted small">No definitions in this file.</p>
      ) : (
        <ul>
          {definitions.map((d) => (
            <li
              key={`${d.name}:${d.startLine}`}
              className={line !== null && line >= d.startLine && line <= d.endLine ? 'is-current' : undefined}
            >
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
