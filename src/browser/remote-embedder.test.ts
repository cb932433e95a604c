import type * as Comlink from 'comlink';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLocalEmbedder } from '../node/embedders';
import type { LocalEmbedder } from '../engine/semantic/local';
import type { EmbedWorkerApi } from './protocol';
import { embedWorkerCount, remoteEmbedder } from './remote-embedder';

let local: LocalEmbedder;
beforeAll(async () => {
  local = await createNodeLocalEmbedder();
});

/** The embed worker's API served in-process by the real local model, recording what each worker was sent. */
function inProcessWorker(options: { fails?: boolean } = {}) {
  const calls: { jobId: string; texts: string[] }[] = [];
  const cancelled: string[] = [];
  const api: EmbedWorkerApi = {
    describe: async () => {
      if (options.fails) throw new Error('model failed to load in this worker');
      return { id: local.id, dimensions: local.dimensions, runtime: local.runtime };
    },
    embed: async (jobId, texts, inputType) => {
      calls.push({ jobId, texts });
      return local.embed(texts, inputType);
    },
    embedDocuments: async (jobId, texts) => {
      calls.push({ jobId, texts });
      return local.embedDocuments(texts);
    },
    embedQueryFloat: (text) => local.embedQueryFloat(text),
    cancel: async (jobId) => void cancelled.push(jobId),
    timings: async () => ({ ...local.timings }),
  };
  return { api: api as unknown as Comlink.Remote<EmbedWorkerApi>, calls, cancelled };
}

const texts = Array.from(
  { length: 11 },
  (_, i) => `function handler${i}(request) { return request.body.items[${i}]; }`,
);

describe('remoteEmbedder over several embed workers', () => {
  it('splits a call into one contiguous slice per worker and joins the answers in order', async () => {
    const workers = [inProcessWorker(), inProcessWorker(), inProcessWorker()];
    const embedder = await remoteEmbedder(
      workers.map((w) => () => w.api),
      'http://127.0.0.1/',
    );
    const { bits, int8 } = await embedder.embedDocuments!(texts);
    const direct = await local.embedDocuments(texts);
    expect(bits).toEqual(direct.bits);
    expect(int8).toEqual(direct.int8);
    expect(workers.map((w) => w.calls[0].texts)).toEqual([texts.slice(0, 4), texts.slice(4, 8), texts.slice(8)]);
    expect(await embedder.embed(texts.slice(0, 2), 'query')).toEqual(await local.embed(texts.slice(0, 2), 'query'));
    expect(workers[2].calls).toHaveLength(1); // two texts, three workers: the third gets nothing
  });

  it("embeds a question's candidates' names in the first worker alone, as the model in process does", async () => {
    const workers = [inProcessWorker(), inProcessWorker()];
    const embedder = await remoteEmbedder(
      workers.map((w) => () => w.api),
      'http://127.0.0.1/',
    );
    expect(local.runtime).toBe('static');
    expect(await embedder.embedNames!(texts)).toEqual(await local.embedNames!(texts));
    expect(workers[0].calls.map((c) => c.texts)).toEqual([texts]);
    expect(workers[1].calls).toHaveLength(0); // one message per question, no worker started for it
  });

  it("starts the other workers when a build is coming, so the build's first call does not wait for them", async () => {
    const started: number[] = [];
    let describeAsked = 0;
    const workers = [inProcessWorker(), inProcessWorker(), inProcessWorker()];
    const starters = workers.map((w, i) => () => {
      started.push(i);
      return Object.assign(Object.create(w.api) as typeof w.api, {
        describe: async (root: string) => (describeAsked++, w.api.describe(root)),
      });
    });
    const embedder = await remoteEmbedder(starters, 'http://127.0.0.1/');
    expect(started).toEqual([0]); // a reload's questions start one worker
    embedder.prepareForBuild!();
    expect(started).toEqual([0, 1, 2]); // at once, before any call
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(describeAsked).toBe(3);
    const { bits } = await embedder.embedDocuments!(texts);
    expect(bits).toEqual((await local.embedDocuments(texts)).bits);
    expect(workers.map((w) => w.calls.length)).toEqual([1, 1, 1]);
    embedder.prepareForBuild!(); // started once
    expect(started).toEqual([0, 1, 2]);
  });

  it('leaves out a worker whose model did not load, and fails only if the first did not', async () => {
    const good = inProcessWorker();
    const bad = inProcessWorker({ fails: true });
    const embedder = await remoteEmbedder([() => good.api, () => bad.api], 'http://127.0.0.1/');
    await embedder.embed(texts, 'document');
    expect(good.calls[0].texts).toEqual(texts);
    expect(bad.calls).toHaveLength(0);
    await expect(remoteEmbedder([() => bad.api, () => good.api], 'http://127.0.0.1/')).rejects.toThrow(
      /failed to load/,
    );
  });

  it('an abort rejects at once and cancels the job in every worker', async () => {
    const workers = [inProcessWorker(), inProcessWorker()];
    const embedder = await remoteEmbedder(
      workers.map((w) => () => w.api),
      'http://127.0.0.1/',
    );
    await embedder.embedDocuments!(texts); // every worker started
    const controller = new AbortController();
    const pending = embedder.embedDocuments!(texts, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
    const jobId = workers[0].calls[1].jobId;
    expect(workers.map((w) => w.cancelled)).toEqual([[jobId], [jobId]]);
  });

  it('an abort while the other workers start rejects at once and sends them nothing', async () => {
    const workers = [inProcessWorker(), inProcessWorker()];
    const embedder = await remoteEmbedder(
      workers.map((w) => () => w.api),
      'http://127.0.0.1/',
    );
    const controller = new AbortController();
    const pending = embedder.embedDocuments!(texts, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await embedder.embed(['after'], 'query');
    expect(workers.map((w) => w.calls.map((c) => c.texts))).toEqual([[['after']], []]);
  });

  it('starts only the first worker until a call has more than one text to split', async () => {
    const workers = [inProcessWorker(), inProcessWorker()];
    const started: number[] = [];
    const embedder = await remoteEmbedder(
      workers.map((w, i) => () => {
        started.push(i);
        return w.api;
      }),
      'http://127.0.0.1/',
    );
    expect(embedder.buildBatch).toBe(2048); // the planned workers', before they start
    await embedder.embed(['how are requests retried'], 'query');
    await embedder.embedQueryFloat!('how are requests retried');
    expect(started).toEqual([0]);
    expect(workers[0].calls).toHaveLength(1);
    await embedder.embedDocuments!(texts);
    expect(started).toEqual([0, 1]);
    expect(workers.map((w) => w.calls.at(-1)!.texts)).toEqual([texts.slice(0, 6), texts.slice(6)]);
  });

  it('one worker per core, at least one, at most four', () => {
    expect([undefined, 1, 2, 3, 8, 64].map(embedWorkerCount)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
