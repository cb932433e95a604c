import { describe, expect, it } from 'vitest';
import { baseForms } from './tokens';

describe('baseForms', () => {
  it('gives the uninflected candidates of English verb and plural forms', () => {
    expect(baseForms('composes')).toContain('compose');
    expect(baseForms('attaches')).toContain('attach');
    expect(baseForms('applies')).toEqual(['apply']);
    expect(baseForms('drafted')).toContain('draft');
    expect(baseForms('created')).toContain('create');
    expect(baseForms('cancelled')).toContain('cancel');
    expect(baseForms('copied')).toEqual(['copy']);
    expect(baseForms('tracking')).toContain('track');
    expect(baseForms('making')).toContain('make');
    expect(baseForms('running')).toContain('run');
    expect(baseForms('Listeners')).toContain('listener');
  });

  it('leaves alone words that are not inflected that way, and never returns the word itself or a stub', () => {
    for (const w of ['class', 'status', 'axis', 'map', 'set', 'bus', 'string', 'sing']) expect(baseForms(w)).toEqual([]);
    for (const w of ['uses', 'needed', 'proxies', 'bring']) {
      expect(baseForms(w)).not.toContain(w);
      for (const b of baseForms(w)) expect(b.length).toBeGreaterThanOrEqual(3);
    }
  });
});
