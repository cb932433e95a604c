/**
 * Files parsed as intake accepts them, while the rest of the folder is still being read: at most
 * `inFlight` analyses at the parser at once, the others queued in arrival order. The build then
 * takes each analysis begun here (`take`) instead of asking the parser again. The tab keeps to
 * the cores its reads leave and widens to all once they are over; the CLI's parse pool queues
 * for itself (`Infinity`). A copied or vendored file whose analysis is one begun before but for
 * its path (same-text.ts) is not parsed again: it takes a copy of that file's analysis.
 */
import type { FileAnalysis } from '../contract';
import { SameText } from './same-text';

interface Ahead {
  text: string;
  analysis: Promise<FileAnalysis>;
  /** Another file's analysis: copied under this file's path when taken. */
  copied: boolean;
}

export class ParseAhead {
  private readonly ahead = new Map<string, Ahead>();
  private readonly queue: {
    path: string;
    text: string;
    resolve: (a: Promise<FileAnalysis>) => void;
    reject: (reason: unknown) => void;
  }[] = [];
  private running = 0;
  private readonly sameText = new SameText<Promise<FileAnalysis>>();

  constructor(
    private readonly analyze: (path: string, text: string) => Promise<FileAnalysis>,
    private inFlight: number,
    private readonly signal: AbortSignal = new AbortController().signal,
  ) {
    signal.addEventListener(
      'abort',
      () => {
        for (const queued of this.queue.splice(0)) queued.reject(signal.reason);
      },
      { once: true },
    );
  }

  /** Starts (or queues) the analysis of an accepted file. */
  start(path: string, text: string): void {
    if (this.signal.aborted || this.ahead.has(path)) return;
    const { value: analysis, first } = this.sameText.of(
      text,
      path,
      text,
      () => new Promise<FileAnalysis>((resolve, reject) => this.queue.push({ path, text, resolve, reject })),
    );
    if (first) analysis.catch(() => undefined); // taken by the build, which reports a failure; untaken, dropped
    this.ahead.set(path, { text, analysis, copied: !first });
    this.pump();
  }

  /** The analysis begun for this file with this very text, if any (once). */
  take(path: string, text: string): Promise<FileAnalysis> | undefined {
    const ahead = this.ahead.get(path);
    if (!ahead || ahead.text !== text) return undefined;
    this.ahead.delete(path);
    // Copied only now: a build that shares copies itself (build.ts) never takes them.
    return ahead.copied ? ahead.analysis.then((first) => copyFor(path, first)) : ahead.analysis;
  }

  /**
   * From now on at most `inFlight` at once (never fewer than before): once the reads are over,
   * what is still queued goes to every worker of the parser, not one at a time.
   */
  widen(inFlight: number): void {
    this.inFlight = Math.max(this.inFlight, inFlight);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.inFlight && this.queue.length > 0 && !this.signal.aborted) {
      const { path, text, resolve } = this.queue.shift()!;
      this.running++;
      const analysis = this.analyze(path, text);
      resolve(analysis);
      void analysis
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}

/** Another file's analysis as this file's: its own objects (as a parse of its own would give), under its path. */
function copyFor(path: string, analysis: FileAnalysis): FileAnalysis {
  return { ...structuredClone(analysis), path };
}
