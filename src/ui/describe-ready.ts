/** The sentence that says a repository is ready: what it holds and how it came to be searchable. */
import type { RepositorySummary } from '../browser/protocol';
import { formatCount, formatDuration } from './format';

/** How the index got here: the demo's prebuilt one, a build just finished, or one stored in this browser. */
function howItCame(repo: RepositorySummary, how: 'indexed' | 'loaded', elapsedMs?: number): string {
  if (repo.origin === 'demo') return `prebuilt index loaded in ${formatDuration(elapsedMs)}, no indexing`;
  if (how === 'indexed') return `indexed in ${formatDuration(elapsedMs)}`;
  return 'loaded from this browser, no re-indexing';
}

export function describeReady(repo: RepositorySummary, how: 'indexed' | 'loaded', elapsedMs?: number): string {
  const s = repo.stats;
  if (!s) return `${repo.name} is ready.`;
  const skipped = s.skipped.binary + s.skipped.oversized + s.skipped.invalidUtf8;
  const parts = [
    // One size figure per repository: the list's (what it takes in this browser); the status counts.
    `${formatCount(s.files)} files`,
    `${formatCount(s.chunks)} chunks`,
    `${formatCount(s.definitions)} definitions`,
  ];
  if (skipped > 0) parts.push(`${formatCount(skipped)} skipped (binary or too large)`);
  if (s.skipped.ignored > 0) parts.push(`${formatCount(s.skipped.ignored)} ignored`);
  if (s.reusedFiles > 0 && how === 'indexed') parts.push(`${formatCount(s.reusedFiles)} unchanged files reused`);
  const note = repo.message ? ` ${repo.message}` : '';
  return `${repo.name} is ready: ${parts.join(', ')}; ${howItCame(repo, how, elapsedMs)}.${note}`;
}

/** The modality a stored repository waits for after a reload: semantic, when it was built with the in-browser model. */
export function waitsForModel(repo: RepositorySummary): boolean {
  const model = repo.stats?.embedder;
  return !!model && !model.startsWith('voyage:');
}

/** Said while the model loads: what answers already, what is coming. Never "ready". */
export function describeWaiting(repo: RepositorySummary): string {
  return `${repo.name} answers with text, structural and graph; semantic joins when the embedding model has loaded (answers are asked again then).`;
}
