/**
 * The bytes of a chosen folder's files as the page reads them: the index worker's intake asks
 * for a file (`bytes`) and gets it as soon as the page's `feed` brings it, so intake — and the
 * parse that follows each accepted file — runs while the page is still reading.
 *
 * Intake runs in slices that give the worker's thread back (task-slices.ts): a `feed`
 * only stores bytes, and a search that arrives behind a backlog of them is answered after the
 * slice under way, not after every file already sent.
 */
import { Slicer } from './task-slices';
import type { IncomingFile } from './protocol';

/** Intake's slice of the worker's thread, ms: decoding, hashing and indexing the text of a few files. */
const INTAKE_SLICE_MS = 8;

export class ArrivingFiles {
  private readonly slices = new Slicer(INTAKE_SLICE_MS);
  private readonly arrived = new Map<string, IncomingFile>();
  private readonly waiting = new Map<
    string,
    { resolve: (file: IncomingFile) => void; reject: (reason: unknown) => void }
  >();
  private failure: { reason: unknown } | null = null;

  add(files: readonly IncomingFile[]): void {
    if (this.failure) return;
    for (const file of files) {
      const waiter = this.waiting.get(file.path);
      if (!waiter) this.arrived.set(file.path, file);
      else {
        this.waiting.delete(file.path);
        waiter.resolve(file);
      }
    }
  }

  /** The file's bytes once it arrives; rejects when the page could not read it, or when the build ends first (`fail`). */
  async bytes(path: string): Promise<Uint8Array> {
    if (this.failure) throw this.failure.reason;
    let file = this.arrived.get(path);
    if (file) this.arrived.delete(path);
    else file = await new Promise<IncomingFile>((resolve, reject) => this.waiting.set(path, { resolve, reject }));
    await this.slices.next();
    // The build may have ended while this file waited for its slice.
    if (this.failure !== null) throw (this.failure as { reason: unknown }).reason;
    if (file.unreadable !== undefined) throw new Error(file.unreadable);
    if (!(file.data instanceof Uint8Array)) throw new Error('the page sent a file without its bytes');
    return file.data;
  }

  /** The build is over (cancelled, replaced, failed or done): whatever still waits rejects, what arrives later is dropped. */
  fail(reason: unknown): void {
    this.failure ??= { reason };
    for (const { reject } of this.waiting.values()) reject(this.failure.reason);
    this.waiting.clear();
    this.arrived.clear();
  }
}
