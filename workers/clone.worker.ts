/**
 * Clone worker: a thin comlink adapter over src/browser/clone.ts. The Buffer global must
 * exist before isomorphic-git loads, hence the first import.
 */
import '../src/browser/buffer-global';
import * as Comlink from 'comlink';
import { cloneRepository } from '../src/browser/clone';
import type { CloneWorkerApi } from '../src/browser/protocol';

const running = new Map<string, AbortController>();

const api: CloneWorkerApi = {
  async clone(jobId, request, onProgress) {
    const controller = new AbortController();
    running.set(jobId, controller);
    try {
      const result = await cloneRepository(request, (event) => void onProgress(event), controller.signal);
      const buffers = result.files.map((file) => (file.data as Uint8Array).buffer as ArrayBuffer);
      return Comlink.transfer(result, buffers);
    } finally {
      running.delete(jobId);
    }
  },
  async cancel(jobId) {
    running.get(jobId)?.abort();
  },
};

Comlink.expose(api);
