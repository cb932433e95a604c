import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryPlan, SourceFile } from '../contract';
import type { Corpus } from '../modality';
import { createNodeLocalEmbedder } from '../../node/embedders';
import type { LocalEmbedder } from './local';
import type { Embedder } from './embedder';
import { chunkEmbeddingText, deferredEmbedder, EMBED_HEADER_REPEATS, EMBED_TEXT_MAX_CHARS } from './embedder';
import {
  bodyWindowRows,
  contentlessChunks,
  DEFAULT_RESCORE_CANDIDATES,
  isModuleDeclaration,
  MemoryEmbeddingCache,
  NAME_CANDIDATES,
  NAME_VECTOR_MAX_WORDS,
  nameVectorCache,
  SemanticIndex,
} from './index';
import { cosineFloatInt8 } from './int8';
import { NAME_VECTOR_WEIGHT } from '../ranking';
import { buildCorpus, corpusFromTexts as windowedCorpus } from '../structural/corpus';
import { StructuralAnalyzer } from '../structural/analyzer';
import { nodeGrammars } from '../../node/grammars';
import { createVoyageEmbedder } from './voyage';
import { startVoyageServer } from '../../../test/support/voyage-test-server';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

function readFixtures(): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.js')) out.push({ path: relative(FIXTURES, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(FIXTURES);
  return out;
}

/** contentlessChunks as first written: every file split into lines, each window's lines tested. */
function contentlessBySplit(corpus: Corpus): Uint8Array {
  const out = new Uint8Array(corpus.chunks.length);
  for (const chunk of corpus.chunks) {
    if (chunk.kind !== 'window') continue;
    const lines = corpus.files[chunk.fileId].text.split('\n');
    if (!lines.slice(chunk.startLine - 1, chunk.endLine).some((l) => /[\p{L}\p{N}]/u.test(l))) out[chunk.id] = 1;
  }
  return out;
}

function plan(raw: string, extra: Partial<QueryPlan> = {}): QueryPlan {
  return { raw, intent: 'understand_code', confidence: 0.4, rule: 'fallback', identifiers: [], terms: [], ...extra };
}

/** Counts what reaches the wrapped embedder. */
function counting(inner: Embedder): Embedder & { texts: number } {
  const wrapper = {
    id: inner.id,
    dimensions: inner.dimensions,
    texts: 0,
    embed(texts: string[], inputType: 'document' | 'query', signal?: AbortSignal) {
      wrapper.texts += texts.length;
      return inner.embed(texts, inputType, signal);
    },
    embedDocuments: inner.embedDocuments
      ? (texts: string[], signal?: AbortSignal) => {
          wrapper.texts += texts.length;
          return inner.embedDocuments!(texts, signal);
        }
      : undefined,
    embedQueryFloat: inner.embedQueryFloat?.bind(inner),
  };
  return wrapper;
}

const corpus = windowedCorpus(readFixtures());
let local: LocalEmbedder;
beforeAll(async () => {
  local = await createNodeLocalEmbedder();
});

describe('SemanticIndex with the bundled local model on unseen real code', () => {
  it('ranks the query-string serializer first for "serialize an object into a url query string"', async () => {
    const index = await SemanticIndex.build(corpus, local);
    const hits = await index.search(plan('serialize an object into a url query string'), 5);
    const top = corpus.chunks[hits[0].chunkId];
    expect(top.path).toBe('qs/lib/stringify.js');
    const parsed = hits.map((h) =>
      /^meaning close to the query \(hamming (\d+)\/256, then int8 cosine (-?[\d.]+)\)$/.exec(h.reason)!,
    );
    parsed.forEach((m, i) => expect(Number(m[2])).toBeCloseTo(hits[i].score, 3));
    for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeLessThanOrEqual(hits[i - 1].score);

    // Hamming alone (no rescoring) is noisier, but the serializer still beats every chunk of
    // the unrelated files.
    index.rescoreCandidates = 0;
    const plain = await index.search(plan('serialize an object into a url query string'), corpus.chunks.length);
    const paths = plain.map((h) => corpus.chunks[h.chunkId].path);
    const unrelated = paths.findIndex((p) => /^(bytes|ms|escape-html|mri)\//.test(p));
    expect(paths.indexOf('qs/lib/stringify.js')).toBeLessThan(unrelated);
    for (const h of plain) expect(h.score).toBeCloseTo(1 - Number(/hamming (\d+)\/256/.exec(h.reason)![1]) / 256, 10);
  });

  it('leaves out windows with nothing to mean: a blank gap between Go functions embeds as its path alone', async () => {
    // The shape of x/tools' refactor/rename/rename.go with its comments blanked (as the understand
    // set searches it): the lines between functions are blank, each gap a window whose embedding
    // text is the path alone; such a path vector stood first for a question naming the folder.
    const rename = [
      'package rename',
      '',
      'import (',
      '\t"fmt"',
      '\t"go/ast"',
      '\t"go/token"',
      ')',
      '',
      '',
      '',
      'func Main(offsetFlag, fromFlag, to string) error {',
      '\tif fromFlag == "" && offsetFlag == "" {',
      '\t\treturn fmt.Errorf("-from or -offset flag required")',
      '\t}',
      '\tr := &renamer{to: to, objsToUpdate: make(map[*ast.Ident]bool)}',
      '\treturn r.update()',
      '}',
      '',
      '',
      '',
      'type renamer struct {',
      '\tto           string',
      '\tobjsToUpdate map[*ast.Ident]bool',
      '\tfset         *token.FileSet',
      '}',
      '',
      '',
      '',
      'func (r *renamer) update() error {',
      '\tfor id := range r.objsToUpdate {',
      '\t\tid.Name = r.to',
      '\t}',
      '\treturn nil',
      '}',
      '',
      '',
      '',
      '}',
      '',
    ].join('\n');
    const set = [
      'package typeutil',
      '',
      '',
      'func (m *Map) Set(key string, value interface{}) (prev interface{}) {',
      '\tprev = m.table[key]',
      '\tm.table[key] = value',
      '\treturn prev',
      '}',
      '',
    ].join('\n');
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const go = buildCorpus(
      [
        { path: 'refactor/rename/rename.go', text: rename },
        { path: 'go/types/typeutil/map.go', text: set },
      ],
      analyzer,
    );
    const contentless = contentlessChunks(go);
    const blanks = go.chunks.filter((c) => contentless[c.id]);
    // The blank gaps between definitions, the last with a lone closing brace; the window over the
    // package clause and the imports, and every definition, have words.
    expect(blanks.map((c) => `${c.path}:${c.startLine}-${c.endLine}`)).toEqual([
      'refactor/rename/rename.go:18-20',
      'refactor/rename/rename.go:26-28',
      'refactor/rename/rename.go:35-38',
    ]);
    const index = await SemanticIndex.build(go, local);
    const hits = await index.search(plan('rename identifier refactor'), go.chunks.length);
    expect(hits.filter((h) => contentless[h.chunkId])).toEqual([]);
    expect(hits.length).toBe(go.chunks.length - blanks.length);
    expect(go.chunks[hits[0].chunkId].path).toBe('refactor/rename/rename.go');
    // "Find similar" (code → code) keeps them: a file's path finds its namesake in another package.
    const similar = await index.search(plan('', { similarToChunk: hits[0].chunkId }), go.chunks.length);
    expect(similar.length).toBe(go.chunks.length - 1);
  });

  it('leaves out one-line module declarations: `pub mod install;` is a name and a path, not the code that installs', async () => {
    // The shape of cargo's src/bin/cargo/commands/mod.rs (one `pub mod` line per subcommand) beside
    // the function that does the work: each declaration's embedding text is its path and its name.
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const rust = buildCorpus(
      [
        {
          path: 'src/bin/cargo/commands/mod.rs',
          text: ['pub mod build;', 'pub mod install;', 'pub mod package;', 'pub mod uninstall;', ''].join('\n'),
        },
        {
          path: 'src/cargo/ops/cargo_install.rs',
          text: [
            'pub fn install(root: &Path, krates: Vec<&str>, opts: &CompileOptions) -> Result<()> {',
            '    let dst = root.join("bin");',
            '    for krate in krates {',
            '        let pkg = select_pkg(krate)?;',
            '        let compiled = compile_ws(&pkg, opts)?;',
            '        for binary in compiled.binaries {',
            '            fs::copy(&binary.path, dst.join(binary.name))?;',
            '        }',
            '    }',
            '    Ok(())',
            '}',
            '',
          ].join('\n'),
        },
      ],
      analyzer,
    );
    const declarations = rust.chunks.filter(isModuleDeclaration);
    expect(declarations.map((c) => c.symbol)).toEqual(['build', 'install', 'package', 'uninstall']);
    const index = await SemanticIndex.build(rust, local);
    const hits = await index.search(plan('install binary crate', { terms: ['install', 'binary', 'crate'] }), 20);
    expect(hits.map((h) => rust.chunks[h.chunkId].symbol)).toEqual(['install']);
    // "Find similar" (code → code) keeps them: a declaration's likeness is another declaration.
    const similar = await index.search(plan('', { similarToChunk: declarations[0].id }), 20);
    expect(similar.length).toBe(rust.chunks.length - 1);
  });

  it('finds contentless windows without copying lines: the same as every file split into lines, on real shapes', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const shapes: SourceFile[] = [
      ...readFixtures(),
      { path: 'crlf.go', text: 'package a\r\n\r\n\r\nfunc A() {\r\n}\r\n\r\n\r\nfunc B() {\r\n}\r\n\r\n' },
      { path: 'tail.py', text: 'def f():\n    return 1\n\n\n\n# ü\n\n\n' },
      { path: 'no-final-newline.js', text: 'function f() {}\n\n)\n}' },
      { path: 'blank.txt', text: '\n\n\n' },
      { path: 'empty.txt', text: '' },
      { path: 'digits.txt', text: '--\n==\n42\n' },
      { path: 'han.md', text: '#\n\n日本\n' },
      { path: 'long-blank.txt', text: `x\n${'\n'.repeat(120)}` },
    ];
    for (const corpus of [buildCorpus(shapes, analyzer), windowedCorpus(shapes)]) {
      const found = contentlessChunks(corpus);
      expect(found).toEqual(contentlessBySplit(corpus));
      expect(found.some((f) => f === 1)).toBe(true);
      expect(found.some((f, id) => f === 0 && corpus.chunks[id].kind === 'window')).toBe(true);
    }
  });

  it('stores its contentless windows: a loaded index answers its first question reading no file text', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const corpus = buildCorpus(readFixtures(), analyzer);
    const built = await SemanticIndex.build(corpus, local);
    const snapshot = built.serialize();
    const flags = contentlessChunks(corpus);
    expect([...snapshot.contentless!]).toEqual(corpus.chunks.filter((c) => flags[c.id]).map((c) => c.id));
    expect(snapshot.contentless!.length).toBeGreaterThan(0);
    const question = plan('parse the configuration file');
    const expected = await built.search(question, 50);
    let reads = 0;
    const watched = {
      ...corpus,
      files: corpus.files.map((f) => ({
        ...f,
        get text() {
          reads++;
          return f.text;
        },
      })),
    };
    const loaded = SemanticIndex.load(watched, snapshot, local);
    expect(await loaded.search(question, 50)).toEqual(expected);
    expect(reads).toBe(0);
    // Stored ids that do not fit the corpus are not trusted: the texts are read again, same answer.
    const unfit = SemanticIndex.load(watched, { ...snapshot, contentless: Uint32Array.of(3, 2) }, local);
    expect(await unfit.search(question, 50)).toEqual(expected);
    expect(reads).toBeGreaterThan(0);
  });

  it("adds a definition's name cosine: a few search-box words find the long function they name, not its caller", async () => {
    // The shape of networkx's shortest_paths (comments blanked): dijkstra_path's long body of
    // heaps and dictionaries outweighs its name in the mean of its tokens, while shortest_path,
    // a short dispatcher, says "dijkstra", "path" and "weight" in a few lines. Chunk vectors alone
    // put the caller first.
    const weighted = [
      'from heapq import heappop, heappush',
      'from itertools import count',
      '',
      '',
      'def dijkstra_path(G, source, target, weight="weight"):',
      '    weight = _weight_function(G, weight)',
      '    push = heappush',
      '    pop = heappop',
      '    dist = {}',
      '    pred = {source: []}',
      '    seen = {source: 0}',
      '    c = count()',
      '    fringe = []',
      '    push(fringe, (0, next(c), source))',
      '    while fringe:',
      '        (d, _, v) = pop(fringe)',
      '        if v in dist:',
      '            continue',
      '        dist[v] = d',
      '        if v == target:',
      '            break',
      '        for u, e in G._adj[v].items():',
      '            cost = weight(v, u, e)',
      '            if cost is None:',
      '                continue',
      '            vu_dist = dist[v] + cost',
      '            if u in dist:',
      '                u_dist = dist[u]',
      '                if vu_dist < u_dist:',
      '                    raise ValueError("Contradictory paths found:", "negative weights?")',
      '            elif u not in seen or vu_dist < seen[u]:',
      '                seen[u] = vu_dist',
      '                push(fringe, (vu_dist, next(c), u))',
      '                pred[u] = [v]',
      '            elif vu_dist == seen[u]:',
      '                pred[u].append(v)',
      '    node = target',
      '    found = [node]',
      '    while node != source:',
      '        node = pred[node][0]',
      '        found.append(node)',
      '    found.reverse()',
      '    return found',
      '',
    ].join('\n');
    const generic = [
      'def shortest_path(G, source=None, target=None, weight=None, method="dijkstra"):',
      '    method = "unweighted" if weight is None else method',
      '    if method == "dijkstra":',
      '        return nx.dijkstra_path(G, source, target, weight)',
      '    if method == "bellman-ford":',
      '        return nx.bellman_ford_path(G, source, target, weight)',
      '    return nx.bidirectional_shortest_path(G, source, target)',
      '',
      '',
      'def has_path(G, source, target):',
      '    try:',
      '        nx.shortest_path(G, source, target)',
      '    except nx.NetworkXNoPath:',
      '        return False',
      '    return True',
      '',
    ].join('\n');
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const py = buildCorpus(
      [
        { path: 'algorithms/shortest_paths/weighted.py', text: weighted },
        { path: 'algorithms/shortest_paths/generic.py', text: generic },
      ],
      analyzer,
    );
    const index = await SemanticIndex.build(py, local);
    // Nothing of the names is stored: the snapshot holds the chunks' vectors and hashes (and their
    // long functions' body windows'), and which are contentless.
    const stored = index.serialize();
    expect(Object.keys(stored).sort()).toEqual([
      'chunkCount',
      'contentless',
      'dimensions',
      'embedderId',
      'int8',
      'textHashes',
      'vectors',
    ]);
    expect(stored.int8!.length).toBe((py.chunks.length + bodyWindowRows(py).owner.length) * local.dimensions);
    const question = plan('dijkstra weighted path');
    const hits = await index.search(question, 5);
    expect(py.chunks[hits[0].chunkId].symbol).toBe('dijkstra_path');
    // The score is the chunk's cosine plus NAME_VECTOR_WEIGHT × its name's, both shown.
    expect(hits.filter((h) => h.reason.includes('name cosine')).length).toBe(3); // three definitions
    for (const h of hits) {
      const m = /int8 cosine (-?[\d.]+)(?: \+ ([\d.]+) × name cosine (-?[\d.]+))?\)$/.exec(h.reason)!;
      if (m[2] !== undefined) expect(Number(m[2])).toBe(NAME_VECTOR_WEIGHT);
      expect(h.score).toBeCloseTo(Number(m[1]) + NAME_VECTOR_WEIGHT * Number(m[3] ?? 0), 2);
    }
    // A doc sentence describes the body: more than NAME_VECTOR_MAX_WORDS content words leave them out.
    const terms = ['find', 'shortest', 'weighted', 'path', 'dijkstra', 'algorithm'];
    expect(terms.length).toBeGreaterThan(NAME_VECTOR_MAX_WORDS);
    const long = await index.search(plan('find the shortest weighted path with the dijkstra algorithm', { terms }), 5);
    expect(long.every((h) => !h.reason.includes('name cosine'))).toBe(true);
    // Code → code is a body's likeness: "similar to …" leaves the names out.
    const similar = await index.search(plan('dijkstra weighted path', { intent: 'find_similar' }), 5);
    expect(similar.every((h) => !h.reason.includes('name cosine'))).toBe(true);
    // An embedder that cannot embed names per question (a remote model) answers with the chunks
    // alone: the caller is first.
    const { embedNames, ...remoteLike } = local;
    expect(embedNames).toBeDefined();
    const plain = await SemanticIndex.load(py, stored, remoteLike).search(question, 5);
    expect(py.chunks[plain[0].chunkId].symbol).toBe('shortest_path');
    expect(plain.every((h) => !h.reason.includes('name cosine'))).toBe(true);
    // Loaded from the snapshot (through the CLI's stand-in for a model not yet started), the same
    // answer, and the names embedded for the first question are not embedded again.
    let named = 0;
    const watching: Embedder = {
      ...local,
      embedNames: (texts) => {
        named += texts.length;
        return local.embedNames!(texts);
      },
    };
    const deferred = deferredEmbedder(local.id, local.dimensions, () => Promise.resolve(watching));
    expect(await SemanticIndex.load(py, stored, deferred).search(question, 5)).toEqual(hits);
    expect(named).toBe(0);
    // A stand-in whose model has no names (not the static one) answers without them.
    const noNames = deferredEmbedder(local.id, local.dimensions, () => Promise.resolve(remoteLike));
    expect(await SemanticIndex.load(py, stored, noNames).search(question, 5)).toEqual(plain);
    // A tab whose model is still starting knows the vector of a question it asked before: it
    // answers that question at once without names, never waiting for the model to embed them.
    const starting: Embedder = {
      ...local,
      ready: (query) => query !== undefined,
      embedNames: () => new Promise<never>(() => {}),
    };
    expect(await SemanticIndex.load(py, stored, starting).search(question, 5)).toEqual(plain);
  });

  it('embeds a short question with the code\'s spellings of its words: `pidfile` for "pid file"', async () => {
    // The shape of puppet's daemon.rb (comments blanked): `create_pidfile` runs "pid file" together,
    // so the question's whole words share no token with its name, while the short `daemonize`
    // says "daemon". The text index finds `pidfile` in the vocabulary (text/spellings.ts, a
    // compound) and the engine sets it on the plan; the semantic list embeds it after the question.
    const daemon = [
      'class Puppet::Daemon',
      '  def daemonize',
      '    pid = fork',
      '    if pid',
      '      Process.detach(pid)',
      '      exit(0)',
      '    end',
      '    create_pidfile',
      '  end',
      '',
      '  def create_pidfile',
      '    Puppet::Util.synchronize_on(Puppet.run_mode.name, Sync::EX) do',
      '      raise "Could not create PID file: #{@pidfile.file_path}" unless @pidfile.lock',
      '    end',
      '  end',
      '',
      '  def remove_pidfile',
      '    Puppet::Util.synchronize_on(Puppet.run_mode.name, Sync::EX) do',
      '      @pidfile.unlock',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n');
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const rb = buildCorpus([{ path: 'lib/puppet/daemon.rb', text: daemon }], analyzer);
    const index = await SemanticIndex.build(rb, local);
    const terms = ['create', 'pid', 'file', 'daemon'];
    const pidfile = { code: 'compound' as const, word: 'pid', token: 'pidfile', weight: 0.5 };
    const spelled = await index.search(
      plan('create pid file for daemon', { terms, spellings: [pidfile, { ...pidfile, word: 'file' }] }),
      3,
    );
    expect(rb.chunks[spelled[0].chunkId].symbol).toBe('create_pidfile');
    expect(spelled[0].reason).toMatch(/; asked with the code's spellings `pidfile`\)$/);
    // The same vector as the question written with the spelling: the spelling is written once.
    const written = await index.search(plan('create pid file for daemon pidfile', { terms }), 3);
    expect(written.map((h) => [h.chunkId, h.score])).toEqual(spelled.map((h) => [h.chunkId, h.score]));
    // A shortening is not written (SEMANTIC_SPELLING_CODES): `crt` stands for other words too.
    const crt = { code: 'abbreviation' as const, word: 'create', token: 'crt', weight: 0.3 };
    const plain = await index.search(plan('create pid file for daemon', { terms }), 3);
    const shortened = await index.search(plan('create pid file for daemon', { terms, spellings: [crt] }), 3);
    expect(shortened).toEqual(plain);
    // Asked without the spelling, the namesake that says "daemon" comes first.
    expect(rb.chunks[plain[0].chunkId].symbol).toBe('daemonize');
    // A sentence (a classifier rule read it, not the phrase fallback) is embedded as it is written.
    const sentence = plan('Create the pid file for the daemon.', { rule: 'description', terms });
    const asWritten = await index.search({ ...sentence, spellings: [pidfile] }, 3);
    expect(asWritten).toEqual(await index.search(sentence, 3));
    expect(asWritten[0].reason).not.toContain('spellings');
  });

  it("embeds a question's candidates' names once per process, and only theirs", async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    // Definitions under a name no other test uses, so the process-wide cache has none of them yet.
    const files = [...Array(NAME_CANDIDATES + 100).keys()].map((i) => ({
      path: `pkg/m${i}.py`,
      text: `def quokka_${i}_tally(rows):\n    total = 0\n    for r in rows:\n        total += r.v${i}\n    return total\n`,
    }));
    const corpus = buildCorpus(files, analyzer);
    const named: string[] = [];
    const watching: Embedder = {
      ...local,
      embedNames: (texts) => {
        named.push(...texts);
        return local.embedNames!(texts);
      },
    };
    const index = await SemanticIndex.build(corpus, watching);
    expect(named).toEqual([]); // a build embeds no names
    const before = nameVectorCache.size;
    await index.search(plan('quokka tally rows'), 10);
    // At most the NAME_CANDIDATES Hamming-nearest chunks' names, each once.
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(NAME_CANDIDATES);
    expect(new Set(named).size).toBe(named.length);
    expect(named.every((t) => /^function quokka_\d+_tally\n/.test(t))).toBe(true);
    expect(nameVectorCache.size).toBe(before + named.length);
    const first = named.length;
    await index.search(plan('quokka tally rows'), 10);
    expect(named.length).toBe(first);
  });

  it('ranks every chunk by the int8 cosine for find similar, not only the Hamming-nearest', async () => {
    // Ten copies of the fixtures: more chunks than the Hamming candidates a question rescores.
    const copies = readFixtures().flatMap((f) => [...Array(10).keys()].map((i) => ({ ...f, path: `c${i}/${f.path}` })));
    const big = windowedCorpus(copies);
    expect(big.chunks.length).toBeGreaterThan(DEFAULT_RESCORE_CANDIDATES);
    const index = await SemanticIndex.build(big, local);
    const dims = local.dimensions;
    const source = big.chunks.findIndex((c) => c.path === 'c0/mri/lib/index.js');
    const query = Float32Array.from(index.int8!.subarray(source * dims, (source + 1) * dims));
    const exact = big.chunks
      .filter((c) => c.id !== source)
      .map((c) => ({ id: c.id, cosine: cosineFloatInt8(query, index.int8!, c.id * dims, dims) }))
      .sort((a, b) => b.cosine - a.cosine);
    const hits = await index.search(plan('', { similarToChunk: source }), 20);
    hits.forEach((h, i) => expect(h.score).toBeCloseTo(exact[i].cosine, 6));
  });

  it('finds HTML escaping and byte formatting by their meaning', async () => {
    const index = await SemanticIndex.build(corpus, local);
    const escape = await index.search(plan('escape special html characters like ampersand and quotes'), 3);
    expect(corpus.chunks[escape[0].chunkId].path).toBe('escape-html/index.js');
    const bytes = await index.search(plan('format a number of bytes as kb mb gb'), 3);
    expect(corpus.chunks[bytes[0].chunkId].path).toBe('bytes/index.js');
  });

  it('second build with the same cache embeds 0 chunks; one edited chunk re-embeds only that one', async () => {
    const cache = new MemoryEmbeddingCache();
    const first = counting(local);
    const progress: [number, number][] = [];
    const a = await SemanticIndex.build(corpus, first, {
      cache,
      batchSize: 8,
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(first.texts).toBe(corpus.chunks.length);
    expect(a.buildStats).toEqual({ embedded: corpus.chunks.length, reused: 0 });
    expect(progress.at(-1)).toEqual([corpus.chunks.length, corpus.chunks.length]);

    const second = counting(local);
    const b = await SemanticIndex.build(corpus, second, { cache });
    expect(second.texts).toBe(0);
    expect(b.buildStats).toEqual({ embedded: 0, reused: corpus.chunks.length });
    expect(b.serialize().vectors).toEqual(a.serialize().vectors);
    expect(b.serialize().int8).toEqual(a.serialize().int8); // int8 vectors come back from the cache too
    expect(a.serialize().int8).toHaveLength(corpus.chunks.length * 256);

    // A cache holding bits only (older entries) is re-embedded for the int8 vectors.
    const bitsOnly = new MemoryEmbeddingCache(new Map([...cache.vectors].map(([k, v]) => [k, v.slice(0, 8)])));
    const fourth = counting(local);
    const d = await SemanticIndex.build(corpus, fourth, { cache: bitsOnly });
    expect(d.buildStats.embedded).toBeGreaterThan(0);
    expect(d.serialize().int8).toEqual(a.serialize().int8);

    const sources = readFixtures();
    sources[0] = { ...sources[0], text: sources[0].text.replace('\n', '\n// edited line\n') };
    const third = counting(local);
    const c = await SemanticIndex.build(windowedCorpus(sources), third, { cache });
    expect(c.buildStats.embedded).toBeGreaterThanOrEqual(1);
    expect(c.buildStats.embedded).toBeLessThanOrEqual(windowedCorpus([sources[0]]).chunks.length);
  });

  it('sends one batch ahead: the embedder has the next batch before the last one is back, and the vectors are the same', async () => {
    const events: string[] = [];
    let calls = 0;
    const watched: Embedder = {
      ...local,
      embedDocuments: async (texts, signal) => {
        const call = ++calls;
        events.push(`sent ${call}`);
        const found = await local.embedDocuments!(texts, signal);
        events.push(`back ${call}`);
        return found;
      },
    };
    let firstOut = -1;
    const pipelined = await SemanticIndex.build(corpus, watched, {
      batchSize: 8,
      onEmbedding: () => (firstOut = events.length),
    });
    expect(calls).toBe(Math.ceil(corpus.chunks.length / 8));
    expect(calls).toBeGreaterThan(2);
    // Batch n + 1 is sent before batch n comes back, for every batch.
    for (let n = 1; n < calls; n++) expect(events.indexOf(`sent ${n + 1}`)).toBeLessThan(events.indexOf(`back ${n}`));
    expect(firstOut).toBe(1); // told once the first batch is out, before any is back
    const oneByOne = await SemanticIndex.build(corpus, local, { batchSize: corpus.chunks.length });
    expect(pipelined.serialize().vectors).toEqual(oneByOne.serialize().vectors);
    expect(pipelined.serialize().int8).toEqual(oneByOne.serialize().int8);
  });

  it('serializes and loads; without an embedder only "find similar" works', async () => {
    const built = await SemanticIndex.build(corpus, local);
    const snapshot = structuredClone(built.serialize());
    const withEmbedder = SemanticIndex.load(corpus, snapshot, local);
    const q = plan('parse command line arguments');
    expect(await withEmbedder.search(q, 5)).toEqual(await built.search(q, 5));

    const noEmbedder = SemanticIndex.load(corpus, snapshot, null);
    await expect(noEmbedder.search(q, 5)).rejects.toThrow(/needs the local:fourfold-code-search embedder/);
    const mriChunk = corpus.fileByPath.get('mri/lib/index.js')!.chunkIds[0];
    const similar = await noEmbedder.search(plan('', { intent: 'find_similar', similarToChunk: mriChunk }), 4);
    expect(similar.map((h) => h.chunkId)).not.toContain(mriChunk);
    expect(similar[0].reason).toMatch(
      /^meaning close to mri\/lib\/index.js:1 \(hamming \d+\/256, then int8 cosine -?[\d.]+\)$/,
    );
    for (let i = 1; i < similar.length; i++) expect(similar[i].score).toBeLessThanOrEqual(similar[i - 1].score);

    // A snapshot from before int8 vectors still loads: rescoring falls back to the ±1 bits.
    const { int8: _dropped, ...older } = snapshot;
    const old = SemanticIndex.load(corpus, older, local);
    const oldHits = await old.search(q, 5);
    expect(oldHits[0].reason).toMatch(
      /^meaning close to the query \(hamming \d+\/256, then cosine with the ±1 bits -?[\d.]+\)$/,
    );

    expect(() => SemanticIndex.load(windowedCorpus(readFixtures().slice(1)), snapshot, null)).toThrow(/re-index/);
  });

  it('the second stage is close to the true float cosine: int8 within 0.02, where the ±1 bits are much further off', async () => {
    const index = await SemanticIndex.build(corpus, local);
    const query = 'convert a duration string like 2 days into milliseconds';
    const q = await local.embedQueryFloat(query);
    const docs = await local.embedFloat(
      corpus.chunks.map((c) => chunkEmbeddingText(c, corpus.files[c.fileId])),
      'document',
    );
    const exact = docs.map((d) => d.reduce((s, x, i) => s + x * q[i], 0));
    const int8Hits = await index.search(plan(query), 20);
    const bits = SemanticIndex.load(corpus, { ...index.serialize(), int8: undefined }, local);
    const bitHits = await bits.search(plan(query), 20);
    const error = (hits: { chunkId: number; score: number }[]) =>
      Math.max(...hits.map((h) => Math.abs(h.score - exact[h.chunkId])));
    expect(error(int8Hits)).toBeLessThan(0.02);
    expect(error(bitHits)).toBeGreaterThan(error(int8Hits));
    expect(corpus.chunks[int8Hits[0].chunkId].path).toBe('ms/index.js');
  });

  it('uses the pasted snippet, not the raw query, when there is one', async () => {
    const index = await SemanticIndex.build(corpus, local);
    const snippet = readFileSync(join(FIXTURES, 'escape-html/index.js'), 'utf8').split('\n').slice(40, 70).join('\n');
    const hits = await index.search(plan('similar to this', { intent: 'find_similar', snippet }), 1);
    expect(corpus.chunks[hits[0].chunkId].path).toBe('escape-html/index.js');
  });

  it('embedding text: path and name first, truncated to the documented length', () => {
    const file = corpus.files[0];
    const chunk = {
      ...corpus.chunks[file.chunkIds[0]],
      kind: 'definition' as const,
      symbol: 'format',
      definitionKind: 'function' as const,
      container: 'bytes',
    };
    const text = chunkEmbeddingText(chunk, file);
    expect(text.startsWith(`${file.path}\nfunction bytes.format\n`)).toBe(true);
    // The name line is written again per 20 lines of body, 3 times at most: mean pooling would let a long body drown it.
    const named = (c: typeof chunk) =>
      chunkEmbeddingText(c, file)
        .split('\n')
        .filter((l) => l === 'function bytes.format').length;
    expect(named({ ...chunk, startLine: 1, endLine: 5 })).toBe(1);
    expect(named({ ...chunk, startLine: 1, endLine: 25 })).toBe(2);
    expect(named({ ...chunk, startLine: 1, endLine: 400 })).toBe(EMBED_HEADER_REPEATS);
    const huge = windowedCorpus([{ path: 'big.js', text: 'x'.repeat(100).concat('\n').repeat(400) }]);
    expect(chunkEmbeddingText(huge.chunks[0], huge.files[0]).length).toBeLessThanOrEqual(EMBED_TEXT_MAX_CHARS);
  });
});

describe('SemanticIndex on bad input, through the real local model', () => {
  it('a 1 MB one-line file, emoji, symbols, an empty file and other scripts index; long and non-English queries answer with finite scores', async () => {
    const files: SourceFile[] = [
      { path: 'min.js', text: `var a=${'[1,2,3],'.repeat(150_000)}0;` },
      { path: 'emoji.md', text: '🚀🔥✨🎉\n'.repeat(30) },
      { path: 'symbols.txt', text: '{}[]();,.=>!==&&||??::<<>>\n'.repeat(30) },
      { path: 'empty.js', text: '' },
      { path: 'zh.py', text: '# 解析命令行参数\ndef 解析(参数):\n    return 参数.split()\n' },
      ...readFixtures().slice(0, 2),
    ];
    const badCorpus = windowedCorpus(files);
    const index = await SemanticIndex.build(badCorpus, local);
    const { vectors, int8 } = index.serialize();
    expect(vectors).toHaveLength(badCorpus.chunks.length * 8);
    expect(int8).toHaveLength(badCorpus.chunks.length * 256);
    const queries = [
      'how does the parser work '.repeat(400).slice(0, 10_000),
      '解析命令行参数',
      'разбор аргументов',
      '🚀',
      '',
      '(){}[]',
    ];
    for (const q of queries) {
      const hits = await index.search(plan(q), 10);
      expect(hits.length).toBeGreaterThan(0);
      for (const h of hits) expect(Number.isFinite(h.score)).toBe(true);
    }
    for (let id = 0; id < badCorpus.chunks.length; id++) {
      for (const h of await index.search(plan('', { intent: 'find_similar', similarToChunk: id }), 3))
        expect(Number.isFinite(h.score)).toBe(true);
    }
  });
});

describe('SemanticIndex with the Voyage client (loopback server)', () => {
  let server: Awaited<ReturnType<typeof startVoyageServer>>;
  beforeAll(async () => {
    server = await startVoyageServer({ key: 'k', dims: 1024 });
  });
  afterAll(() => server.close());

  it('builds 1024-bit vectors in bounded batches; an identical query text is at hamming 0', async () => {
    const voyage = createVoyageEmbedder({ apiKey: 'k', baseUrl: server.url, maxBatchItems: 10 });
    const index = await SemanticIndex.build(corpus, voyage, { batchSize: 25 });
    expect(index.serialize().dimensions).toBe(1024);
    expect(server.requests.every((r) => (r.body as { input: string[] }).input.length <= 10)).toBe(true);
    const target = corpus.chunks[3];
    const text = chunkEmbeddingText(target, corpus.files[target.fileId]);
    const [hit] = await index.search(plan(text), 1);
    expect(hit).toEqual({ chunkId: 3, score: 1, reason: 'meaning close to the query (hamming 0/1024)' });
  });

  it('a build can be cancelled', async () => {
    const voyage = createVoyageEmbedder({ apiKey: 'k', baseUrl: server.url });
    const controller = new AbortController();
    const build = SemanticIndex.build(corpus, voyage, {
      signal: controller.signal,
      batchSize: 2,
      onProgress: (d) => d >= 4 && controller.abort(),
    });
    await expect(build).rejects.toThrow();
    expect(controller.signal.aborted).toBe(true);
  });
});
