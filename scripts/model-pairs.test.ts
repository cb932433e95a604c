import { describe, expect, it } from 'vitest';
import type { Definition } from '../src/engine/contract';
import {
  type ReferenceFingerprints,
  decontaminatePairs,
  normalisedBody,
  normalisedSentence,
} from './model-decontaminate';
import type { Pair } from './model-cache';
import { dedupePairs, estimatedJaccard, minHash } from './model-mine';
import { blankComments, codeText, docViews, firstSentence } from './model-pairs';
import { headerRepeats } from '../src/engine/semantic/embedder';
import { buildVocabulary } from './model-tokenizer';
import { makeEncoder, MAX_TOKENS } from './model-tokenize';

describe('doc comments → query views', () => {
  it('JSDoc: first sentence, summary up to the first tag, inline links reduced to words', () => {
    const raw =
      '/**\n * Parses the {@link Options} object. Unknown keys are kept\n * as `extra`.\n *\n * @param input - raw text\n */';
    expect(docViews(raw, 'parseOptions')).toEqual({
      sentence: 'Parses the Options object.',
      summary: 'Parses the Options object. Unknown keys are kept as extra.',
    });
  });

  it('Go: the leading name is dropped so the sentence reads like a question', () => {
    expect(
      docViews('// NewReader returns a reader that decompresses r.\n// It buffers at most 4 kB.', 'NewReader')
        ?.sentence,
    ).toBe('Returns a reader that decompresses r.');
  });

  it('Python docstring: stops at the Args section', () => {
    const raw = '"""Download a file over HTTP and verify its checksum.\n\n    Args:\n        url: where\n    """';
    expect(docViews(raw, 'download')).toEqual({ sentence: 'Download a file over HTTP and verify its checksum.' });
  });

  it('Rust: markdown links and code spans become words', () => {
    expect(docViews('/// Returns the [`Span`](crate::Span) of this `Token`.', 'span')?.sentence).toBe(
      'Returns the Span of this Token.',
    );
  });

  it('refuses tag-only, short, lower-case notes and licence docs', () => {
    expect(docViews('/** @internal */', 'x')).toBeNull();
    expect(docViews('/** Constructor. */', 'x')).toBeNull();
    expect(docViews('// hoisted class for cyclic dependency', 'x')).toBeNull();
    expect(docViews('/* Copyright 2020 Foo Inc. Licensed under the MIT License. */', 'x')).toBeNull();
    expect(docViews('/** 日本語のコメントです。 */', 'x')).toBeNull();
  });

  it('first sentence does not split inside "e.g." or a version number', () => {
    expect(firstSentence('Returns v1.2 of the API. More text.')).toBe('Returns v1.2 of the API.');
  });
});

describe('code side', () => {
  it('blanks comments but not comment markers inside strings; lines stay where they were', () => {
    const js = 'const url = "http://x"; // trailing\n/* block\n comment */ let a = `//not`;\n';
    const out = blankComments(js, 'c');
    expect(out.split('\n')).toHaveLength(js.split('\n').length);
    expect(out).toContain('"http://x"');
    expect(out).toContain('`//not`');
    expect(out).not.toContain('trailing');
    expect(out).not.toContain('block');
  });

  it('Python: docstrings and # comments go, strings in expressions stay', () => {
    const py = 'def f(x):\n    """Doc here."""\n    return "a#b"  # note\n';
    const out = blankComments(py, 'python');
    expect(out).not.toContain('Doc here');
    expect(out).not.toContain('note');
    expect(out).toContain('"a#b"');
  });

  it('is the text Fourfold embeds for the chunk: path, kind name, signature, body', () => {
    const def: Definition = {
      name: 'add',
      kind: 'function',
      signature: 'function add(a, b)',
      startLine: 2,
      endLine: 4,
      nameLine: 2,
    };
    const lines = ['', 'function add(a, b) {', '  return a + b;', '}'];
    expect(codeText('src/math.js', def, lines)).toBe(
      'src/math.js\nfunction add\nfunction add(a, b)\nfunction add(a, b) {\n  return a + b;\n}',
    );
    // A long definition has its name and signature written again, as chunkEmbeddingText does.
    const long = [...lines, ...Array.from({ length: 40 }, (_, i) => `  x${i}();`)];
    const text = codeText('src/math.js', { ...def, endLine: long.length }, long);
    expect(text.split('\n').filter((l) => l === 'function add(a, b)')).toHaveLength(headerRepeats(long.length - 1));
    expect(headerRepeats(long.length - 1)).toBe(3);
  });
});

const pair = (pkg: string, query: string, code: string): Pair => ({
  pkg,
  language: 'javascript',
  query,
  code,
  name: 'f',
});

describe('dedupe', () => {
  it('MinHash estimates Jaccard: identical bodies 1, unrelated bodies near 0', () => {
    const a = 'return items filter item item active map item item id'.split(' ');
    expect(estimatedJaccard(minHash(a), minHash(a))).toBe(1);
    expect(
      estimatedJaccard(minHash(a), minHash('open socket connect host port timeout retry'.split(' '))),
    ).toBeLessThan(0.2);
  });

  it('drops exact and near-duplicate bodies and caps each package', () => {
    const body =
      'function f(xs) { const out = []; for (const x of xs) if (x.ok) out.push(x.value * 2 + offset); return out.filter(Boolean).sort(); }';
    const pairs = [
      pair('npm:a', 'Doubles ok values.', `a.js\nfunction f\n${body}`),
      pair('npm:b', 'Doubles ok values again.', `b.js\nfunction f\n${body}`), // exact body
      pair('npm:c', 'Doubles the values.', `c.js\nfunction f\n${body.replace('sort()', 'sort(); ')}`), // same tokens
      pair(
        'npm:d',
        'Opens a socket.',
        'd.js\nfunction g\nfunction g(host, port) { return net.connect({ host, port, timeout: 5000 }); }',
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        pair(
          'npm:e',
          `Computes value number ${i}.`,
          `e.js\nfunction h${i}\nfunction h${i}() { return compute${i}(input${i}, table${i}, mode${i}); }`,
        ),
      ),
    ];
    const { pairs: kept, counts } = dedupePairs(pairs, 3);
    expect(counts.exactBody).toBe(2);
    expect(counts.capped).toBe(2);
    expect(kept.filter((p) => p.pkg === 'npm:e')).toHaveLength(3);
    expect(kept.map((p) => p.pkg)).toContain('npm:d');
  });
});

describe('decontamination', () => {
  it('drops reserved or evaluated packages, and pairs whose sentence or body occurs in them', () => {
    const fp: ReferenceFingerprints = {
      sentences: new Set([normalisedSentence('Creates an observable from an array.')]),
      bodies: new Set([normalisedBody('x.ts\nfunction from\nfunction from(a) { return new Observable(a); }')]),
      files: 1,
    };
    const pairs = [
      pair(
        'npm:lodash.merge',
        'Merges objects deeply.',
        'm.js\nfunction merge\nfunction merge(a, b) { return deep(a, b); }',
      ),
      pair('npm:mobx', 'Makes an observable value.', 'o.js\nfunction box\nfunction box(v) { return new Box(v); }'),
      pair('npm:ok', 'Creates an Observable from an array', 'y.js\nfunction of\nfunction of(a) { return wrap(a); }'),
      pair('npm:ok', 'Wraps a value.', 'z.js\nfunction from\nfunction from(a) { return new Observable(a); }'),
      pair('npm:ok', 'Reads a file.', 'r.js\nfunction read\nfunction read(p) { return fs.readFileSync(p); }'),
    ];
    const { kept, counts } = decontaminatePairs(pairs, fp, new Set(['mobx']));
    expect(counts).toEqual({
      input: 5,
      reservedOrEvaluatedPackage: 2,
      sentenceInReference: 1,
      bodyInReference: 1,
      kept: 1,
    });
    expect(kept[0].query).toBe('Reads a file.');
  });
});

describe('training tokenizer on bad input', () => {
  const encode = makeEncoder(buildVocabulary(['parse', 'file', 'read', 'json']));
  it('a 1 MB chunk is truncated to what transformers.js keeps', () => {
    const ids = encode('readFile(parseJson(x));\n'.repeat(50_000));
    expect(ids.length).toBe(MAX_TOKENS - 2);
  });
  it('empty text, only symbols or emoji, non-English text: ids or nothing, never a throw', () => {
    expect(encode('')).toEqual([]);
    expect(encode('{}[]();=>!== 🎉🚀✨')).toEqual([]);
    expect(encode('Lire le fichier JSON — читать файл 読む').length).toBeGreaterThan(0);
    expect(encode('parse '.repeat(2_000)).length).toBe(MAX_TOKENS - 2);
  });
});
