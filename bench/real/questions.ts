/** The committed question set of the real-repository eval: docs/eval/real/questions.jsonl. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../eval/corpora';
import type { Question } from './score';

export const REAL_DIR = join(REPO_ROOT, 'docs', 'eval', 'real');
export const QUESTIONS_FILE = join(REAL_DIR, 'questions.jsonl');

export async function readQuestions(): Promise<Question[]> {
  const text = await readFile(QUESTIONS_FILE, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
}

/**
 * A query as one Markdown table cell: pasted messages may span lines (a traceback, a boxed
 * console error) and hold pipes; either would break the report's row apart.
 */
export const queryCell = (query: string): string => query.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ⏎ ');
