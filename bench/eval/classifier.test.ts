import { describe, expect, it } from 'vitest';
import { INTENTS } from '../../src/engine/contract';
import { evaluateClassifier, readLabelled } from './classifier';

describe('classifier evaluation set', () => {
  it('has at least 150 hand-written queries covering every intent', async () => {
    const labelled = await readLabelled();
    expect(labelled.length).toBeGreaterThanOrEqual(150);
    for (const intent of INTENTS) expect(labelled.filter((l) => l.intent === intent).length).toBeGreaterThanOrEqual(10);
    expect(new Set(labelled.map((l) => l.query)).size).toBe(labelled.length);
  });

  it('counts every query once in the confusion matrix and lists each mistake', async () => {
    const labelled = await readLabelled();
    const report = evaluateClassifier(labelled);
    const cells = Object.values(report.confusion).flatMap((row) => Object.values(row));
    expect(cells.reduce((a, b) => a + b, 0)).toBe(labelled.length);
    expect(report.correct + report.errors.length).toBe(labelled.length);
    const diagonal = INTENTS.reduce((s, i) => s + report.confusion[i][i], 0);
    expect(diagonal).toBe(report.correct);
  });
});
