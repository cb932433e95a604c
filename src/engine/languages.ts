/**
 * The index summary's languages: files per language, and which modalities they got — a file in
 * a language without a grammar is still searched by text and meaning, and the summary says so.
 */
import type { LanguageCount, Modality } from './contract';
import type { CorpusFile } from './modality';
import { languageOfPath } from './query-syntax';

/** Files per language, most first; `semantic`: whether the index has embeddings. */
export function languageCounts(files: readonly CorpusFile[], semantic: boolean): LanguageCount[] {
  const counts = new Map<string, LanguageCount>();
  for (const f of files) {
    const language = f.language ?? languageOfPath(f.path) ?? 'other';
    let count = counts.get(language);
    if (!count) {
      const modalities: Modality[] = f.language ? ['text', 'structural', 'graph'] : ['text'];
      if (semantic) modalities.push('semantic');
      count = { language, files: 0, parsed: 0, modalities };
      counts.set(language, count);
    }
    count.files++;
    if (f.analysis.parsed) count.parsed++;
  }
  return [...counts.values()].sort((a, b) => b.files - a.files || (a.language < b.language ? -1 : 1));
}
