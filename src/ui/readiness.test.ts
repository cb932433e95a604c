import { describe, expect, it } from 'vitest';
import type { LiveStage, SearchView } from '../browser/protocol';
import type { ModalityRun } from '../engine/contract';
import { liveModalitiesText, type Job } from './index-status';
import { liveKeyOf, readinessOf, waitingForSemantic } from './readiness';

const stage = (partialFiles?: LiveStage['partialFiles']): LiveStage => ({
  repositoryId: 'folder:x',
  live: ['text'],
  pending: ['semantic', 'structural', 'graph'],
  ...(partialFiles ? { partialFiles } : {}),
});

describe('a folder answering while it is still read', () => {
  it('asks the answer on screen again as more files are read, and again once all are', () => {
    const keys = [stage({ searched: 400, total: 3291 }), stage({ searched: 1400, total: 3291 }), stage()].map((s) =>
      liveKeyOf(s, false),
    );
    expect(new Set(keys).size).toBe(3);
  });

  it('the header says over how many of the files the text answers', () => {
    const job: Job = {
      id: 'j',
      name: 'x',
      kind: 'folder',
      startedAt: 0,
      stages: { read: { stage: 'read', done: 1400, total: 3291, rate: 0, etaMs: null } },
      live: stage({ searched: 1400, total: 3291 }),
    };
    expect(liveModalitiesText(job)).toBe(
      'text live over 1,400 of 3,291 files, semantic 0 %, structural 0 %, graph 0 %',
    );
    expect(liveModalitiesText({ ...job, live: stage() })).toBe('text live, semantic 0 %, structural 0 %, graph 0 %');
  });
});

describe('a live stage answers before the listing knows its repository', () => {
  const job: Job = { id: 'j', name: 'x', kind: 'folder', startedAt: 0, stages: {}, live: stage() };

  it('is searchable as soon as it is open, with no status round trip (the listing has no record of it yet)', () => {
    expect(readinessOf(job, null, 'folder:x', 'folder:x')).toEqual({ live: job.live, searchable: true });
  });

  it('is not searchable while another repository is open, nor when the box searches another one', () => {
    expect(readinessOf(job, null, 'folder:x', 'folder:y').searchable).toBe(false);
    expect(readinessOf(job, null, 'folder:y', 'folder:y')).toEqual({ live: null, searchable: false });
  });
});

describe('after a reload, the status says "ready" only once semantic is in the answer on screen', () => {
  const run = (modality: ModalityRun['modality'], skip?: ModalityRun['skip']): ModalityRun => ({
    modality,
    weight: 1,
    ran: skip === undefined,
    ...(skip ? { skip } : {}),
    latencyMs: 0,
    hits: 0,
    list: [],
  });
  /** An answer as the index worker sends it: only its modality runs matter here. */
  const answer = (semantic: ModalityRun): SearchView =>
    ({ query: { modalities: [run('text'), run('structural'), run('graph'), semantic] } }) as unknown as SearchView;
  const shownOnly = (shown: SearchView | null) => ({ sentBeforeModel: false, shown });

  it('waits while the model loads, answer or not', () => {
    expect(waitingForSemantic(false, shownOnly(null))).toBe(true);
    expect(waitingForSemantic(false, shownOnly(answer(run('semantic'))))).toBe(true);
  });

  it('still waits once the model is up while the answer on screen is the one asked without it', () => {
    expect(waitingForSemantic(true, shownOnly(answer(run('semantic', 'model-loading'))))).toBe(true);
  });

  it('still waits while the answer to a question sent before the model was up is on its way', () => {
    expect(waitingForSemantic(true, { sentBeforeModel: true, shown: null })).toBe(true);
  });

  it('is ready once the answer semantic took part in is on screen, or with no answer coming', () => {
    expect(waitingForSemantic(true, shownOnly(answer(run('semantic'))))).toBe(false);
    expect(waitingForSemantic(true, shownOnly(null))).toBe(false);
  });

  it('does not wait for semantic a question did not ask for, nor for a model that could not load', () => {
    expect(waitingForSemantic(true, shownOnly(answer(run('semantic', 'zero-weight'))))).toBe(false);
    expect(waitingForSemantic(true, shownOnly(answer(run('semantic', 'failed'))))).toBe(false);
  });
});
