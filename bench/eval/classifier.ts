/**
 * Classifier accuracy on hand-written queries (docs/eval/classifier.jsonl: `{query, intent}`
 * per line, written by a person in the phrasings developers use, many naming no rule of the
 * classifier literally), with a confusion matrix and the misclassified queries.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Intent } from '../../src/engine/contract';
import { INTENTS } from '../../src/engine/contract';
import { classify } from '../../src/engine/classify';
import { REPO_ROOT } from './corpora';

export const CLASSIFIER_FILE = join(REPO_ROOT, 'docs', 'eval', 'classifier.jsonl');
/** Phrasings written after the last rule change and never tuned on: the generalisation check. */
export const FRESH_CLASSIFIER_FILE = join(REPO_ROOT, 'docs', 'eval', 'classifier-fresh.jsonl');

export interface LabelledQuery {
  query: string;
  intent: Intent;
}

export interface ClassifierReport {
  total: number;
  correct: number;
  accuracy: number;
  perIntent: Record<string, { total: number; correct: number; accuracy: number }>;
  /** confusion[expected][predicted] = count */
  confusion: Record<string, Record<string, number>>;
  errors: { query: string; expected: Intent; got: Intent; rule: string; confidence: number }[];
  /** Median over passes of the mean time to classify one query of the set, microseconds. */
  microsPerQuery: number;
}

/** Passes over the whole set when timing the classifier (the median pass is reported). */
const TIMING_PASSES = 21;

/** Time per query, measured here and not in tests: the median of several passes over the set. */
export function classifierMicros(queries: readonly string[]): number {
  const passes: number[] = [];
  for (let p = 0; p < TIMING_PASSES; p++) {
    const t0 = performance.now();
    for (const q of queries) classify(q);
    passes.push(((performance.now() - t0) * 1000) / Math.max(1, queries.length));
  }
  passes.sort((a, b) => a - b);
  return passes[passes.length >> 1];
}

export async function readLabelled(file = CLASSIFIER_FILE): Promise<LabelledQuery[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LabelledQuery);
}

export function evaluateClassifier(labelled: readonly LabelledQuery[]): ClassifierReport {
  const confusion: ClassifierReport['confusion'] = {};
  const perIntent: ClassifierReport['perIntent'] = {};
  const errors: ClassifierReport['errors'] = [];
  for (const a of INTENTS) {
    confusion[a] = Object.fromEntries(INTENTS.map((b) => [b, 0]));
    perIntent[a] = { total: 0, correct: 0, accuracy: 0 };
  }
  let correct = 0;
  for (const { query, intent } of labelled) {
    const c = classify(query);
    confusion[intent][c.intent]++;
    perIntent[intent].total++;
    if (c.intent === intent) {
      correct++;
      perIntent[intent].correct++;
    } else errors.push({ query, expected: intent, got: c.intent, rule: c.rule, confidence: c.confidence });
  }
  for (const p of Object.values(perIntent)) p.accuracy = p.total ? p.correct / p.total : 0;
  return {
    total: labelled.length,
    correct,
    accuracy: labelled.length ? correct / labelled.length : 0,
    perIntent,
    confusion,
    errors,
    microsPerQuery: classifierMicros(labelled.map((l) => l.query)),
  };
}
