import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QueryPlan, SourceFile } from '../contract';
import { InvalidRegex, RegexRejected, TextIndex, TextSnapshotBuilder } from './index';
import { windowCorpus } from './window-corpus';

function realSources(): SourceFile[] {
  const root = join(process.cwd(), 'node_modules');
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (/\.(js|ts|md)$/.test(name) && st.size < 400_000)
        out.push({ path: relative(root, full), text: readFileSync(full, 'utf8') });
    }
  };
  for (const pkg of ['idb', 'comlink']) walk(join(root, pkg));
  return out;
}

const lines = (n: number, fill: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => fill(i)).join('\n') + '\n';

const OWN_SOURCES: SourceFile[] = [
  {
    path: 'src/net/client.ts',
    text:
      lines(45, (i) => `// filler ${i}`) +
      'export function connect(host: string) {\n  if (err.code === "ECONNREFUSED") retry();\n  log("ECONNREFUSED while connecting");\n}\n',
  },
  {
    path: 'src/net/retry-with-a-much-longer-path.ts',
    text: 'const e = "econnrefused"; // lower\nconst f = "Econnrefused"; const g = "econnREFUSED";\n',
  },
  { path: 'a/b.ts', text: 'throw new Error("ECONNREFUSED");\n' },
  {
    path: 'src/config/parse.ts',
    text: 'import { readFile } from "fs";\n\nexport function parseConfig(text: string) {\n  return JSON.parse(text);\n}\n',
  },
  {
    path: 'src/app.ts',
    text: 'import { parseConfig } from "./config/parse";\nconst a = parseConfig(x);\nconst b = parseConfig(y);\nconst c = parseConfig(z);\nconst parseConfigOld = 1; // not a whole word\n',
  },
  { path: 'src/other.ts', text: 'function loadSettings() { return parseconfig(readDefaults()); }\n' },
  { path: 'web/page.html', text: '<!doctype html><title>Search & <b>"find"</b></title>\n<p>Ünïcödé: 日本語</p>\n' },
  { path: 'empty.txt', text: '' },
];

const SOURCES = [...OWN_SOURCES, ...realSources()];
const CORPUS = windowCorpus(SOURCES, [
  { path: 'src/config/parse.ts', symbol: 'parseConfig', kind: 'function', startLine: 3, endLine: 5 },
]);
const INDEX = TextIndex.build(CORPUS);

function plan(p: Partial<QueryPlan>): QueryPlan {
  return { intent: 'understand_code', confidence: 0.4, rule: 'fallback', raw: '', identifiers: [], terms: [], ...p };
}

const chunkPath = (id: number) => CORPUS.chunks[id].path;

describe('TextIndex.search', () => {
  it('exact_match: exact-case matches rank above case-folded ones, then more matches, then shorter path', () => {
    const hits = INDEX.search(plan({ intent: 'exact_match', raw: 'ECONNREFUSED', literal: 'ECONNREFUSED' }), 10);
    expect(hits.map((h) => chunkPath(h.chunkId))).toEqual([
      'src/net/client.ts',
      'a/b.ts',
      'src/net/retry-with-a-much-longer-path.ts',
    ]);
    expect(hits[0]).toMatchObject({ score: 2, reason: 'contains "ECONNREFUSED" 2×' });
    expect(CORPUS.chunks[hits[0].chunkId]).toMatchObject({ startLine: 41, endLine: 49 }); // the window holding lines 46-47
    expect(hits[2].reason).toBe('contains "ECONNREFUSED" 3× (other case)');
  });

  it('identifiers: counts whole-word occurrences per chunk, credits the definition, merges BM25', () => {
    const hits = INDEX.search(
      plan({ intent: 'find_definition', raw: 'parseConfig', identifiers: ['parseConfig'], terms: ['parse', 'config'] }),
      10,
    );
    const ids = hits.map((h) => h.chunkId);
    expect(new Set(ids).size).toBe(ids.length); // one hit per chunk
    expect(chunkPath(hits[0].chunkId)).toBe('src/app.ts');
    expect(hits[0].reason).toMatch(/^uses parseConfig 4×/);
    const definition = hits.find((h) => CORPUS.chunks[h.chunkId].symbol === 'parseConfig');
    expect(definition?.reason).toMatch(/uses parseConfig 1×; defines parseConfig/);
    const folded = hits.find((h) => chunkPath(h.chunkId) === 'src/other.ts');
    expect(folded?.reason).toMatch(/uses parseConfig 1× \(1 in other case\)/);
    for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeLessThanOrEqual(hits[i - 1].score);
  });

  it('terms: BM25 over identifier-split tokens ranks the chunk holding both words first', () => {
    const hits = INDEX.search(plan({ raw: 'how is the config parsed', terms: ['config', 'parse'] }), 5);
    expect(['src/config/parse.ts', 'src/app.ts']).toContain(chunkPath(hits[0].chunkId));
    expect(hits[0].reason).toMatch(/^terms .*config/);
    const fromRaw = INDEX.search(plan({ raw: 'open database upgrade' }), 5);
    expect(fromRaw.length).toBeGreaterThan(0);
    expect(chunkPath(fromRaw[0].chunkId)).toMatch(/^idb\//);
  });

  it('find_similar: a snippet finds chunks sharing its tokens; a chunk finds others, not itself', () => {
    const snippet = 'function loadSettings() { return readDefaults(); }';
    const hits = INDEX.search(plan({ intent: 'find_similar', raw: snippet, snippet }), 5);
    expect(chunkPath(hits[0].chunkId)).toBe('src/other.ts');
    const self = CORPUS.fileByPath.get('src/other.ts')!.chunkIds[0];
    const similar = INDEX.search(plan({ intent: 'find_similar', similarToChunk: self }), 5);
    expect(similar.map((h) => h.chunkId)).not.toContain(self);
    expect(similar.length).toBeGreaterThan(0);
  });

  it('an exact_match literal that is nowhere answers nothing; a quoted name in another intent falls back to BM25', () => {
    expect(
      INDEX.search(plan({ intent: 'exact_match', raw: '"config parse xyzzy"', literal: 'config parse xyzzy' }), 5),
    ).toEqual([]);
    const hits = INDEX.search(
      plan({ intent: 'understand_code', raw: 'how is "config parse xyzzy" used', literal: 'config parse xyzzy' }),
      5,
    );
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0].reason).toMatch(/^no exact "config parse xyzzy"; terms/);
    expect(INDEX.search(plan({ literal: 'ECONNREFUSED' }), 0)).toEqual([]);
  });
});

describe('TextIndex.grep', () => {
  it('searches literals and regexes, with paths and scan statistics', () => {
    const r = INDEX.grep('<b>"find"</b>', {});
    expect(r.matches).toEqual([
      expect.objectContaining({
        path: 'web/page.html',
        line: 1,
        column: 32,
        lineText: '<!doctype html><title>Search & <b>"find"</b></title>',
      }),
    ]);
    expect(r.candidateFiles).toBeLessThan(r.filesTotal);
    const re = INDEX.grep('日本語|Ünïcödé', { regex: true, caseSensitive: true });
    expect(re.matches.map((m) => [m.path, m.column])).toEqual([
      ['web/page.html', 4],
      ['web/page.html', 13],
    ]);
    const folded = INDEX.grep('ünïcödé', { regex: true });
    expect(folded.matches).toHaveLength(1);
  });

  it('throws clear errors for patterns RE2 cannot run and invalid patterns', () => {
    expect(INDEX.grep('(a+)+$', { regex: true }).truncated).toBe(false); // linear time: nothing to reject
    expect(() => INDEX.grep('(a)\\1', { regex: true })).toThrow(RegexRejected);
    expect(() => INDEX.grep('(unclosed', { regex: true })).toThrow(InvalidRegex);
    expect(INDEX.grep('(unclosed', {}).matches).toEqual([]); // as a literal it is fine
  });
});

describe('TextIndex serialization', () => {
  it('serialize → structured clone → load gives identical results', () => {
    const loaded = TextIndex.load(CORPUS, structuredClone(INDEX.serialize()));
    const plans = [
      plan({ literal: 'ECONNREFUSED' }),
      plan({ identifiers: ['parseConfig', 'openDB'], terms: ['parse', 'config', 'open', 'db'] }),
      plan({ terms: ['transaction', 'store'] }),
      plan({ raw: 'proxy marker transfer' }),
      plan({ snippet: 'await db.transaction("store").objectStore("store").get(key)' }),
    ];
    for (const p of plans) expect(loaded.search(p, 20)).toEqual(INDEX.search(p, 20));
    for (const [pattern, regex] of [
      ['Comlink', false],
      ['expose\\(\\w+', true],
    ] as const) {
      const a = loaded.grep(pattern, { regex });
      const b = INDEX.grep(pattern, { regex });
      expect(a.matches).toEqual(b.matches);
      expect(a.candidateFiles).toBe(b.candidateFiles);
    }
    expect(loaded.stats()).toEqual(INDEX.stats());
  });

  it('built in halves (trigrams from the files, then terms from the chunks) is the snapshot TextIndex.build serializes', () => {
    const builder = new TextSnapshotBuilder(CORPUS.files.map((f) => f.text));
    builder.buildTrigrams();
    const halves = builder.finish(CORPUS.chunks);
    expect(halves).toStrictEqual(INDEX.serialize());
    expect(halves.terms.documentCount).toBe(CORPUS.chunks.length);
    expect(halves.trigrams.fileCount).toBe(CORPUS.files.length);
    // finish() alone builds the trigram half too.
    expect(new TextSnapshotBuilder(CORPUS.files.map((f) => f.text)).finish(CORPUS.chunks)).toStrictEqual(halves);
  });

  it('refuses a snapshot built for another corpus', () => {
    const other = windowCorpus(OWN_SOURCES);
    expect(() => TextIndex.load(other, INDEX.serialize())).toThrow(/built for \d+ files/);
  });
});

describe("a pasted message's format lines", () => {
  // The lines the real set's shapes hold: rust-std's signal handler prints "stack overflow" and a
  // comment of thread.rs quotes it (rust-std:message:14); syncthing's stwatchfile prints
  // `file does not exist` and two comments quote "does not exist".
  const shapes = windowCorpus([
    {
      path: 'sys/unix/thread.rs',
      text: '    // faulting, so our handler can report "stack overflow", and\n    let stackptr = get_stack_start_aligned()?;\n',
    },
    {
      path: 'sys/unix/stack_overflow.rs',
      text: '        if guard.start <= addr && addr < guard.end {\n            rtabort!("stack overflow");\n        }\n',
    },
    {
      path: 'lib/fs/mtimefs.go',
      text: '\t// because it might be "does not exist" or similar.\n\tinfo, err := f.Lstat(name)\n',
    },
    {
      path: 'lib/model/model.go',
      text: '\t\t// errors.New("does not exist") or similar here would be\n\t\t// inappropriate.\n',
    },
    { path: 'cmd/stwatchfile/main.go', text: '\t\t\t\tfmt.Println(file, "does not exist")\n' },
  ]);
  const index = TextIndex.build(shapes);
  const pathsFor = (regex: string, pasted: boolean) =>
    index
      .search(plan({ intent: 'exact_match', rule: 'verbatim-text', regex, ...(pasted ? { pasted } : {}) }), 10)
      .map((h) => shapes.chunks[h.chunkId].path);

  it('ranks the line of code that prints the message above a comment quoting it (rust-std, syncthing)', () => {
    expect(pathsFor('["\'`](?:stack overflow["\'`])', true)).toEqual([
      'sys/unix/stack_overflow.rs',
      'sys/unix/thread.rs',
    ]);
    expect(pathsFor('["\'`](?:does not exist["\'`])', true)[0]).toBe('cmd/stwatchfile/main.go');
    const [comment] = index
      .search(
        plan({ intent: 'exact_match', rule: 'verbatim-text', regex: '["\'`](?:stack overflow["\'`])', pasted: true }),
        10,
      )
      .slice(1);
    expect(comment.reason).toContain('(1 in comments)');
  });

  it("keeps a typed /regex/'s order: every matching line counts alike, shorter path first", () => {
    expect(pathsFor('["\'`](?:stack overflow["\'`])', false)).toEqual([
      'sys/unix/thread.rs',
      'sys/unix/stack_overflow.rs',
    ]);
    expect(pathsFor('["\'`](?:does not exist["\'`])', false)[0]).toBe('lib/fs/mtimefs.go');
  });
});
