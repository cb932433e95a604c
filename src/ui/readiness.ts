/** Whether the search box can answer now, and with what: the open repository, or the running build's live stage. */
import type { LiveStage, RepositorySummary, SearchView } from '../browser/protocol';
import type { Job } from './index-status';

export interface Readiness {
  /** The running build's searchable stage, when it is the repository the box searches. */
  live: LiveStage | null;
  searchable: boolean;
}

export function readinessOf(
  job: Job | null,
  active: RepositorySummary | null,
  activeId: string | null,
  openId: string | null,
): Readiness {
  const live = job?.live && job.live.repositoryId === activeId ? job.live : null;
  // A live stage answers as soon as it arrives: its repository need not be in the listing yet
  // (the status that lists it is a round trip to a worker busy reading the folder).
  if (live) return { live, searchable: openId === activeId };
  return { live, searchable: active?.state === 'complete' && openId === active.id };
}

/**
 * Changes when a modality arrives: the answer on screen is asked again. After a reload the
 * stored index answers before the embedding model is up (semantic not ready): the model
 * settling is an arrival too.
 */
export function liveKeyOf(live: LiveStage | null, modelSettled: boolean): string {
  // More files read is an arrival too: the answer over part of a folder is asked again.
  if (live) return live.live.join(',') + (live.partialFiles ? `@${live.partialFiles.searched}` : '');
  return modelSettled ? COMPLETE_KEY : MODEL_LOADING_KEY;
}

/** liveKeyOf a stored repository while the embedding model loads, and once it has (or could not). */
export const MODEL_LOADING_KEY = 'model-loading';
export const COMPLETE_KEY = 'complete';

/** Only the model settled (no build's stage changed): what changes is whether semantic can answer. */
export function onlyModelSettled(before: string | null, after: string): boolean {
  return before === MODEL_LOADING_KEY && after === COMPLETE_KEY;
}

/**
 * Whether the status still says semantic is coming (the notice's `whileWaiting`) rather than
 * "ready": while the embedding model loads; and after it has, while the answer to a question
 * sent before it was up is still on its way, or is the one on screen (it went without semantic
 * because the model was loading). That answer is asked again when the model settles
 * (use-search.ts); "ready" before the new one lands would say the opposite of the answer for
 * the round trip.
 */
export function waitingForSemantic(
  modelSettled: boolean,
  question: { sentBeforeModel: boolean; shown: SearchView | null },
): boolean {
  if (!modelSettled || question.sentBeforeModel) return true;
  return question.shown?.query.modalities.some((m) => m.modality === 'semantic' && m.skip === 'model-loading') ?? false;
}
