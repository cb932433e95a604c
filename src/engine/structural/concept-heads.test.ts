/** The emulated template heads rewritten before a C++ parse (concept-heads.ts): same offsets, same lines. */
import { describe, expect, it } from 'vitest';
import { withoutConceptHeads } from './concept-heads';

describe('withoutConceptHeads', () => {
  it('reads `template(…)(requires …)` as `template<…>`, the requires group blanked, offsets and lines kept', () => {
    const text = [
      '        template(typename I, typename S = I)( // the head',
      '            requires forward_iterator<I> AND (sentinel_for<S, I>))',
      '        constexpr I first(I i, S s) { return i; }',
    ].join('\n');
    const out = withoutConceptHeads(text)!;
    expect(out.length).toBe(text.length);
    const lines = text.split('\n');
    // The group's comment is inside it: blanked with it.
    expect(out.split('\n')).toEqual([
      '        template<typename I, typename S = I>'.padEnd(lines[0].length),
      ' '.repeat(lines[1].length),
      '        constexpr I first(I i, S s) { return i; }',
    ]);
  });

  it('reads `CPP_template(…)` so too; a define of the macro, a head with no requires group and plain templates are read as they are', () => {
    expect(withoutConceptHeads('CPP_template(typename T)(requires copyable<T>) void f(T);')).toBe(
      `    template<typename T>${' '.repeat('(requires copyable<T>)'.length)} void f(T);`,
    );
    expect(withoutConceptHeads('#define template(...) \\\n    template<__VA_ARGS__> CPP_TEMPLATE_AUX_\n')).toBeNull();
    expect(withoutConceptHeads('template(typename T)\nstruct box { T t; };')).toBe(
      'template<typename T>\nstruct box { T t; };',
    );
    expect(withoutConceptHeads('template<typename T>\nT id(T t) { return t; }')).toBeNull();
  });
});
