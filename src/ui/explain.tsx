/**
 * The explanation panels: every number comes from the engine's own explanation (the
 * record fusion wrote while it computed the score). Nothing here ranks or recomputes.
 */
import {
  MODALITIES,
  type FormWeight,
  type FileWords,
  type MemberChoice,
  type MemberRule,
  type PlaceWords,
  type ModalityContribution,
  type ModalityRun,
  type QueryExplanation,
  type ResultExplanation,
  type SiblingBoost,
} from '../engine/contract';
import { orderReasons } from '../engine/order-reasons';
import { repositoryNamesNote } from '../engine/search/repository-names';
import { isNotReady } from '../engine/skip';
import { formatDuration, formatScore, intentLabel } from './format';

export function ResultExplain({
  explanation,
  rankInResults,
  runs = [],
}: {
  explanation: ResultExplanation;
  rankInResults: number;
  runs?: ModalityRun[];
}) {
  const { modalities, rrf, boost } = explanation;
  const notReady = new Set(explanation.notReady ?? []);
  /** A modality not ready that would not have run anyway (the graph outside the preset): only its boost is missing. */
  const onlyBoost = (m: string) =>
    m === 'graph' && runs.some((r) => r.modality === m && r.skip !== undefined && !isNotReady(r.skip));
  /** Right after a reload nothing is being indexed: semantic waits for the embedding model (the engine's skip reason says which). */
  const modelLoading = runs.some((r) => r.modality === 'semantic' && r.skip === 'model-loading');
  const why = (m: string) =>
    m === 'semantic' && modelLoading ? 'the embedding model is still loading' : 'still indexing';
  return (
    <div className="explain" aria-label="Explanation">
      <table className="numbers">
        <caption>Result #{rankInResults + 1}: contribution = weight × 1 / (k + rank + 1), rank counted from 0</caption>
        <thead>
          <tr>
            <th scope="col">Modality</th>
            <th scope="col">Rank</th>
            <th scope="col">Weight</th>
            <th scope="col">k</th>
            <th scope="col">Contribution</th>
            <th scope="col" className="wide">
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {MODALITIES.map((m) => {
            const c = modalities[m];
            const waiting = !c && notReady.has(m) && !onlyBoost(m);
            const boostWaiting = !c && notReady.has(m) && onlyBoost(m);
            return (
              <tr key={m} className={c ? undefined : 'is-absent'} data-modality={m}>
                <th scope="row">
                  <span className={`swatch m-${m}`} aria-hidden="true" />
                  {m}
                </th>
                <td data-field="rank" title={floorTitle(c)}>
                  {c ? c.rank : absentRank(waiting)}
                </td>
                <td data-field="weight">{c ? c.weight : '—'}</td>
                <td data-field="k">{c ? c.k : '—'}</td>
                <td data-field="contribution">{c ? formatScore(c.contribution) : absentContribution(waiting)}</td>
                <td className="wide reason">{c ? c.reason : absentReason(waiting, boostWaiting, why(m))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* Narrow screens have no room for the "Why" column: the reasons follow the table. */}
      <ul className="reasons">
        {MODALITIES.flatMap((m) => {
          const c = modalities[m];
          return c
            ? [
                <li key={m}>
                  <b>{m}</b> {c.reason}
                </li>,
              ]
            : [];
        })}
      </ul>
      {notReady.size > 0 ? (
        <p className="not-ready" data-field="not-ready">
          Not ready yet ({[...new Set([...notReady].map(why))].join('; ')}): {[...notReady].join(', ')}.{' '}
          {notReady.size === 1 ? 'It' : 'They'} contributed nothing to this score
          {notReady.has('graph') ? ', and without the graph the centrality is 0 (boost × 1)' : ''}; the answer is asked
          again when {notReady.size === 1 ? 'it arrives' : 'they arrive'}.
        </p>
      ) : null}
      <ScoreLine explanation={explanation} />
      <p className="formula">
        score = Σ contributions × boost
        {factorsAfterBoost(explanation)
          .map((f) => ` × ${f.name}`)
          .join('')}{' '}
        ={' '}
        <span>
          {formatScore(rrf)} × {boost.toFixed(3)}
          <FactorValues explanation={explanation} /> = <FinalScore explanation={explanation} />
        </span>
        <span className="muted"> · boost = min(1 + 0.3 × ln(1 + centrality), 1.5)</span>
      </p>
    </div>
  );
}

/** The score's factors, each with its value, and the ordering rules that moved the result. */
function ScoreLine({ explanation }: { explanation: ResultExplanation }) {
  const { rrf, centrality, boost, demotion, sibling, form, member, fileWords, score } = explanation;
  return (
    <dl className="score-line">
      <div>
        <dt>Σ contributions</dt>
        <dd data-field="rrf">{formatScore(rrf)}</dd>
      </div>
      <div>
        <dt>centrality</dt>
        <dd data-field="centrality">{centrality.toFixed(3)}</dd>
      </div>
      <div>
        <dt>boost</dt>
        <dd data-field="boost">× {boost.toFixed(3)}</dd>
      </div>
      <div>
        <dt>demotion</dt>
        <dd data-field="demotion">{demotion ? `× ${demotion.factor} (${demotion.rule})` : 'none'}</dd>
      </div>
      {sibling ? <SiblingRow sibling={sibling} /> : null}
      {form ? <FormRow form={form} /> : null}
      {member ? <MemberRow member={member} /> : null}
      {fileWords ? <FileWordsRow fileWords={fileWords} /> : null}
      {explanation.placeWords ? <PlaceWordsRow placeWords={explanation.placeWords} /> : null}
      {orderReasons(explanation).map((reason) => (
        <div key={reason.field}>
          <dt>order</dt>
          <dd data-field={reason.field}>{reason.text}</dd>
        </div>
      ))}
      <div className="final">
        <dt>final score</dt>
        <dd data-field="score">{formatScore(score)}</dd>
      </div>
    </dl>
  );
}

/**
 * Where a result's formula ends: its score, or, when the result took a stand-in's place and that
 * one's higher score (inPlaceOf.ownScore), its own factors' product raised to the score it took.
 * `field` marks the score for readers of the page (the ranking page's filled-in formula).
 */
export function FinalScore({
  explanation,
  field = false,
}: {
  explanation: Pick<ResultExplanation, 'score' | 'inPlaceOf'>;
  field?: boolean;
}) {
  const own = explanation.inPlaceOf?.ownScore;
  const score = formatScore(explanation.score);
  return (
    <>
      {own !== undefined ? `${formatScore(own)}, raised to ` : null}
      {field ? <b data-field="score">{score}</b> : score}
      {own !== undefined ? ': the score of the stand-in whose place it took' : null}
    </>
  );
}

export function QueryExplain({ query }: { query: QueryExplanation }) {
  return (
    <div className="explain query-explain" aria-label="Query explanation">
      <dl className="score-line">
        <div>
          <dt>intent</dt>
          <dd>{intentLabel(query.intent)}</dd>
        </div>
        <div>
          <dt>confidence</dt>
          <dd>{query.confidence.toFixed(2)}</dd>
        </div>
        <div>
          <dt>rule</dt>
          <dd>{query.rule}</dd>
        </div>
        <div>
          <dt>strategy</dt>
          <dd>{query.strategy}</dd>
        </div>
        <div>
          <dt>preset</dt>
          <dd>{query.preset}</dd>
        </div>
        <div>
          <dt>k</dt>
          <dd>{query.k}</dd>
        </div>
        <div>
          <dt>time</dt>
          <dd>{formatDuration(query.elapsedMs)}</dd>
        </div>
      </dl>
      <p className="formula">{query.strategyReason}</p>
      <table className="numbers">
        <thead>
          <tr>
            <th scope="col">Modality</th>
            <th scope="col">Weight</th>
            <th scope="col">Ran</th>
            <th scope="col">Hits</th>
            <th scope="col">Latency</th>
          </tr>
        </thead>
        <tbody>
          {query.modalities.map((run) => (
            <tr key={run.modality} className={run.ran ? undefined : 'is-absent'}>
              <th scope="row">
                <span className={`swatch m-${run.modality}`} aria-hidden="true" />
                {run.modality}
              </th>
              <td>{run.weight}</td>
              <td>{run.ran ? 'yes' : `no — ${run.skipped ?? ''}`}</td>
              <td>{run.ran ? run.hits : '—'}</td>
              <td>{run.ran ? formatDuration(run.latencyMs) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {query.notes.length > 0 ? (
        <ul className="notes">
          {query.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** An entry of a list with a floor counts by how far it stands above it (ranking.ts graphListFloor): the rank cell says so on hover. */
function floorTitle(c: ModalityContribution | undefined): string | undefined {
  if (c?.above)
    return `counted only above the ${c.above.modality} list's #${c.above.rank + 1}: this list restates that one's reading of the names`;
  return c?.floor
    ? `counted above ${c.floor.tied} entries tied at one score (their mean rank ${c.floor.rank + 1}), which count nothing`
    : undefined;
}

function absentRank(waiting: boolean): string {
  return waiting ? 'not ready' : 'absent';
}

function absentContribution(waiting: boolean): string {
  return waiting ? '0' : '—';
}

/** Why a modality that did not rank this result is absent: still indexing, a boost still coming, or simply no match. */
function absentReason(waiting: boolean, boostWaiting: boolean, whyNotReady: string): string {
  if (waiting) return `${whyNotReady}: it contributed nothing`;
  if (boostWaiting) return 'not in this preset; its importance boost is not ready yet (still indexing)';
  return '';
}

/** How each member rule reads (MemberRule). */
const MEMBER_RULE_WORDS: Record<MemberRule, string> = {
  'closer-before-boost': 'closer to the question before the boost',
  'name-says-question': 'its name says more of the question',
  'wrapper-hands-on': 'the member chosen only hands its call on to it',
  'callee-named': 'the member chosen calls it, and its name says more of the question',
  'callee-decides': 'the member chosen branches on what it returns: it decides',
  'caller-runs-steps': 'it runs the member chosen and another strong member of its file, steps of the work asked about',
  'setter-gives-way': 'the chunk put first only stores its argument in a field',
  'constructor-gives-way': 'the chunk put first is a constructor, which only builds the object',
  'destructor-gives-way': 'the chunk put first is a destructor, which takes the object apart',
  'short-gives-way': 'the chunk put first is a line or two of code, which returns or hands on',
  'name-only-gives-way': 'the chunk put first is an include guard, a file’s marker or its imports: names, no code',
  'outside-gives-way': 'the chunk put first is lines outside the file’s functions: the functions do the work',
  'nested-gives-way': 'the chunk put first is a function defined inside this one, a step of its work',
  'nested-is-closer': 'it is defined inside the chunk put first, and closer to the question by meaning',
  'code-says-question': 'its code says clearly more of the words of the question',
  'text-breaks-tie': 'as close to the question, and ranked higher by the words of the question in its own lines',
  'lists-rank-higher': 'every list that found it ranks it higher, and its name says more of the question',
  'name-says-verb': 'its name says the verb the sentence opens with, and as much of the question',
  'this-names-holder':
    'the sentence says "this …" of its class, module or type, and its name says as much of the question',
  'class-verb-runs': 'the question names its class by what the class is, and it is the method named for that',
};

/** The member factor: this chunk stands for its file instead of the file's top-scoring chunk (MemberChoice). */
function SiblingRow({ sibling }: { sibling: SiblingBoost }) {
  return (
    <div>
      <dt>sibling</dt>
      <dd data-field="sibling">
        × {sibling.factor.toFixed(3)} (of {sibling.of}, similarity {sibling.similarity.toFixed(2)})
      </dd>
    </div>
  );
}

/** "similar to X": a function that needs another number of arguments than X is less like X. */
function FormRow({ form }: { form: FormWeight }) {
  return (
    <div>
      <dt>form</dt>
      <dd data-field="form">
        × {form.factor.toFixed(3)} (takes {form.arity[1]} arguments, {form.of} takes {form.arity[0]})
      </dd>
    </div>
  );
}

function FileWordsRow({ fileWords }: { fileWords: FileWords }) {
  return (
    <div>
      <dt>file words</dt>
      <dd data-field="file-words">
        × {fileWords.factor.toFixed(3)} (its file says {Math.round(100 * fileWords.share)}% of the question, rarer words
        weighing more
        {fileWords.repositoryNames?.length ? `; ${repositoryNamesNote(fileWords.repositoryNames)}` : ''})
      </dd>
    </div>
  );
}

/**
 * The factors the score multiplies after the boost, in the order fusion applies them, each with
 * its value: one list for the panel's formula and the ranking page's, so neither leaves one out.
 */
export function factorsAfterBoost(e: ResultExplanation): { name: string; value: string }[] {
  const factors: [string, string | undefined][] = [
    ['demotion', e.demotion ? String(e.demotion.factor) : undefined],
    ['sibling', e.sibling?.factor.toFixed(3)],
    ['form', e.form?.factor.toFixed(3)],
    ['member', e.member?.factor.toFixed(3)],
    ['file words', e.fileWords?.factor.toFixed(3)],
    ['path words', e.placeWords?.factor.toFixed(3)],
  ];
  return factors.flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
}

/** The values of factorsAfterBoost, each marked with its name for readers of the page. */
export function FactorValues({ explanation }: { explanation: ResultExplanation }) {
  return (
    <>
      {factorsAfterBoost(explanation).map((f) => (
        <span key={f.name} data-factor={f.name}>
          {' '}
          × {f.value}
        </span>
      ))}
    </>
  );
}

function PlaceWordsRow({ placeWords }: { placeWords: PlaceWords }) {
  return (
    <div>
      <dt>path words</dt>
      <dd data-field="place-words">
        × {placeWords.factor.toFixed(3)} (its folders' and file's names say {Math.round(100 * placeWords.share)}% of the{' '}
        {placeWords.of === 'part' ? 'part the question names' : 'phrase'}, rarer words weighing more)
      </dd>
    </div>
  );
}

function MemberRow({ member }: { member: MemberChoice }) {
  return (
    <div>
      <dt>member</dt>
      <dd data-field="member">
        × {member.factor.toFixed(3)} (shown for its file instead of{' '}
        {member.over.symbol ?? `line ${member.over.startLine}`}, {MEMBER_RULE_WORDS[member.rule]}: relevance{' '}
        {formatScore(member.relevance)} against {formatScore(member.overRelevance)}, name{' '}
        {Math.round(100 * member.nameCoverage)}% in the question)
      </dd>
    </div>
  );
}
