/**
 * "How ranking works", taught with the current query: each modality's own ranked list beside
 * the fused list (lines join the same chunk across lists), the intent table with the rule
 * that fired, the weight profile, the formula filled in with this query's numbers (the
 * engine's own explanation, not recomputed), and an experiment panel that re-runs the query
 * with other weights and k — clearly marked as not the defaults.
 */
import { useEffect, useState } from 'react';
import { CLASSIFIER_RULES } from '../engine/classify';
import { INTENTS, MODALITIES, type Modality, type Preset } from '../engine/contract';
import { countedFromRank } from '../engine/fuse';
import { orderReasons } from '../engine/order-reasons';
import {
  BOOST_CAP,
  BOOST_SLOPE,
  DEFAULT_PRESET_MODALITIES,
  DEMOTION_FACTOR,
  DIRECT_PATH_MAX_WORDS,
  DIRECT_PATH_MIN_CONFIDENCE,
  RRF_K,
  WEIGHTS,
} from '../engine/ranking';
import type { SearchRequest, SearchView } from '../browser/protocol';
import { FactorValues, FinalScore } from './explain';
import { formatScore, intentLabel } from './format';

interface Props {
  answer: SearchView | null;
  runExperiment(request: SearchRequest): Promise<SearchView>;
  onOpen(path: string, line: number): void;
}

/** Rows shown per list; the engine keeps 25 of each modality's list for this page. */
const ROWS = 10;
const ROW_HEIGHT = 30;
const COLUMN_GAP = 20;

export function RankingPage({ answer, runExperiment, onOpen }: Props) {
  if (!answer) {
    return (
      <section className="ranking-page" aria-label="How ranking works">
        <h2 className="page-title">How ranking works</h2>
        <p>Search for something first: this page explains the ranking of the current query, with its own numbers.</p>
        <StaticExplanation preset="default" />
      </section>
    );
  }
  const q = answer.query;
  return (
    <section className="ranking-page" aria-label="How ranking works">
      <h2 className="page-title">How ranking works — for “{q.query}”</h2>
      <ol className="steps">
        <li>
          <h3>1. The intent</h3>
          <p>
            Ordered rules classify the query; the first that matches wins. Here <code>{q.rule}</code> fired: intent{' '}
            <b>{intentLabel(q.intent)}</b>, confidence <b>{q.confidence.toFixed(2)}</b>.
          </p>
          <table className="numbers rule-table" aria-label="Intent rules">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Rule</th>
                <th scope="col">Intent</th>
                <th scope="col" className="wide">
                  Confidence
                </th>
                <th scope="col" className="wide">
                  Looks for
                </th>
              </tr>
            </thead>
            <tbody>
              {CLASSIFIER_RULES.map((r, i) => (
                <tr key={r.rule} className={r.rule === q.rule ? 'is-fired' : undefined} data-rule={r.rule}>
                  <td>{i + 1}</td>
                  <th scope="row">{r.rule}</th>
                  <td>{intentLabel(r.intent)}</td>
                  <td className="wide">{r.confidence}</td>
                  <td className="wide reason">{r.looksFor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
        <li>
          <h3>2. The weight profile</h3>
          <WeightTable highlight={q.intent} />
          <p>
            Preset <b>{q.preset}</b>, k = <b>{q.k}</b>. Strategy <b>{q.strategy}</b>: {q.strategyReason}.
          </p>
        </li>
        <li>
          <h3>3. Each modality's own list, and the fused list</h3>
          <ListsDiagram answer={answer} onOpen={onOpen} />
        </li>
        <li>
          <h3>4. The formula, with this query's numbers</h3>
          <FormulaFilled answer={answer} />
        </li>
        <li>
          <h3>5. Experiment</h3>
          <Experiment answer={answer} runExperiment={runExperiment} onOpen={onOpen} />
        </li>
      </ol>
      <StaticExplanation preset={q.preset} />
    </section>
  );
}

function WeightTable({ highlight }: { highlight: string | null }) {
  return (
    <table className="numbers weight-table" aria-label="Weight profiles">
      <thead>
        <tr>
          <th scope="col">Intent</th>
          {MODALITIES.map((m) => (
            <th scope="col" key={m}>
              <span className={`swatch m-${m}`} aria-hidden="true" />
              {m}
            </th>
          ))}
          <th scope="col">default preset runs</th>
        </tr>
      </thead>
      <tbody>
        {INTENTS.map((intent) => (
          <tr key={intent} className={intent === highlight ? 'is-fired' : undefined} data-intent={intent}>
            <th scope="row">{intentLabel(intent)}</th>
            {MODALITIES.map((m) => (
              <td key={m}>{WEIGHTS[intent][m].toFixed(1)}</td>
            ))}
            <td className="small">{DEFAULT_PRESET_MODALITIES[intent].join(' + ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Column {
  key: string;
  title: string;
  modality: Modality | null;
  items: { chunkId: number; detail: string }[];
  note?: string;
}

/** The modalities that ran, then the fused list beside them, then those that did not run: what ran is on screen first, on a phone too. */
function columnsOf(answer: SearchView): Column[] {
  const runs = [...answer.query.modalities.filter((r) => r.ran), ...answer.query.modalities.filter((r) => !r.ran)];
  const ran = runs.filter((r) => r.ran).length;
  const columns: Column[] = runs.map((run) => ({
    key: run.modality,
    title: `${run.modality} · w ${run.weight}`,
    modality: run.modality,
    items: run.list.slice(0, ROWS).map((hit) => ({ chunkId: hit.chunkId, detail: hit.reason })),
    note: run.ran ? `${run.hits} hits` : `not run: ${run.skipped ?? ''}`,
  }));
  columns.splice(ran, 0, {
    key: 'fused',
    title: answer.query.strategy === 'direct' ? 'result (direct)' : 'fused',
    modality: null,
    items: answer.results.slice(0, ROWS).map((r) => ({ chunkId: r.chunkId, detail: `score ${formatScore(r.score)}` })),
  });
  return columns;
}

function ListsDiagram({ answer, onOpen }: { answer: SearchView; onOpen(path: string, line: number): void }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const columns = columnsOf(answer);
  const width = 164;
  const fusedIndex = columns.findIndex((c) => c.modality === null);
  const fusedRank = new Map(columns[fusedIndex].items.map((item, i) => [item.chunkId, i]));
  const total = columns.length * width + (columns.length - 1) * COLUMN_GAP;
  const height = ROWS * ROW_HEIGHT;
  // One line from each modality list entry to the same chunk in the fused list.
  const lines = columns.slice(0, fusedIndex).flatMap((col, c) =>
    col.items.flatMap((item, row) => {
      const target = fusedRank.get(item.chunkId);
      if (target === undefined) return [];
      const x1 = c * (width + COLUMN_GAP) + width;
      const x2 = fusedIndex * (width + COLUMN_GAP);
      const y1 = row * ROW_HEIGHT + ROW_HEIGHT / 2;
      const y2 = target * ROW_HEIGHT + ROW_HEIGHT / 2;
      return [
        {
          key: `${col.key}-${row}`,
          modality: col.modality!,
          chunkId: item.chunkId,
          d: `M${x1},${y1} C${x1 + 40},${y1} ${x2 - 40},${y2} ${x2},${y2}`,
        },
      ];
    }),
  );
  return (
    <div className="lists-scroll">
      <div className="lists" style={{ width: total }} aria-label="Ranked lists">
        <div className="list-heads">
          {columns.map((col) => (
            <div key={col.key} className="list-head" style={{ width }}>
              {col.modality ? <span className={`swatch m-${col.modality}`} aria-hidden="true" /> : null}
              <b>{col.title}</b>
              {col.note ? <span className="muted small"> · {col.note}</span> : null}
            </div>
          ))}
        </div>
        <div className="list-body" style={{ height }}>
          <svg className="list-lines" width={total} height={height} aria-hidden="true">
            {lines.map((l) => (
              <path
                key={l.key}
                d={l.d}
                className={`m-${l.modality}${hovered === l.chunkId ? ' is-hovered' : ''}`}
                data-chunk={l.chunkId}
              />
            ))}
          </svg>
          {columns.map((col, c) => (
            <ol
              key={col.key}
              className={`rank-list${col.modality ? '' : ' is-fused'}`}
              aria-label={col.modality ? `${col.modality} list` : 'Fused list'}
              style={{ left: c * (width + COLUMN_GAP), width }}
            >
              {col.items.map((item, row) => {
                const label = answer.labels[item.chunkId];
                return (
                  <li
                    key={item.chunkId}
                    data-chunk={item.chunkId}
                    className={hovered === item.chunkId ? 'is-hovered' : undefined}
                    style={{ top: row * ROW_HEIGHT, height: ROW_HEIGHT }}
                    onMouseEnter={() => setHovered(item.chunkId)}
                    onMouseLeave={() => setHovered(null)}
                    title={`${label?.path}:${label?.startLine} — ${item.detail}`}
                  >
                    <span className="r">{row}</span>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => label && onOpen(label.path, label.startLine)}
                    >
                      {label?.symbol ? (
                        <>
                          {label.symbol}{' '}
                          <span className="list-where">
                            {label.path.split('/').pop()}:{label.startLine}
                          </span>
                        </>
                      ) : (
                        `${label?.path.split('/').pop()}:${label?.startLine}`
                      )}
                    </button>
                  </li>
                );
              })}
              {col.items.length === 0 ? <li className="empty-list">—</li> : null}
            </ol>
          ))}
        </div>
      </div>
      <p className="muted small">
        Ranks are counted from 0, as in the formula. Lines join the same chunk in a modality's list and in the fused
        list.
      </p>
    </div>
  );
}

/** The top results' scores, written out with the numbers the Explain panel shows. */
function FormulaFilled({ answer }: { answer: SearchView }) {
  const top = answer.results.slice(0, 3);
  if (top.length === 0) return <p>No results to explain.</p>;
  return (
    <div className="formula-filled">
      <pre className="formula-general">
        contribution = weight × 1 / (k + rank + 1){'\n'}score = Σ contributions × boost × the factors that apply
        (demotion, sibling, form, member, file words, path words){'\n'}boost = min(1 + {BOOST_SLOPE} × ln(1 +
        centrality), {BOOST_CAP})
      </pre>
      {top.map((r, i) => {
        const e = r.explanation;
        const parts = MODALITIES.flatMap((m) => {
          const c = e.modalities[m];
          return c ? [{ m, c }] : [];
        });
        return (
          <div key={r.chunkId} className="formula-result" data-result={i} aria-label={`Formula for result ${i + 1}`}>
            <p className="formula-title">
              #{i + 1} <code>{r.path}</code> {r.symbol ? <b>{r.symbol}</b> : null}
            </p>
            <ul className="formula-terms">
              {parts.map(({ m, c }) => (
                <li key={m} data-modality={m}>
                  <span className={`swatch m-${m}`} aria-hidden="true" />
                  {m}: <span data-field="weight">{c.weight}</span> × 1 / (<span data-field="k">{c.k}</span> +{' '}
                  <span data-field="rank">{c.rank}</span> + 1)
                  {countedFromRank(c) !== undefined ? (
                    <>
                      {' '}
                      − {c.weight} × 1 / ({c.k} + {countedFromRank(c)} + 1)
                    </>
                  ) : null}{' '}
                  = <b data-field="contribution">{formatScore(c.contribution)}</b>
                </li>
              ))}
            </ul>
            <p className="formula">
              score = <span data-field="rrf">{formatScore(e.rrf)}</span> ×{' '}
              <span data-field="boost">{e.boost.toFixed(3)}</span>
              <FactorValues explanation={e} /> = <FinalScore explanation={e} field />
              <span className="muted">
                {' '}
                {e.firstInEveryList ? (
                  <> · boost = {BOOST_CAP}: first in every list</>
                ) : (
                  <>
                    · boost = min(1 + {BOOST_SLOPE} × ln(1 + {e.centrality.toFixed(3)}), {BOOST_CAP})
                    {answer.query.strategy === 'direct' ? ' — 1 on the direct path' : ''}
                  </>
                )}
              </span>
              {orderReasons(e).map((reason) => (
                <span key={reason.field} className="muted" data-field={reason.field}>
                  {' '}
                  · {reason.text}
                </span>
              ))}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function Experiment({ answer, runExperiment, onOpen }: Props & { answer: SearchView }) {
  const [weights, setWeights] = useState<Record<Modality, number>>({ ...answer.query.weights });
  const [k, setK] = useState(answer.query.k);
  const [result, setResult] = useState<SearchView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setWeights({ ...answer.query.weights });
    setK(answer.query.k);
    setResult(null);
  }, [answer]);
  const run = () => {
    setProblem(null);
    const base = answer.request;
    runExperiment({ ...base, modalities: base.modalities ?? [...MODALITIES], experiment: { weights, k } }).then(
      setResult,
      (e: Error) => setProblem(e.message),
    );
  };
  const baseline = new Map(answer.results.map((r, i) => [r.chunkId, i]));
  // The experiment is reported as one only when a weight or k differs from the search's own.
  const changedSetting = k !== answer.query.k || MODALITIES.some((m) => weights[m] !== answer.query.weights[m]);
  return (
    <div className="experiment" aria-label="Experiment">
      <p className="experiment-banner">
        <b>Experiment</b> — these weights and this k are yours to play with, not Fourfold's defaults. Your searches are
        not affected.
      </p>
      <div className="experiment-controls">
        {MODALITIES.map((m) => (
          <label key={m} className="weight-control">
            <span className={`swatch m-${m}`} aria-hidden="true" />
            {m}
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={weights[m]}
              aria-label={`${m} weight`}
              onChange={(e) => setWeights({ ...weights, [m]: Number(e.target.value) })}
            />
            <output>{weights[m].toFixed(2)}</output>
          </label>
        ))}
        <label className="weight-control">
          k
          <input
            type="range"
            min={1}
            max={120}
            step={1}
            value={k}
            aria-label="k"
            onChange={(e) => setK(Number(e.target.value))}
          />
          <output>{k}</output>
        </label>
        <button type="button" className="button primary" onClick={run}>
          Run experiment
        </button>
      </div>
      {problem ? <p className="notice tone-error">{problem}</p> : null}
      {result ? (
        <>
          <p className="muted small">
            {changedSetting
              ? `${result.query.notes.join(' ')} All four modalities run (fused) so every weight counts.`
              : 'The same weights and k as the search: all four modalities run (fused), nothing else changed.'}
          </p>
          <ol className="experiment-results" aria-label="Experiment results">
            {result.results.slice(0, ROWS).map((r, i) => {
              const before = baseline.get(r.chunkId);
              const move = movement(before, i);
              return (
                <li key={r.chunkId}>
                  <span className="move">{move}</span>
                  <button type="button" className="link-button" onClick={() => onOpen(r.path, r.startLine)}>
                    {r.symbol ?? r.path.split('/').pop()}
                  </button>
                  <span className="muted small"> {r.path}</span>
                  <span className="score">{formatScore(r.score)}</span>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </div>
  );
}

function StaticExplanation({ preset }: { preset: Preset }) {
  return (
    <div className="static-explanation">
      <h3>Presets</h3>
      <p>
        <b>quick</b> runs the semantic modality alone, without fusion. <b>default</b> (k = {RRF_K.default}) runs three
        modalities per intent: the three with the largest weights. The one left out carries at most 0.1 of the weight;
        ties leave out graph first (its signal still reaches every result through the importance boost), then semantic
        (the only modality that costs a query embedding). So definition, understanding and similar-code questions run
        semantic + text + structural, references and impact questions run text + structural + graph, and exact matches
        run text + structural (the others weigh 0). <b>thorough</b> (k = {RRF_K.thorough}) runs all four and always
        fuses. The modality toggles override any preset.
        {preset ? (
          <>
            {' '}
            You are on <b>{preset}</b>.
          </>
        ) : null}
      </p>
      <h3>The direct path</h3>
      <p>
        On the default preset, a confident (≥ {DIRECT_PATH_MIN_CONFIDENCE}) and ordinary (≤ {DIRECT_PATH_MAX_WORDS}{' '}
        words) query skips fusion: the single dominant modality answers, and the boost is 1. If it finds nothing, the
        others are fused instead and the explanation says so.
      </p>
      <h3>Centrality</h3>
      <p>
        PageRank over the graph of files and symbols (imports, calls, references), multiplied by the number of nodes, so
        the average node has centrality 1 (boost ≈ 1.21), a leaf nothing points at ≈ 0.15 (boost ≈ 1.04), and a hub with
        five times the average share reaches the {BOOST_CAP}× cap — so a popular function cannot bury a more relevant
        obscure one. For questions about behaviour (understand, find similar) only code that runs — functions, methods,
        classes — has a centrality: a type named in every signature is a big PageRank hub, but not the answer to “how
        does … work”.
      </p>
      <h3>Clean-up</h3>
      <p>
        Results under vendor, build and archive folders (node_modules/, dist/, build/, *.min.js …) score ×{' '}
        {DEMOTION_FACTOR} (at k = 40, as if ranked ten places lower in every list), and each file shows once, as its
        best chunk.
      </p>
    </div>
  );
}

/** How far a result moved against the baseline ranking: new, unchanged, up or down. */
function movement(before: number | undefined, now: number): string {
  if (before === undefined) return 'new';
  if (before === now) return '=';
  return before > now ? `▲${before - now}` : `▼${now - before}`;
}
