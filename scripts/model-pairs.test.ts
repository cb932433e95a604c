import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Definition } from '../src/engine/contract';
import {
  type ReferenceFingerprints,
  decontaminatePairs,
  evaluatedPackages,
  hasReservedPath,
  normalisedBody,
  projectKey,
  normalisedSentence,
  referenceFingerprints,
} from './model-decontaminate';
import type { Pair } from './model-cache';
import { dedupePairs, estimatedJaccard, minHash } from './model-mine';
import {
  blankComments,
  codeText,
  commentSyntax,
  docViews,
  firstSentence,
  imperativeVerb,
  nameView,
  typedViews,
} from './model-pairs';
import { sampleQuery } from './model-train';
import { SeededRandom } from '../bench/eval/rng';
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

describe('C doc comments (Doxygen)', () => {
  it('a \\param / \\return line ends the summary (openafs afs_cell.c)', () => {
    const doc =
      '/*!\n * Useful traversal callback: Match by cell number.\n * \\param cell\n * \\param arg Cell number (compared with cell->cellNum).\n * \\return Returns found cell or NULL.\n */';
    expect(docViews(doc, 'afs_choose_cell_by_num')?.sentence).toBe('Useful traversal callback: Match by cell number.');
  });

  it('\\brief only marks the summary, on its line or alone above it', () => {
    expect(docViews('/**\n * \\brief Frees a cell and its server list.\n */', 'afs_FreeCell')?.sentence).toBe(
      'Frees a cell and its server list.',
    );
    expect(docViews('/**\n * \\brief\n * Flush a volume entry from the cache.\n */', 'flush')?.sentence).toBe(
      'Flush a volume entry from the cache.',
    );
  });
});

describe('typed views: the doc sentence as people type it', () => {
  // Real doc sentences: MiniSearch's addAllAsync and addAll docs (node_modules/minisearch),
  // Go's path.Match doc, a Python converter's docstring.
  const addAll = 'Adds all the given documents to the index asynchronously.';
  const promise = 'Returns a promise that resolves (to undefined) when the indexing is done.';
  const match = 'Reports whether name matches the shell file name pattern.';

  it('keywords, imperative, question and language forms of an action sentence', () => {
    expect(typedViews(addAll, 'typescript')).toEqual([
      { kind: 'keywords', text: 'add documents index asynchronously' },
      { kind: 'imperative', text: 'add all documents to index asynchronously' },
      { kind: 'question', text: 'how to add all documents to index asynchronously' },
      { kind: 'language', text: 'ts add documents index asynchronously' },
    ]);
  });

  it('"Returns X" is asked as "get X"; the content words leave out "returns" and the filler', () => {
    const views = typedViews(promise, 'javascript');
    expect(views.find((v) => v.kind === 'content')?.text).toBe('promise resolves undefined indexing done');
    expect(views.find((v) => v.kind === 'imperative')?.text).toBe(
      'get promise that resolves to undefined when indexing is done',
    );
  });

  it('every keyword run is 2–5 of the content words, in their order, none a stop word', () => {
    for (const [sentence, language] of [
      [addAll, 'typescript'],
      [promise, 'javascript'],
      [match, 'go'],
      ['Converts a value into a valid string.', 'python'],
      ['Options to control vacuuming behavior.', 'typescript'],
    ]) {
      const views = typedViews(sentence, language);
      const content = (views.find((v) => v.kind === 'content') ?? views.find((v) => v.kind === 'keywords'))!.text;
      const keywordViews = views.filter((v) => v.kind === 'keywords');
      expect(keywordViews.length).toBeGreaterThan(0);
      for (const v of keywordViews) {
        const words = v.text.split(' ');
        expect(words.length).toBeGreaterThanOrEqual(2);
        expect(words.length).toBeLessThanOrEqual(5);
        expect(content).toContain(v.text);
        expect(words.some((w) => ['the', 'a', 'to', 'of', 'whether', 'returns', 'given'].includes(w))).toBe(false);
      }
      expect(new Set(views.map((v) => v.text)).size).toBe(views.length);
      expect(views.some((v) => v.text === sentence.toLowerCase())).toBe(false);
      expect(typedViews(sentence, language)).toEqual(views);
    }
  });

  it('the language view carries the language name; a plural noun opening the sentence is not a verb', () => {
    expect(typedViews(match, 'go').find((v) => v.kind === 'language')?.text).toMatch(/(^|\s)(go|golang)(\s|$)/);
    const options = typedViews('Options to control vacuuming behavior.', 'typescript');
    expect(options.some((v) => v.kind === 'imperative')).toBe(false);
    expect(options[0].text).toBe('options control vacuuming behavior');
  });

  it('opening verbs to their base form', () => {
    expect(imperativeVerb('Parses')).toBe('parse');
    expect(imperativeVerb('Matches')).toBe('match');
    expect(imperativeVerb('Applies')).toBe('apply');
    expect(imperativeVerb('Adds')).toBe('add');
    expect(imperativeVerb('Process')).toBeNull();
    expect(imperativeVerb('Status')).toBeNull();
    expect(imperativeVerb('Has')).toBeNull();
    expect(imperativeVerb('Options', 'to')).toBeNull();
  });

  it('a sentence without words gives no views', () => {
    expect(typedViews('', 'go')).toEqual([]);
    expect(typedViews('!!! 123', 'rust')).toEqual([]);
  });
});

describe('training sampler', () => {
  const pair = {
    pkg: 'npm:x',
    language: 'go',
    name: 'f',
    heldOut: false,
    query: [0, 5] as [number, number],
    summary: [5, 12] as [number, number],
    code: [12, 40] as [number, number],
    views: [
      [40, 43],
      [43, 45],
      [45, 50],
    ] as [number, number][],
    keywords: [40, 43] as [number, number],
  };
  const draw = (rate: number) => {
    const random = new SeededRandom(7);
    const counts = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const [from] = sampleQuery(pair, random, rate);
      counts.set(from, (counts.get(from) ?? 0) + 1);
    }
    return counts;
  };

  it('draws each typed view, the summary and the sentence; seeded, so the same twice', () => {
    const counts = draw(0.5);
    for (const from of [0, 5, 40, 43, 45]) expect(counts.get(from) ?? 0).toBeGreaterThan(150);
    expect(draw(0.5)).toEqual(counts);
  });

  it('rate 0 is the sentence-and-summary sampler; a pair without views never gets one', () => {
    expect([...draw(0).keys()].sort((a, b) => a - b)).toEqual([0, 5]);
    const random = new SeededRandom(1);
    for (let i = 0; i < 200; i++) expect([0, 5]).toContain(sampleQuery({ ...pair, views: [] }, random, 1)[0]);
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

  it('Ruby: # comments and =begin blocks go, "#{…}" interpolation and strings stay', () => {
    // puppet/agent/disabler.rb's shape, with a block comment and an interpolated string.
    const rb =
      '  # Let the daemon run again, freely in the filesystem.\n  def enable\n    Puppet.notice("Enabling #{name}") # why\n  end\n=begin\nold notes\n=end\nx = 1\n';
    const out = blankComments(rb, commentSyntax('ruby'));
    expect(out.split('\n')).toHaveLength(rb.split('\n').length);
    expect(out).not.toContain('Let the daemon');
    expect(out).not.toContain('why');
    expect(out).not.toContain('old notes');
    expect(out).not.toContain('=end');
    expect(out).toContain('"Enabling #{name}"');
    expect(out).toContain('def enable');
    expect(out).toContain('x = 1');
  });

  it('PHP: //, /** */ and # comments go, #[attributes] stay', () => {
    const php =
      '<?php\n/**\n * Stores current error in run results.\n */\n#[\\ReturnTypeWillChange]\npublic function storeError($d) { # note\n  return "#" . $d; // tail\n}\n';
    const out = blankComments(php, commentSyntax('php'));
    expect(out.split('\n')).toHaveLength(php.split('\n').length);
    expect(out).not.toContain('Stores current error');
    expect(out).not.toContain('note');
    expect(out).not.toContain('tail');
    expect(out).toContain('#[\\ReturnTypeWillChange]');
    expect(out).toContain('"#"');
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
      pair(
        'debian:librust-clap-3-dev',
        'Parses the arguments.',
        'src/parse.rs\nfunction parse\nfn parse(a: Args) -> Matches { todo() }',
      ),
      pair(
        'npm:bundle',
        'Chunks an array.',
        'vendor/lodash.js\nfunction chunk\nfunction chunk(a, n) { return c(a, n); }',
      ),
    ];
    const { kept, counts } = decontaminatePairs(pairs, fp, new Set(['mobx', 'librust-clap-dev']));
    expect(counts).toEqual({
      input: 7,
      reservedOrEvaluatedPackage: 3,
      reservedPath: 1,
      sentenceInReference: 1,
      bodyInReference: 1,
      kept: 1,
    });
    expect(kept[0].query).toBe('Reads a file.');
  });

  it('a Debian crate is its project whatever its major version; a vendored reserved file is found by its path', () => {
    expect(projectKey('librust-clap-3-dev')).toBe('librust-clap-dev');
    expect(projectKey('librust-tokio-dev')).toBe('librust-tokio-dev');
    expect(projectKey('python3-click')).toBe('python3-click');
    expect(hasReservedPath('dist/vendor/rxjs/index.js\nfunction of')).toBe(true);
    expect(hasReservedPath('lib/lodash.min.js\nfunction chunk')).toBe(true);
    expect(hasReservedPath('src/threejs-loader.ts\nfunction load')).toBe(false);
    expect(hasReservedPath('src/zodiac.ts\nfunction sign')).toBe(false);
  });

  it('every package npm run eval scores is excluded, the real and understand projects included', () => {
    const evaluated = evaluatedPackages();
    for (const name of [
      'mobx',
      'golang-github-spf13-cobra-dev',
      'librust-tokio-dev',
      'python3-networkx',
      'php-monolog',
    ])
      expect(evaluated.has(name)).toBe(true);
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

describe('name view', () => {
  const code = [
    'httputil/dates.py',
    'function parse_http_date',
    'def parse_http_date(value):',
    '    m = RFC1123.match(value) or parse_http_date_fallback(value)',
    '    return datetime(int(m.year), MONTHS[m.month], int(m.day))',
  ].join('\n');

  it('asks the name as words and blanks the name wherever it is a whole word, nowhere else', () => {
    const view = nameView('parse_http_date', code)!;
    expect(view.query).toBe('parse http date');
    expect(view.code).not.toMatch(/parse_http_date(?!_)/);
    // A longer identifier that starts with the name is another name: kept.
    expect(view.code).toContain('parse_http_date_fallback(value)');
    expect(view.code).toContain('RFC1123.match(value)');
    expect(view.code.length).toBe(code.length);
  });

  it('splits camelCase and keeps acronyms whole', () => {
    const js =
      'lib/cache.js\nmethod Cache.evictLRUEntries\nevictLRUEntries(limit) {\n  this.entries.length = limit;\n}';
    expect(nameView('evictLRUEntries', js)?.query).toBe('evict lru entries');
  });

  it('gives none for a one-word name or a name the code does not hold', () => {
    expect(nameView('which', 'util.rb\nmethod Util.which\ndef which(bin)\n  ENV["PATH"].split(":")\nend')).toBeNull();
    expect(nameView('read_config', 'a.py\nfunction other\ndef other(): pass')).toBeNull();
  });
});

describe('reference fingerprints', () => {
  it('read a Debian tree with a symlink into the system that installed it, which points nowhere here', async () => {
    // htmlpurifier's DefinitionCache/Serializer -> /var/lib/php-htmlpurifier/Serializer.
    const root = mkdtempSync(join(tmpdir(), 'fourfold-reference-'));
    try {
      mkdirSync(join(root, 'DefinitionCache'));
      writeFileSync(
        join(root, 'DefinitionCache', 'Serializer.php'),
        '<?php\nclass Serializer {\n    /** Writes the definition to its cache file on disk. */\n    public function add($def) {\n        return file_put_contents($this->path($def), serialize($def));\n    }\n}\n',
      );
      symlinkSync(join(root, 'no-such-dir', 'Serializer'), join(root, 'DefinitionCache', 'Serializer'));
      const fp = await referenceFingerprints([root]);
      expect(fp.files).toBe(1);
      expect(fp.sentences.has(normalisedSentence('Writes the definition to its cache file on disk.'))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
