/**
 * Indexing progress, per stage, with rate and ETA — and, between jobs, the last outcome.
 * One `role="status"` region that is always present and keeps its height, so nothing below
 * it jumps when a job starts or ends.
 */
import type { IndexProgress, IndexStage, LanguageCount, Modality } from '../engine/contract';
import type { CloneProgressEvent, LiveStage } from '../browser/protocol';
import { formatCount, formatDuration, formatRate } from './format';

export interface Job {
  id: string;
  name: string;
  kind: 'folder' | 'clone';
  clone?: CloneProgressEvent;
  stages: Partial<Record<IndexStage, IndexProgress>>;
  startedAt: number;
  /** Set once the build is searchable: which modalities answer now, which are still built. */
  live?: LiveStage;
  /** The repository the box searched when the job started: searched again if the build does not finish. */
  returnTo?: string | null;
}

/** The build stage whose progress says how far a pending modality is. */
const PENDING_PROGRESS: Record<Modality, IndexStage> = {
  text: 'read',
  structural: 'parse',
  graph: 'graph',
  semantic: 'embed',
};

/** "text · structural live, graph 0 %, semantic 40 %": what answers now and how far the rest is. */
export function liveModalitiesText(job: Job): string | null {
  if (!job.live) return null;
  const pending = job.live.pending.map((m) => {
    const p = job.stages[PENDING_PROGRESS[m]];
    const share = p && p.total > 0 ? Math.floor((100 * Math.min(p.done, p.total)) / p.total) : 0;
    return `${m} ${share} %`;
  });
  const partial = job.live.partialFiles;
  const over = partial ? ` over ${formatCount(partial.searched)} of ${formatCount(partial.total)} files` : '';
  return `${job.live.live.join(' · ')} live${over}${pending.length > 0 ? `, ${pending.join(', ')}` : ''}`;
}

export interface Notice {
  tone: 'info' | 'success' | 'error';
  text: string;
  /** Said instead of `text` while a modality of the repository is still coming (the model loading after a reload). */
  whileWaiting?: string;
  /** A ready repository's files per language and what each got (the index summary). */
  languages?: LanguageCount[];
}

interface Props {
  job: Job | null;
  notice: Notice | null;
  /** A modality the open repository was built with is not live yet (its model is loading). */
  waiting: boolean;
  onCancel(): void;
}

/** The stages a person cares about, what they count, and in which order they happen. */
const STAGES: { stage: IndexStage; label: string; unit: string }[] = [
  { stage: 'read', label: 'Files read', unit: 'files' },
  { stage: 'parse', label: 'Files parsed', unit: 'files' },
  { stage: 'text', label: 'Text and symbol indexes', unit: '' },
  { stage: 'graph', label: 'Dependency graph', unit: '' },
  { stage: 'embed', label: 'Chunks embedded', unit: 'chunks' },
  { stage: 'store', label: 'Saved in this browser', unit: '' },
];

function StageRow({
  label,
  unit,
  progress,
  active,
}: {
  label: string;
  unit: string;
  progress?: IndexProgress;
  active: boolean;
}) {
  const fraction = progress && progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  const finished = progress !== undefined && progress.total > 0 && progress.done >= progress.total;
  return (
    <div className={`stage${progress ? '' : ' is-pending'}${finished ? ' is-done' : ''}${active ? ' is-active' : ''}`}>
      <span className="stage-label">{label}</span>
      <span className="stage-bar" aria-hidden="true">
        <span style={{ width: `${fraction * 100}%` }} />
      </span>
      <span className="stage-count">{stageCount(progress, unit, finished)}</span>
      <span className="stage-rate">{stageRate(progress, unit, finished)}</span>
    </div>
  );
}

function cloneCount(clone: CloneProgressEvent): string {
  if (clone.total) return ` ${formatCount(clone.loaded)} / ${formatCount(clone.total)}`;
  return clone.loaded ? ` ${formatCount(clone.loaded)}` : '';
}

function stageCount(progress: IndexProgress | undefined, unit: string | undefined, finished: boolean): string {
  if (progress && unit) return `${formatCount(progress.done)} / ${formatCount(progress.total)}`;
  if (finished) return 'done';
  return progress ? '…' : '';
}

/** A retry notice when there is one, else the rate and (once honest) the time left. */
function stageRate(progress: IndexProgress | undefined, unit: string | undefined, finished: boolean): string {
  if (!progress || finished) return '';
  if (progress.message && stageShowsMessage(progress)) return progress.message;
  if (!unit) return '';
  const eta = progress.etaMs !== null && etaIsHonest(progress) ? ` · ${formatDuration(progress.etaMs)} left` : '';
  return `${formatRate(progress.rate, unit)}${eta}`;
}

/** Share of a stage, and seconds of it, measured before its ETA is shown: the first files (warm-up) say little about the rest. */
const ETA_MIN_SHARE = 0.1;
const ETA_MIN_SECONDS = 2;

function etaIsHonest(progress: IndexProgress): boolean {
  const elapsedSeconds = progress.rate > 0 ? progress.done / progress.rate : 0;
  return progress.total > 0 && progress.done / progress.total >= ETA_MIN_SHARE && elapsedSeconds >= ETA_MIN_SECONDS;
}

/** Engine stages report "building text index"; only retry notices (Voyage) are worth a line. */
function stageShowsMessage(progress: IndexProgress): boolean {
  return progress.stage === 'embed';
}

/** The stage running now: the last one that has reported. */
function activeStage(job: Job): IndexStage | null {
  let last: IndexStage | null = null;
  for (const { stage } of STAGES) if (job.stages[stage]) last = stage;
  return last;
}

function JobProgress({ job }: { job: Job }) {
  return (
    <>
      <p className="status-title">
        {job.kind === 'clone' && !job.stages.read ? 'Cloning' : 'Indexing'} <strong>{job.name}</strong>
        {job.clone && !job.stages.read ? (
          <span className="status-detail">
            {' '}
            — {job.clone.phase}
            {cloneCount(job.clone)}
          </span>
        ) : null}
      </p>
      <div className="stages">
        {STAGES.map(({ stage, label, unit }) => (
          <StageRow
            key={stage}
            label={label}
            unit={unit}
            progress={job.stages[stage]}
            active={stage === (activeStage(job) ?? 'read')}
          />
        ))}
      </div>
    </>
  );
}

function StatusNotice({ notice, waiting }: { notice: Notice | null; waiting: boolean }) {
  if (notice?.whileWaiting && waiting) return <p className="notice tone-info">{notice.whileWaiting}</p>;
  if (notice)
    return (
      <>
        <p className={`notice tone-${notice.tone}`}>{notice.text}</p>
        {notice.languages?.length ? <Languages languages={notice.languages} /> : null}
      </>
    );
  return <p className="notice tone-info">No indexing running.</p>;
}

/** Files per language and the modalities each got; a language without a grammar says it is searched as text. */
function Languages({ languages }: { languages: LanguageCount[] }) {
  return (
    <ul className="languages" aria-label="Languages">
      {languages.map((l) => (
        <li key={l.language}>
          <b>{l.language}</b> {formatCount(l.files)} file{l.files === 1 ? '' : 's'}
          <span className="muted">
            {' '}
            · {l.modalities.join(', ')}
            {l.modalities.includes('structural') ? '' : ' (no grammar: no definitions or graph)'}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function IndexStatus({ job, notice, waiting, onCancel }: Props) {
  return (
    <section className={`index-status${job ? ' is-running' : ''}`} aria-label="Indexing">
      <div role="status" aria-live="polite" className="status-region">
        {job ? <JobProgress job={job} /> : <StatusNotice notice={notice} waiting={waiting} />}
      </div>
      {job ? (
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </section>
  );
}
