/**
 * When path:/lang: filters leave an answer empty (or an exact string unfound), the matches they
 * excluded are counted, so the answer says "15 matching lines in 1 file, all in files excluded
 * by -path:src/x.ts" rather than suggesting fewer words.
 */
import type { FilteredOut, QueryPlan } from '../contract';
import type { GrepOptions, TextGrepResult } from '../text/index';

/** Lines read to count an exact string's or a pattern's matches outside the filters. */
const EXCLUDED_SCAN_LIMIT = 5000;

export interface FilteredOutSources {
  /** The filters as written, or null when the query has none. */
  filters: string | null;
  /** The files the filters keep. */
  only: ReadonlySet<number> | null;
  plan: Pick<QueryPlan, 'literal' | 'regex' | 'caseSensitive'>;
  /** Files the retrievers found that the filters dropped. */
  droppedFiles: ReadonlySet<number>;
  grep(pattern: string, options: GrepOptions): TextGrepResult;
}

/** What the filters excluded, or null when they excluded nothing (or there are none). */
export function filteredOut({ filters, only, plan, droppedFiles, grep }: FilteredOutSources): FilteredOut | null {
  if (filters === null || only === null) return null;
  const pattern = plan.regex ?? plan.literal;
  if (pattern) {
    const found = grep(pattern, {
      regex: plan.regex !== undefined,
      caseSensitive: plan.caseSensitive === true,
      limit: EXCLUDED_SCAN_LIMIT,
    });
    const outside = found.matches.filter((m) => !only.has(m.fileId));
    if (outside.length === 0) return null;
    const files = new Set(outside.map((m) => m.fileId)).size;
    return { filters, unit: 'lines', count: outside.length, files, atLeast: found.truncated };
  }
  if (droppedFiles.size === 0) return null;
  return { filters, unit: 'files', count: droppedFiles.size, files: droppedFiles.size, atLeast: false };
}

/** The sentence for what the filters excluded (the app, the CLI and MCP show this one). */
export function filteredOutMessage(f: FilteredOut): string {
  const more = f.atLeast ? 'at least ' : '';
  const files = `${f.files} file${f.files === 1 ? '' : 's'}`;
  if (f.unit === 'lines') {
    const lines = `${more}${f.count} matching line${f.count === 1 ? '' : 's'}`;
    return `${lines} in ${files}, all in files excluded by ${f.filters}.`;
  }
  return `${more}${files} answer${f.files === 1 ? 's' : ''} the question, all excluded by ${f.filters}.`;
}
