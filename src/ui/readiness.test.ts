import { describe, expect, it } from 'vitest';
import type { LiveStage } from '../browser/protocol';
import { liveModalitiesText, type Job } from './index-status';
import { liveKeyOf, readinessOf } from './readiness';

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
