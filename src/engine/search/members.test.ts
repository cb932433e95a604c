import { readFileSync } from 'node:fs';
import type { Chunk } from '../contract';
import type { Corpus } from '../modality';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { fuse, scoreFromExplanation, type FusionInput } from '../fuse';
import { fusionInput } from '../../../test/support/fusion-input';
import { corpusOf, engineOver } from '../../../test/support/engine';
import {
  beyondPlace,
  calleesLookup,
  delegateLookup,
  memberCodeWordsSaid,
  memberNameCoverage,
  memberNamesRead,
  memberNameSaysLeadVerb,
  memberHolderSaysThis,
  memberNameWordsSaid,
  nameCoverage,
  nameMatchFactor,
  questionForms,
  shortBodyLookup,
} from './members';
import {
  BOOST_SLOPE,
  MEMBER_CALLEE_MIN_SHARE,
  MEMBER_CODE_WORDS_LEAD,
  MEMBER_NAME_GAIN,
  MEMBER_NAME_WORD_GAIN,
  MEMBER_TEXT_TIE_SHARE,
  WEIGHTS,
} from '../ranking';

/**
 * Modality lists as a real run ranked them: each named chunk (by `id`) at its rank, the other
 * places held by other files' windows (`other{n}{extension}`), which `chunkOf` gives back.
 */
function realRunLists(corpus: Corpus, id: (symbol: string) => number, extension: string) {
  const others = corpus.chunks.length;
  const other = (n: number): Chunk => ({
    id: others + n,
    fileId: 1 + n,
    path: `other${n}${extension}`,
    startLine: 1,
    endLine: 10,
    kind: 'window',
  });
  return {
    list: (placed: Record<number, string>, length: number) =>
      Array.from({ length }, (_, rank) => ({
        chunkId: placed[rank] ? id(placed[rank]) : others + rank,
        score: 1,
        reason: placed[rank] ?? 'other',
      })),
    chunkOf: (c: number) => corpus.chunks[c] ?? other(c - others),
  };
}

/** A "how does …" fusion of these lists as the engine runs it, the member choice reading `question`. */
function understandInput(lists: FusionInput['lists'], chunkOf: (c: number) => Chunk, question: string) {
  return fusionInput(lists, chunkOf, { nameCoverageOf: memberNameCoverage(question) });
}

describe('how much of a name the question says', () => {
  it('counts the name parts the question says, in any case style', () => {
    const forms = questionForms('lowest common ancestor in tree');
    expect(nameCoverage('lowest_common_ancestor', forms)).toBe(1);
    expect(nameCoverage('all_pairs_lowest_common_ancestor', forms)).toBeCloseTo(3 / 5, 12);
    expect(nameCoverage('treeAllPairs', forms)).toBeCloseTo(1 / 3, 12);
    expect(nameCoverage(undefined, forms)).toBe(0);
  });

  it('meets inflected question words at their base forms and abbreviations at the start of a word', () => {
    const forms = questionForms('Returns the minimum of the parsed environment values');
    expect(nameCoverage('parse_env', forms)).toBe(1);
    expect(nameCoverage('min', forms)).toBe(1);
    expect(nameCoverage('value', forms)).toBe(1);
    // two letters are no abbreviation: "mi" does not stand for "minimum"
    expect(nameCoverage('mi', forms)).toBe(0);
  });

  it('meets an irregular past form at its base: "built" says `build`, "found" says `find`', () => {
    const forms = questionForms('how is a schema built from a definition string');
    expect(nameCoverage('build', forms)).toBe(1);
    expect(nameCoverage('build_definition_from_node', forms)).toBeCloseTo(3 / 4, 12);
    expect(nameCoverage('find_free_port', questionForms('how is a free port found'))).toBe(1);
  });

  it('meets an adverb at its adjective: "lazily" says `lazy`', () => {
    const forms = questionForms('how does jemalloc let the kernel reclaim unused pages lazily');
    // pages.c's prefix is kept: the question says "pages"
    expect(nameCoverage('pages_purge_lazy', forms, 'src/pages.c')).toBeCloseTo(2 / 3, 12);
    expect(nameCoverage('pages_boot', forms, 'src/pages.c')).toBe(0.5);
  });

  it('meets a question word of five letters or more at the start of a longer name part, not a shorter one', () => {
    const forms = questionForms('how does cobra suggest a command when I mistype it');
    expect(nameCoverage('findSuggestions', forms)).toBe(0.5);
    // "set" is too short to stand for `settings`
    expect(nameCoverage('settings', questionForms('set a value'))).toBe(0);
  });

  it('leaves joining parts out of the name: `SuggestionsFor` is all said by a question about suggesting', () => {
    const forms = questionForms('how does cobra suggest a command when I mistype it');
    expect(nameCoverage('SuggestionsFor', forms)).toBe(1);
    // CommandPathPadding stood for cobra's command.go while SuggestionsFor counted "for" unsaid
    expect(nameCoverage('CommandPathPadding', forms)).toBeCloseTo(1 / 3, 12);
    expect(nameCoverage('RecoverWithConfig', questionForms('how does echo recover from a panic'))).toBeCloseTo(
      1 / 3,
      12,
    );
    // `With` names a variant: a question that does not say it asks for the plain `Insert`
    expect(nameCoverage('InsertWith', questionForms('Inserts a new association from key to value'))).toBe(0.5);
    // a name of joining parts alone is still weighed
    expect(nameCoverage('as', questionForms('as a string'))).toBe(1);
  });

  it('reads a lower-case compound of two abbreviations (`envvar`), each half said by a content word', () => {
    const forms = questionForms('how does a parameter read its value from an environment variable');
    expect(nameCoverage('value_from_envvar', forms)).toBe(1);
    expect(nameCoverage('resolve_envvar_value', forms)).toBeCloseTo(2 / 3, 12);
    expect(nameCoverage('readlink', questionForms('read the link'))).toBe(1);
    expect(nameCoverage('getattr', questionForms('how do I get an attribute'))).toBe(1);
    // joining words and pronouns say no half: `thestat` is not "the stat"
    expect(nameCoverage('thestat', questionForms('show the stat'))).toBe(0);
  });

  it('leaves digits out of the name', () => {
    expect(nameCoverage('crypt256', questionForms('crypt a password'))).toBe(1);
  });

  it('counts numbers and joining parts when the question says such words: they tell siblings apart', () => {
    // phpMyAdmin's IpAllowDeny.php: the question names the IPv4 test, not the IPv6 one beside it
    const ip = questionForms('check ip in ipv4 cidr range');
    expect(nameCoverage('ipv4MaskTest', ip)).toBe(0.5);
    expect(nameCoverage('ipv6MaskTest', ip)).toBe(0.25);
    expect(nameCoverage('ipv4MaskTest', ip)).toBeGreaterThan(nameCoverage('ipMaskTest', ip));
    // OpenAFS's uuid.c: "from" is said, so the parser outranks its inverse
    const uuid = questionForms('parse uuid from string');
    expect(nameCoverage('afsUUID_from_string', uuid)).toBe(0.75);
    expect(nameCoverage('afsUUID_to_string', uuid)).toBeCloseTo(2 / 3, 12);
    // a joining part the question does not say stays out
    expect(nameCoverage('SuggestionsFor', questionForms('suggestions from a command'))).toBe(1);
  });

  it("leaves out a name's prefix that repeats its file's folder or name: C's module namespace", () => {
    // OpenAFS's src/opr/rbtree.c: the public functions say `opr_rbtree_`, the static helpers do not
    expect(beyondPlace(['opr', 'rbtree', 'insert'], 'src/opr/rbtree.c')).toEqual(['insert']);
    expect(beyondPlace(['insert', 'recolour'], 'src/opr/rbtree.c')).toEqual(['insert', 'recolour']);
    // a run of parts written as one in the file's name (afs_osidnlc.c's `osi_dnlc_…`)
    expect(beyondPlace(['osi', 'dnlc', 'lookup'], 'src/afs/afs_osidnlc.c')).toEqual(['lookup']);
    // the last part stays, and only a prefix is place: `afs` is no folder of src/util/uuid.c
    expect(beyondPlace(['rbtree'], 'src/opr/rbtree.c')).toEqual(['rbtree']);
    expect(beyondPlace(['afs', 'uuid', 'create'], 'src/util/uuid.c')).toEqual(['afs', 'uuid', 'create']);
    expect(beyondPlace(['insert', 'rbtree'], 'src/opr/rbtree.c')).toEqual(['insert', 'rbtree']);
    // a place written in capitals is split as names are: capstone's `PPC_reg_name` in PPCMapping.c
    expect(beyondPlace(['ppc', 'reg', 'name'], 'arch/PowerPC/PPCMapping.c')).toEqual(['reg', 'name']);
    const forms = questionForms('red black tree insert');
    expect(nameCoverage('opr_rbtree_insert', forms)).toBeCloseTo(1 / 3, 12);
    expect(nameCoverage('opr_rbtree_insert', forms, 'src/opr/rbtree.c')).toBe(1);
    expect(nameCoverage('insert_recolour', forms, 'src/opr/rbtree.c')).toBe(0.5);
    // a place the question says stays in the name: uwsgi's cheaper_busyness plugin (real set)
    const busyness = questionForms('how does the busyness cheaper decide when to spawn more workers or cheap one');
    const plugin = 'plugins/cheaper_busyness/cheaper_busyness.c';
    expect(beyondPlace(['cheaper', 'busyness', 'algo'], plugin, (p) => busyness.has(p))).toEqual([
      'cheaper',
      'busyness',
      'algo',
    ]);
    expect(nameCoverage('cheaper_busyness_algo', busyness, plugin)).toBeCloseTo(2 / 3, 12);
    // only in C, which has no namespaces: a Ruby name's prefix is part of what it says (puppet's pson)
    const chunk = (path: string, symbol: string): Chunk => ({
      id: 0,
      fileId: 0,
      path,
      startLine: 1,
      endLine: 9,
      kind: 'definition',
      symbol,
    });
    expect(memberNameCoverage('red black tree insert')(chunk('src/opr/rbtree.c', 'opr_rbtree_insert'))).toBe(1);
    const circular = memberNameCoverage('Returns true, if circular data structures should be checked');
    expect(circular(chunk('external/pson/pure/generator.rb', 'pson_check_circular'))).toBeCloseTo(2 / 3, 12);
    expect(circular(chunk('external/pson/pure/generator.rb', 'check_circular?'))).toBe(1);
  });

  it('weighs a full match by 1 + MEMBER_NAME_GAIN, and reads the name of a chunk', () => {
    expect(nameMatchFactor(0)).toBe(1);
    expect(nameMatchFactor(1)).toBeCloseTo(1 + MEMBER_NAME_GAIN, 12);
    const cover = memberNameCoverage('print dependency tree');
    expect(
      cover({ id: 0, fileId: 0, path: 'a.rs', startLine: 1, endLine: 2, kind: 'definition', symbol: 'print_tree' }),
    ).toBe(1);
  });
});

describe('a wrapper gives its place to the function it hands its call on to (real code)', () => {
  const recover = readFileSync(new URL('./fixtures/echo-recover-whole.go.txt', import.meta.url), 'utf8');
  const lineOf = (needle: string) => recover.split('\n').findIndex((l) => l.startsWith(needle)) + 1;
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver([{ path: 'middleware/recover.go', text: recover }]);
  });

  it("echo's `Recover()` only returns `RecoverWithConfig(DefaultRecoverConfig)`: the file is shown by RecoverWithConfig", async () => {
    const r = await engine.search('how does echo recover from a panic in a handler', { preset: 'default' });
    expect(r.query.intent).toBe('understand_code');
    const first = r.results[0];
    expect(first.path).toBe('middleware/recover.go');
    expect([first.symbol, first.startLine]).toEqual(['RecoverWithConfig', lineOf('func RecoverWithConfig(')]);
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
    // the wrapper stays openable beside it
    expect(first.subResults?.map((s) => s.symbol)).toContain('Recover');
  });
});

describe('a member gives its place to the function it calls whose name says more of the question (real code)', () => {
  // click 8.1.3's core.py: Parameter's value lookup and Option's override of value_from_envvar.
  const core = readFileSync(new URL('./fixtures/click-parameter-envvar.py.txt', import.meta.url), 'utf8');
  const lineOf = (needle: string, from = 0) =>
    core.split('\n').findIndex((l, i) => i >= from && l.trimStart().startsWith(needle)) + 1;
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver([{ path: 'core.py', text: core }]);
  });

  it("calls through `self.` reach the caller's own class's definition of a name two classes define", () => {
    const chunks = engine.file('core.py')!.chunks;
    const consume = chunks.find((c) => c.symbol === 'consume_value')!;
    const corpus = corpusOf(engine);
    const callees = calleesLookup(corpus)(corpus.chunks[consume.id]).map((id) => corpus.chunks[id]);
    const envvar = callees.find((c) => c.symbol === 'value_from_envvar');
    expect(envvar?.startLine).toBe(lineOf('def value_from_envvar('));
    expect(envvar?.container).toBe('Parameter');
    // ctx.lookup_default(…) is another object's: not a callee of this file.
    expect(callees.map((c) => c.symbol)).not.toContain('lookup_default');
  });

  it('"read its value from an environment variable": consume_value calls value_from_envvar, which answers', () => {
    const corpus = corpusOf(engine);
    const id = (symbol: string, container = 'Parameter') =>
      corpus.chunks.find((c) => c.symbol === symbol && c.container === container)!.id;
    // The lists of the real run over the whole of click (real set, click:understand:13): consume_value
    // first by meaning, value_from_envvar at semantic #23, text #35, structural #9 — the other
    // places held by chunks of other files (`other:N`).
    const { list, chunkOf } = realRunLists(corpus, id, '.py');
    const lists = {
      semantic: list({ 0: 'consume_value', 23: 'value_from_envvar' }, 40),
      text: list({ 4: 'consume_value', 35: 'value_from_envvar' }, 40),
      structural: list({ 3: 'consume_value', 9: 'value_from_envvar' }, 40),
    };
    const question = 'how does a parameter read its value from an environment variable';
    const input = understandInput(lists, chunkOf, question);
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === 'core.py')!;
    // Before: the boost's pick and the name rules keep consume_value (its name says half the question).
    expect(shown(fuse(input)).symbol).toBe('consume_value');
    const first = shown(fuse({ ...input, calleesOf: calleesLookup(corpus) }));
    expect([first.symbol, first.startLine]).toEqual(['value_from_envvar', lineOf('def value_from_envvar(')]);
    expect(first.explanation.member).toMatchObject({ rule: 'callee-named', nameCoverage: 1 });
    expect(first.explanation.member!.relevance).toBeGreaterThanOrEqual(
      MEMBER_CALLEE_MIN_SHARE * first.explanation.member!.overRelevance,
    );
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
    expect(first.subResults?.map((r) => r.symbol)).toContain('consume_value');
    // A callee that fused too weakly (semantic #23 alone) stays where it is.
    const weak = {
      ...input,
      lists: { ...lists, text: list({ 4: 'consume_value' }, 40), structural: list({ 3: 'consume_value' }, 40) },
    };
    expect(shown(fuse({ ...weak, calleesOf: calleesLookup(corpus) })).symbol).toBe('consume_value');
  });
});

describe("a call through an expression is another value's method, not a function of the file it calls (real code)", () => {
  // golang.org/x/tools 0.5.0, go/ast/astutil/enclosing.go: PathEnclosingInterval calls `Pos()` and
  // `End()` on ast.Node values (`child.Pos()`, `children[i+1].Pos()`); the file's own
  // `tokenNode.Pos` is another type's. Taken for a callee, the one-word `Pos` said all of its
  // name ("position") and stood for the file (understand set, x-tools:keyword:1).
  const text = readFileSync(new URL('./fixtures/x-tools-astutil-enclosing.go.txt', import.meta.url), 'utf8');
  let engine: Engine;
  let corpus: Parameters<typeof calleesLookup>[0];

  beforeAll(async () => {
    engine = await engineOver([{ path: 'go/ast/astutil/enclosing.go', text }]);
    corpus = corpusOf(engine);
  });

  it('PathEnclosingInterval has no callee in tokenNode', () => {
    const path = corpus.chunks.find((c) => c.symbol === 'PathEnclosingInterval')!;
    const callees = calleesLookup(corpus)(path).map((id) => corpus.chunks[id].symbol);
    expect(callees).not.toContain('Pos');
    expect(callees).not.toContain('End');
    // `tokenNode.Pos` is a method of the file all the same, with one bare caller or none.
    expect(corpus.chunks.some((c) => c.symbol === 'Pos' && c.container === 'tokenNode')).toBe(true);
  });

  it('"ast nodes enclosing position range": PathEnclosingInterval keeps its file, not handed to `Pos`', () => {
    // The lists of the real run over x/tools (485 files): PathEnclosingInterval semantic #0, text #0,
    // structural #4; tokenNode.Pos semantic #7, text #19 — the other places held by other files' chunks.
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.go');
    const question = 'ast nodes enclosing position range';
    const lists = {
      semantic: list({ 0: 'PathEnclosingInterval', 7: 'Pos' }, 40),
      text: list({ 0: 'PathEnclosingInterval', 19: 'Pos' }, 40),
      structural: list({ 4: 'PathEnclosingInterval' }, 40),
    };
    const results = fuse({ ...understandInput(lists, chunkOf, question), calleesOf: calleesLookup(corpus) });
    const shown = results.find((r) => r.path === 'go/ast/astutil/enclosing.go')!;
    expect(shown.symbol).toBe('PathEnclosingInterval');
    expect(shown.explanation.member).toBeUndefined();
  });
});

describe("a C file's public function is not outweighed by its prefix (real code)", () => {
  // OpenAFS 1.8.9's src/opr/rbtree.c: `opr_rbtree_insert` and its static helper `insert_recolour`.
  const rbtree = readFileSync(new URL('./fixtures/openafs-opr-rbtree.c.txt', import.meta.url), 'utf8');
  const lineOf = (needle: string) => rbtree.split('\n').findIndex((l) => l.startsWith(needle)) + 1;
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver([{ path: 'src/opr/rbtree.c', text: rbtree }]);
  });

  it('"red black tree insert": the file is shown by opr_rbtree_insert, not by insert_recolour', () => {
    const corpus = corpusOf(engine);
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    // The lists of the real run over the whole of OpenAFS (understand set, openafs:keyword:7, tuning
    // half): insert_recolour first by text, the public function one place behind in each list; the
    // semantic list at half its weight (the language gate: C).
    const { list, chunkOf } = realRunLists(corpus, id, '.c');
    const lists = {
      semantic: list({ 2: 'insert_recolour', 4: 'opr_rbtree_insert' }, 30),
      text: list({ 0: 'insert_recolour', 1: 'opr_rbtree_insert' }, 30),
      structural: list({ 12: 'insert_recolour', 24: 'opr_rbtree_insert' }, 30),
    };
    const question = 'red black tree insert';
    const weights = { ...WEIGHTS.understand_code, semantic: WEIGHTS.understand_code.semantic / 2 };
    const input = fusionInput(lists, chunkOf, { weights });
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === 'src/opr/rbtree.c')!;
    // Read without the file's place, `opr_rbtree_insert` says a third of its name and the helper half.
    const withoutPlace = (chunk: Chunk) => nameCoverage(chunk.symbol, questionForms(question));
    expect(shown(fuse({ ...input, nameCoverageOf: withoutPlace })).symbol).toBe('insert_recolour');
    const first = shown(fuse({ ...input, nameCoverageOf: memberNameCoverage(question) }));
    // its chunk opens on the return type's line, above the name
    expect([first.symbol, first.startLine]).toEqual(['opr_rbtree_insert', lineOf('opr_rbtree_insert(') - 1]);
    expect(first.explanation.member).toMatchObject({ nameCoverage: 1 });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
    expect(first.subResults?.map((r) => r.symbol)).toContain('insert_recolour');
  });
});

describe('of two names said whole, the one saying more of a "how" question is shown (real code)', () => {
  // rustix 0.35.12's src/io/procfs.rs: `check_procfs` checks the filesystem's magic number,
  // `check_proc_root` that the opened directory is procfs' root (its inode, device, mount point).
  const procfs = readFileSync(new URL('./fixtures/rustix-io-procfs.rs.txt', import.meta.url), 'utf8');
  const lineOf = (needle: string) => procfs.split('\n').findIndex((l) => l.startsWith(needle)) + 1;
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver([{ path: 'src/io/procfs.rs', text: procfs }]);
  });

  it('counts the question words a name says', () => {
    const said = memberNameWordsSaid('how does it check that the opened /proc directory is the real procfs root');
    const corpus = corpusOf(engine);
    const chunk = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!;
    expect(said(chunk('check_proc_root'))).toBe(3);
    expect(said(chunk('check_procfs'))).toBe(2);
    expect(nameMatchFactor(1, 3)).toBeCloseTo(1 + MEMBER_NAME_GAIN + 3 * MEMBER_NAME_WORD_GAIN, 12);
  });

  it('"is the real procfs root": check_proc_root, three words said, over check_procfs, two', () => {
    const corpus = corpusOf(engine);
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    // The lists of the real run over the whole of rustix (real set, rustix:understand:21, tuning):
    // check_procfs first by meaning (its doc comment), check_proc_root first by text.
    const { list, chunkOf } = realRunLists(corpus, id, '.rs');
    const lists = {
      semantic: list({ 0: 'check_procfs', 1: 'check_proc_entry', 2: 'check_proc_root' }, 30),
      text: list({ 0: 'check_proc_root', 6: 'check_procfs', 13: 'check_proc_entry' }, 30),
      structural: list({ 1: 'check_procfs', 2: 'check_proc_root', 12: 'check_proc_entry' }, 30),
    };
    const question = 'how does it check that the opened /proc directory is the real procfs root';
    const input = understandInput(lists, chunkOf, question);
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === 'src/io/procfs.rs')!;
    // Both names are said whole: by their share alone the list's first stays.
    expect(shown(fuse(input)).symbol).toBe('check_procfs');
    const first = shown(fuse({ ...input, nameWordsSaidOf: memberNameWordsSaid(question) }));
    expect([first.symbol, first.startLine]).toEqual(['check_proc_root', lineOf('fn check_proc_root(')]);
    expect(first.explanation.member).toMatchObject({ rule: 'name-says-question', nameCoverage: 1 });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
    expect(first.subResults?.map((r) => r.symbol)).toContain('check_procfs');
  });
});

describe('on a "how" question, the member whose code says clearly more of the question is shown (real code)', () => {
  // rustix 0.35.12's src/backend/linux_raw/vdso.rs: `init_from_sysinfo_ehdr` (135 lines) walks the
  // ELF image the kernel maps to its dynamic section and symbol tables; `sym` looks one symbol up.
  const vdso = readFileSync(new URL('./fixtures/rustix-linux-raw-vdso.rs.txt', import.meta.url), 'utf8');
  const lineOf = (needle: string) => vdso.split('\n').findIndex((l) => l.trimStart().startsWith(needle)) + 1;
  const question = 'how is the vDSO ELF image the kernel maps into the process parsed to find its symbol tables';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path: 'src/backend/linux_raw/vdso.rs', text: vdso }]);
    corpus = corpusOf(engine);
  });

  it("counts the question's content words a chunk's lines say, each once, in base forms", () => {
    const chunk = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!;
    const said = memberCodeWordsSaid(corpus, question);
    // Of vdso, elf, image, kernel, maps, process, parsed, symbol, tables.
    expect(said(chunk('init_from_sysinfo_ehdr'))).toBe(7);
    expect(said(chunk('sym'))).toBe(4);
    expect(said(chunk('addr_from_elf'))).toBe(1);
  });

  it('"parsed to find its symbol tables": init_from_sysinfo_ehdr, first by text alone, over sym', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    // The lists of the real run over the whole of rustix (real set, rustix:understand:22, tuning):
    // the embedding, which reads a chunk's first 256 tokens, never found the long function.
    const { list, chunkOf } = realRunLists(corpus, id, '.rs');
    const lists = {
      semantic: list({ 2: 'addr_from_elf', 4: 'Vdso', 14: 'sym', 28: 'base_plus', 33: 'match_version' }, 40),
      text: list({ 0: 'init_from_sysinfo_ehdr', 8: 'sym', 12: 'base_plus', 15: 'Vdso' }, 40),
      structural: list(
        {
          1: 'new',
          2: 'sym',
          19: 'elf_hash',
          20: 'addr_from_elf',
          46: 'base_plus',
          51: 'match_version',
          52: 'init_from_sysinfo_ehdr',
        },
        60,
      ),
    };
    // And its importance boosts (the run's explanations), as centralities boostFor turns back into them.
    const boosts: Record<string, number> = { init_from_sysinfo_ehdr: 1.27, base_plus: 1.27, sym: 1.22, new: 1.22 };
    Object.assign(boosts, { addr_from_elf: 1.19, match_version: 1.17, elf_hash: 1.17 });
    const centralityOf = (c: number) => Math.expm1(((boosts[chunkOf(c).symbol ?? ''] ?? 1) - 1) / BOOST_SLOPE);
    const input = {
      ...understandInput(lists, chunkOf, question),
      centralityOf,
      nameWordsSaidOf: memberNameWordsSaid(question),
    };
    const shown = (results: ReturnType<typeof fuse>) =>
      results.find((r) => r.path === 'src/backend/linux_raw/vdso.rs')!;
    expect(shown(fuse(input)).symbol).toBe('sym');
    const first = shown(fuse({ ...input, codeWordsSaidOf: memberCodeWordsSaid(corpus, question) }));
    expect([first.symbol, first.startLine]).toEqual(['init_from_sysinfo_ehdr', lineOf('fn init_from_sysinfo_ehdr(')]);
    expect(first.explanation.member).toMatchObject({ rule: 'code-says-question', over: { symbol: 'sym' } });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });

  it('a lead of fewer than MEMBER_CODE_WORDS_LEAD words keeps the member chosen', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rs');
    // `match_version` (the symbol's version check) says sym's words and two more at most.
    const said = memberCodeWordsSaid(corpus, question);
    const chunk = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!;
    expect(said(chunk('match_version')) - said(chunk('sym'))).toBeLessThan(MEMBER_CODE_WORDS_LEAD);
    const lists = {
      semantic: list({ 0: 'sym', 1: 'match_version' }, 20),
      text: list({ 0: 'sym', 1: 'match_version' }, 20),
    };
    const results = fuse({ ...understandInput(lists, chunkOf, question), codeWordsSaidOf: said });
    expect(results.find((r) => r.path === 'src/backend/linux_raw/vdso.rs')!.symbol).toBe('sym');
  });
});

describe('on a "how" question, a member the text list ranks below the one chosen does not say more (real code)', () => {
  // runc 1.1.5's libcontainer/rootfs_linux.go: `checkProcMount` decides which mounts on top of or
  // inside /proc are allowed; `msMoveRoot` (longer) unmounts the host's procfs and sysfs mounts
  // before moving the root, and says many of the question's words in its comments on the way.
  const rootfs = readFileSync(new URL('./fixtures/runc-libcontainer-rootfs-linux.go.txt', import.meta.url), 'utf8');
  const path = 'libcontainer/rootfs_linux.go';
  const question = 'how does it decide which mounts on top of or inside /proc a container is allowed to have';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path, text: rootfs }]);
    corpus = corpusOf(engine);
  });

  /** The real run's lists over the whole of runc (real set, runc:understand:12, tuning), with `text` in place of its text list when given. */
  function runInput(text?: Record<number, string>) {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.go');
    const lists = {
      semantic: list({ 0: 'checkProcMount', 8: 'msMoveRoot', 13: 'isProc', 14: 'getCgroupMounts' }, 25),
      text: list(text ?? { 0: 'checkProcMount', 1: 'msMoveRoot', 21: 'getCgroupMounts', 99: 'isProc' }, 100),
      structural: list({ 1: 'checkProcMount', 31: 'getCgroupMounts', 36: 'isProc' }, 40),
    };
    // And its importance boosts (the run's explanations), as centralities boostFor turns back into them.
    const boosts: Record<string, number> = { checkProcMount: 1.187, getCgroupMounts: 1.142, msMoveRoot: 1.128 };
    boosts.isProc = 1.242;
    const centralityOf = (c: number) => Math.expm1(((boosts[chunkOf(c).symbol ?? ''] ?? 1) - 1) / BOOST_SLOPE);
    // The member choice as the engine runs it on a "how" question (engine.ts).
    return {
      ...understandInput(lists, chunkOf, question),
      ...memberNamesRead(question, true),
      centralityOf,
      calleesOf: calleesLookup(corpus, question),
      delegateOf: delegateLookup(corpus, true),
      isShortBody: shortBodyLookup(corpus),
      codeWordsSaidOf: memberCodeWordsSaid(corpus, question),
      textBreaksMemberTies: true,
    };
  }
  const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === path)!;

  it('msMoveRoot says MEMBER_CODE_WORDS_LEAD more of the question than isProc, whose name says "proc"', () => {
    const said = memberCodeWordsSaid(corpus, question);
    const chunk = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!;
    expect(said(chunk('msMoveRoot')) - said(chunk('isProc'))).toBeGreaterThanOrEqual(MEMBER_CODE_WORDS_LEAD);
    expect(said(chunk('msMoveRoot')) - said(chunk('checkProcMount'))).toBeLessThan(MEMBER_CODE_WORDS_LEAD);
  });

  it('"which mounts on top of or inside /proc": checkProcMount, first in the semantic and text lists, is shown', () => {
    const first = shown(fuse(runInput()));
    expect(first.symbol).toBe('checkProcMount');
    expect(first.explanation.member?.rule).not.toBe('code-says-question');
  });

  it('ranked first by the text list, the member saying more is shown, as before', () => {
    const first = shown(fuse(runInput({ 0: 'msMoveRoot', 1: 'checkProcMount', 21: 'getCgroupMounts', 99: 'isProc' })));
    expect(first.symbol).toBe('msMoveRoot');
    expect(first.explanation.member).toMatchObject({ rule: 'code-says-question', over: { symbol: 'checkProcMount' } });
  });
});

describe('on a "how" question, a near tie inside a file goes to the member the text list ranks higher (real code)', () => {
  // h2 0.3.13's src/proto/streams/flow_control.rs: `unclaimed_capacity` says when enough of the
  // window was released to be worth a WINDOW_UPDATE frame; `inc_window` applies one received.
  const flow = readFileSync(new URL('./fixtures/h2-flow-control.rs.txt', import.meta.url), 'utf8');
  const lineOf = (needle: string) => flow.split('\n').findIndex((l) => l.trimStart().startsWith(needle)) + 1;
  const path = 'src/proto/streams/flow_control.rs';
  const question = 'how does h2 decide when to send a WINDOW_UPDATE frame to the peer';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path, text: flow }]);
    corpus = corpusOf(engine);
  });

  /** The real run's lists over the whole of h2 (real set, h2:understand:11, tuning), `unclaimedAt` its semantic rank. */
  function runInput(unclaimedAt: number) {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rs');
    const lists = {
      semantic: list(
        {
          11: 'inc_window',
          12: 'dec_send_window',
          [unclaimedAt]: 'unclaimed_capacity',
          28: 'window_size',
          35: 'dec_recv_window',
          68: 'send_data',
        },
        70,
      ),
      text: list({ 5: 'unclaimed_capacity', 20: 'inc_window' }, 40),
      structural: list(
        {
          7: 'inc_window',
          9: 'dec_send_window',
          14: 'unclaimed_capacity',
          36: 'window_size',
          41: 'send_data',
          53: 'dec_recv_window',
        },
        60,
      ),
    };
    // Their importance boosts (the run's explanations), as centralities boostFor turns back into them.
    const boosts: Record<string, number> = { inc_window: 1.18, unclaimed_capacity: 1.2, dec_send_window: 1.13 };
    Object.assign(boosts, { window_size: 1.14, dec_recv_window: 1.13, send_data: 1.14 });
    const centralityOf = (c: number) => Math.expm1(((boosts[chunkOf(c).symbol ?? ''] ?? 1) - 1) / BOOST_SLOPE);
    return {
      ...understandInput(lists, chunkOf, question),
      centralityOf,
      nameWordsSaidOf: memberNameWordsSaid(question),
      codeWordsSaidOf: memberCodeWordsSaid(corpus, question),
    };
  }
  const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === path)!;

  it('"when to send a WINDOW_UPDATE frame": unclaimed_capacity, 5th by text, over inc_window, 20th', () => {
    const input = runInput(24);
    expect(shown(fuse(input)).symbol).toBe('inc_window');
    const first = shown(fuse({ ...input, textBreaksMemberTies: true }));
    expect([first.symbol, first.startLine]).toEqual(['unclaimed_capacity', lineOf('pub fn unclaimed_capacity(')]);
    expect(first.explanation.member).toMatchObject({ rule: 'text-breaks-tie', over: { symbol: 'inc_window' } });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });

  it('a member less close than MEMBER_TEXT_TIE_SHARE of the one chosen keeps it in place, whatever its text rank', () => {
    const input = { ...runInput(45), textBreaksMemberTies: true };
    const results = fuse(input);
    const closeness = (symbol: string) => {
      const r = shown(results);
      const e = [r, ...(r.subResults ?? [])].find((x) => x.symbol === symbol)?.explanation;
      return e ? e.rrf * (e.demotion?.factor ?? 1) : 0;
    };
    expect(closeness('unclaimed_capacity')).toBeGreaterThan(0.8 * closeness('inc_window'));
    expect(closeness('unclaimed_capacity')).toBeLessThan(MEMBER_TEXT_TIE_SHARE * closeness('inc_window'));
    expect(shown(results).symbol).toBe('inc_window');
  });
});

/**
 * A statement's fusion of these lists as the engine runs it (a question that does not ask how):
 * the member choice reads the question's names with memberNamesRead; Ruby and C have the
 * semantic list at half its weight, as the language gate gives them.
 */
function statementInput(
  lists: Parameters<typeof fuse>[0]['lists'],
  chunkOf: (c: number) => Chunk,
  question: string,
  semanticShare = 1,
) {
  const weights = { ...WEIGHTS.understand_code, semantic: WEIGHTS.understand_code.semantic * semanticShare };
  return { lists, weights, k: 40, strategy: 'fused' as const, centralityOf: () => 0, chunkOf, limit: 10 };
}

describe('a sentence saying what a function does: the name that says more of it (real code)', () => {
  // networkx 2.8.8's algorithms/reciprocity.py, asked of the comment-blanked copy (understand set,
  // networkx:doc:17): `reciprocity` and `_reciprocity_iter` are both said whole by the sentence;
  // only `_reciprocity_iter` says "iterator" too.
  const source = readFileSync(new URL('./fixtures/networkx-reciprocity.py.txt', import.meta.url), 'utf8');
  const question = 'Return an iterator of (node, reciprocity).';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path: 'algorithms/reciprocity.py', text: source }]);
    corpus = corpusOf(engine);
  });

  it('reads the words a name says on a question that does not ask how, as on one that does', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.py');
    // The lists of the understand set's run over the whole of networkx.
    const lists = {
      semantic: list({ 0: '_reciprocity_iter', 1: 'reciprocity', 10: 'overall_reciprocity' }, 30),
      text: list({ 0: 'reciprocity', 1: '_reciprocity_iter', 6: 'overall_reciprocity' }, 30),
      structural: list({ 1: 'reciprocity', 2: 'overall_reciprocity', 4: '_reciprocity_iter' }, 30),
    };
    const input = statementInput(lists, chunkOf, question);
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === 'algorithms/reciprocity.py')!;
    // By the names' shares alone (both 1) `reciprocity`, a hair closer, stands for the file.
    expect(shown(fuse({ ...input, nameCoverageOf: memberNameCoverage(question) })).symbol).toBe('reciprocity');
    const read = memberNamesRead(question, false);
    expect(read.readsAsStatement).toBe(true);
    expect(memberNamesRead('how does it iterate', true).readsAsStatement).toBeUndefined();
    const first = shown(fuse({ ...input, ...read }));
    expect(first.symbol).toBe('_reciprocity_iter');
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });
});

describe('a sentence saying what a function does: a callee no list ranks above its caller keeps the caller (real code)', () => {
  // puppet 7.23's provider/package/pip.rb (understand set, puppet:doc:11): `best_version` filters
  // what `available_versions` lists; the sentence describes `best_version`, and says
  // `available_versions` whole.
  const source = readFileSync(new URL('./fixtures/puppet-package-pip.rb.txt', import.meta.url), 'utf8');
  const question = 'Finds the most suitable version available in a given range';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path: 'provider/package/pip.rb', text: source }]);
    corpus = corpusOf(engine);
  });

  it('best_version, first by meaning and by text, stays over the callee its name does not say', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rb');
    const lists = {
      semantic: list({ 0: 'best_version' }, 30),
      text: list({ 1: 'best_version', 4: 'available_versions', 27: 'available_versions_with_new_pip' }, 30),
      structural: list({ 19: 'available_versions_with_new_pip', 21: 'best_version', 32: 'available_versions' }, 40),
    };
    const input = {
      ...statementInput(lists, chunkOf, question, 0.5),
      calleesOf: calleesLookup(corpus, question),
    };
    const callees = input.calleesOf(corpus.chunks[id('best_version')]).map((c) => corpus.chunks[c].symbol);
    expect(callees).toContain('available_versions');
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === 'provider/package/pip.rb')!;
    const { readsAsStatement: _, ...asHow } = memberNamesRead(question, false);
    // Read as a "how" question, the callee's name takes the place.
    expect(shown(fuse({ ...input, ...asHow })).symbol).toBe('available_versions');
    const first = shown(fuse({ ...input, ...memberNamesRead(question, false) }));
    expect(first.symbol).toBe('best_version');
    expect(first.subResults?.map((r) => r.symbol) ?? []).toContain('available_versions');
  });
});

describe('a sentence saying what a function does: the member every list that found it ranks higher (real code)', () => {
  // openafs 1.8.9's src/afs/LINUX/osi_vnodeops.c, its writeback functions (understand set,
  // openafs:doc:24, asked of the comment-blanked copy): text and structure put
  // `afs_linux_page_writeback` first; the semantic list, at half its weight for C, found only its
  // siblings.
  const source = readFileSync(new URL('./fixtures/openafs-linux-writeback.c.txt', import.meta.url), 'utf8');
  const path = 'src/afs/LINUX/osi_vnodeops.c';
  const question = 'Writeback a given page syncronously.';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path, text: source }]);
    corpus = corpusOf(engine);
  });

  it('afs_linux_page_writeback, first by text and by structure, over afs_linux_prepare_writeback', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.c');
    const lists = {
      semantic: list({ 7: 'afs_linux_complete_writeback', 8: 'afs_linux_prepare_writeback' }, 30),
      text: list(
        {
          0: 'afs_linux_page_writeback',
          1: 'afs_linux_prepare_writeback',
          2: 'afs_linux_complete_writeback',
          3: 'afs_linux_writepage_sync',
        },
        30,
      ),
      structural: list(
        {
          0: 'afs_linux_page_writeback',
          1: 'afs_linux_writepage',
          3: 'afs_linux_complete_writeback',
          4: 'afs_linux_prepare_writeback',
        },
        30,
      ),
    };
    const input = statementInput(lists, chunkOf, question, 0.5);
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === path)!;
    const { readsAsStatement: _, ...asHow } = memberNamesRead(question, false);
    // Read as a "how" question, a sibling the semantic list found keeps the place.
    expect(shown(fuse({ ...input, ...asHow })).symbol).not.toBe('afs_linux_page_writeback');
    const first = shown(fuse({ ...input, ...memberNamesRead(question, false) }));
    expect(first.symbol).toBe('afs_linux_page_writeback');
    expect(first.explanation.member).toMatchObject({ rule: 'lists-rank-higher', nameCoverage: 1 });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
    expect(first.subResults?.map((r) => r.symbol)).toContain('afs_linux_complete_writeback');
  });
});

describe('on a "how" question, the text list breaks a tie of relevance too, the name factor counted (real case)', () => {
  // Eigen 3.4's LU/FullPivLU.h, cut down: `rank` counts the pivots above the threshold; the
  // others share the file's words ("matrix" is in every other name of Eigen).
  const header = [
    'namespace Eigen {',
    'template<typename MatrixType> class FullPivLU',
    '{',
    '  public:',
    '    FullPivLU(const MatrixType& matrix) : m_lu(matrix.rows(), matrix.cols())',
    '    {',
    '      compute(matrix);',
    '    }',
    '',
    '    /** \\returns the rank of the matrix of which *this is the LU decomposition. */',
    '    inline Index rank() const',
    '    {',
    '      RealScalar premultiplied_threshold = abs(m_maxpivot) * threshold();',
    '      Index result = 0;',
    '      for(Index i = 0; i < m_nonzero_pivots; ++i)',
    '        result += (abs(m_lu.coeff(i,i)) > premultiplied_threshold);',
    '      return result;',
    '    }',
    '',
    '    MatrixType reconstructedMatrix() const;',
    '',
    '  protected:',
    '    void computeInPlace();',
    '    MatrixType m_lu;',
    '};',
    '',
    'template<typename MatrixType>',
    'void FullPivLU<MatrixType>::computeInPlace()',
    '{',
    '  const Index size = m_lu.diagonalSize();',
    '  m_nonzero_pivots = size;',
    '  m_maxpivot = RealScalar(0);',
    '  for(Index k = 0; k < size; ++k)',
    '  {',
    '    Index row_of_biggest_in_corner, col_of_biggest_in_corner;',
    '    RealScalar biggest_in_corner = m_lu.bottomRightCorner(rows-k, cols-k).cwiseAbs().maxCoeff(&row_of_biggest_in_corner, &col_of_biggest_in_corner);',
    '    if(biggest_in_corner > m_maxpivot) m_maxpivot = biggest_in_corner;',
    '  }',
    '}',
    '',
    'template<typename MatrixType>',
    'MatrixType FullPivLU<MatrixType>::reconstructedMatrix() const',
    '{',
    '  const Index smalldim = (std::min)(m_lu.rows(), m_lu.cols());',
    '  MatrixType res(m_lu.rows(),m_lu.cols());',
    '  res = m_lu.leftCols(smalldim).template triangularView<UnitLower>().toDenseMatrix();',
    '  return res;',
    '}',
    '}',
  ].join('\n');
  const path = 'Eigen/src/LU/FullPivLU.h';
  const question = 'how does a full pivoting LU decide the rank of a matrix';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path, text: header }]);
    corpus = corpusOf(engine);
  });

  /** The real run's lists and boosts over the whole of Eigen (real set, eigen:understand:17, tuning). */
  function runInput() {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol && c.startLine > 2)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.h');
    const lists = {
      semantic: list({ 7: 'reconstructedMatrix', 25: 'computeInPlace' }, 30),
      text: list({ 4: 'rank', 6: 'FullPivLU', 23: 'computeInPlace', 26: 'reconstructedMatrix' }, 30),
      structural: list({ 3: 'rank', 10: 'FullPivLU', 23: 'computeInPlace', 29: 'reconstructedMatrix' }, 30),
    };
    const boosts: Record<string, number> = { rank: 1.37, reconstructedMatrix: 1.11, computeInPlace: 1.15 };
    boosts.FullPivLU = 1.33;
    const centralityOf = (c: number) => Math.expm1(((boosts[chunkOf(c).symbol ?? ''] ?? 1) - 1) / BOOST_SLOPE);
    return {
      ...understandInput(lists, chunkOf, question),
      // The language gate's weights for C++ (the run's): the semantic list at half its weight.
      weights: { ...WEIGHTS.understand_code, semantic: WEIGHTS.understand_code.semantic / 2 },
      ...memberNamesRead(question, true),
      centralityOf,
      delegateOf: delegateLookup(corpus, true),
      isShortBody: shortBodyLookup(corpus),
      codeWordsSaidOf: memberCodeWordsSaid(corpus, question),
      textBreaksMemberTies: true,
    };
  }
  const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === path)!;

  it('"decide the rank of a matrix": rank, 5th by text, over reconstructedMatrix, chosen on "matrix"', () => {
    const input = runInput();
    // Without the text's tie, the name factor puts reconstructedMatrix (half said, closer) first.
    expect(shown(fuse({ ...input, textBreaksMemberTies: false })).symbol).toBe('reconstructedMatrix');
    // With it, rank, the file's best chunk, shows its file (no member replaces it).
    const first = shown(fuse(input));
    expect([first.symbol, first.startLine]).toEqual(['rank', 11]);
    expect(first.explanation.member).toBeUndefined();
    expect(first.subResults?.map((s) => s.symbol)).toContain('reconstructedMatrix');
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });

  it('read on closeness alone, rank (its closeness under MEMBER_TEXT_TIE_SHARE of the chosen) is out of the tie', () => {
    const results = fuse(runInput());
    const r = shown(results);
    const e = (symbol: string) => [r, ...(r.subResults ?? [])].find((x) => x.symbol === symbol)!.explanation;
    const closeness = (symbol: string) => e(symbol).rrf * (e(symbol).demotion?.factor ?? 1);
    expect(closeness('rank')).toBeLessThan(MEMBER_TEXT_TIE_SHARE * closeness('reconstructedMatrix'));
    // Its name said whole, it is within the tie of relevance: closeness × the name factor.
    const relevance = (symbol: string, coverage: number, said: number) =>
      closeness(symbol) * nameMatchFactor(coverage, said);
    expect(relevance('rank', 1, 1)).toBeGreaterThanOrEqual(
      MEMBER_TEXT_TIE_SHARE * relevance('reconstructedMatrix', 0.5, 1),
    );
    expect(r.symbol).toBe('rank');
  });
});

describe('a sentence saying what a function does: the name that says the verb it opens with (real code)', () => {
  // puppet 7.23's util/log.rb, its class methods (understand set, puppet:doc:19, asked of the
  // comment-blanked copy): `Log.destinations` returns what `Log.flush` flushes; both names are said
  // whole by the sentence, and the semantic and structural lists put the getter first.
  const source = [
    'class Puppet::Util::Log',
    '  def Log.close(destination)',
    '    if @destinations.include?(destination)',
    '      @destinations[destination].flush if @destinations[destination].respond_to?(:flush)',
    '      @destinations[destination].close if @destinations[destination].respond_to?(:close)',
    '      @destinations.delete(destination)',
    '    end',
    '  end',
    '',
    '  def self.close_all',
    '    @destinations.keys.each { |dest| close(dest) }',
    '  end',
    '',
    '  def Log.flush',
    '    @destinations.each { |type, dest|',
    '      dest.flush if dest.respond_to?(:flush)',
    '    }',
    '  end',
    '',
    '  def Log.destinations',
    '    @destinations',
    '  end',
    'end',
    '',
  ].join('\n');
  const path = 'util/log.rb';
  const question = 'Flush any log destinations that support such operations.';
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path, text: source }]);
    corpus = corpusOf(engine);
  });

  it('reads the opening verb in a name, not a noun of the sentence', () => {
    const says = memberNameSaysLeadVerb(question)!;
    const of = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!;
    expect(says(of('flush'))).toBe(true);
    expect(says(of('destinations'))).toBe(false);
    expect(memberNameSaysLeadVerb('  A list of users.')).toBeUndefined();
    expect(memberNameSaysLeadVerb('Returns the flushed count')!(of('flush'))).toBe(false);
  });

  it('Log.flush, said whole and saying the verb, over Log.destinations, which the lists put first', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rb');
    // The lists of the understand set's run over the whole of puppet.
    const lists = {
      semantic: list({ 0: 'destinations', 3: 'close', 4: 'flush' }, 30),
      text: list({ 1: 'flush', 3: 'close', 5: 'destinations' }, 30),
      structural: list({ 0: 'destinations', 2: 'flush', 4: 'close' }, 30),
    };
    const input = { ...statementInput(lists, chunkOf, question, 1), ...memberNamesRead(question, false) };
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === path)!;
    expect(shown(fuse(input)).symbol).toBe('destinations');
    const first = shown(fuse({ ...input, leadVerbOf: memberNameSaysLeadVerb(question) }));
    expect(first.symbol).toBe('flush');
    expect(first.explanation.member).toMatchObject({ rule: 'name-says-verb', nameCoverage: 1 });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });

  it('keeps the member chosen when the name saying the verb says less of the question', () => {
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rb');
    const asked = 'Close the log destinations';
    const lists = {
      semantic: list({ 0: 'destinations', 1: 'close_all' }, 30),
      text: list({ 0: 'destinations', 1: 'close_all' }, 30),
      structural: list({ 0: 'destinations', 1: 'close_all' }, 30),
    };
    const input = { ...statementInput(lists, chunkOf, asked, 1), ...memberNamesRead(asked, false) };
    // `close_all` says the verb, but half its name only; `destinations` is said whole.
    expect(memberNameSaysLeadVerb(asked)!(corpus.chunks[id('close_all')])).toBe(true);
    const first = fuse({ ...input, leadVerbOf: memberNameSaysLeadVerb(asked) }).find((r) => r.path === path)!;
    expect(first.symbol).toBe('destinations');
  });
});

describe('a sentence saying "this <noun>": the member whose holder the noun names (real code)', () => {
  // puppet's external/pson/pure/generator.rb, trimmed: each core class's mixin defines `to_pson`,
  // and "Returns a PSON string representation for this Float number." is the Float one's doc
  // sentence (understand set, puppet:doc:20; the lists put `String#to_pson` first by meaning).
  const source = [
    'module PSON',
    '  module Pure',
    '    module Generator',
    '      module GeneratorMethods',
    '        module Float',
    '          def to_pson(state = nil, *)',
    '            case',
    '            when infinite?',
    '              if state && state.allow_nan?',
    '                to_s',
    '              else',
    '                raise GeneratorError, "#{self} not allowed in PSON"',
    '              end',
    '            else',
    '              to_s',
    '            end',
    '          end',
    '        end',
    '',
    '        module String',
    '          def to_pson(*)',
    "            '\"' << PSON.utf8_to_pson(self) << '\"'",
    '          end',
    '        end',
    '      end',
    '    end',
    '  end',
    'end',
    '',
  ].join('\n');
  const path = 'external/pson/pure/generator.rb';
  const question = 'Returns a PSON string representation for this Float number.';
  let corpus: Corpus;
  const of = (container: string) => corpus.chunks.find((c) => c.symbol === 'to_pson' && c.container === container)!;

  beforeAll(async () => {
    const engine = await engineOver([{ path, text: source }]);
    corpus = corpusOf(engine);
  });

  it('reads the noun after "this" in the holder, not the opening "This" nor a noun naming code', () => {
    const says = memberHolderSaysThis(question)!;
    expect(says(of('Float'))).toBe(true);
    expect(says(of('String'))).toBe(false);
    expect(memberHolderSaysThis('This is for testing only')).toBeUndefined();
    expect(memberHolderSaysThis("Return a string of this object's file and line.")).toBeUndefined();
    expect(memberHolderSaysThis('Returns a copy of this interval')!({ ...of('String'), container: 'Interval' })).toBe(
      true,
    );
  });

  it('Float#to_pson over String#to_pson, which the lists put first', () => {
    const id = (container: string) => of(container).id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rb');
    const lists = {
      semantic: list({ 0: 'String', 1: 'Float' }, 30),
      text: list({ 0: 'String', 1: 'Float' }, 30),
      structural: list({ 0: 'Float', 1: 'String' }, 30),
    };
    const input = { ...statementInput(lists, chunkOf, question, 1), ...memberNamesRead(question, false) };
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === path)!;
    expect(chunkOf(shown(fuse({ ...input, readsAsStatement: true })).chunkId).container).toBe('String');
    const first = shown(fuse({ ...input, readsAsStatement: true, holderSaysThisOf: memberHolderSaysThis(question) }));
    expect(chunkOf(first.chunkId).container).toBe('Float');
    expect(first.explanation.member).toMatchObject({ rule: 'this-names-holder', nameCoverage: 1 });
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });

  it('keeps the member chosen when the holder the noun names is not among the strong members', () => {
    const id = (container: string) => of(container).id;
    const { list, chunkOf } = realRunLists(corpus, id, '.rb');
    const lists = {
      semantic: list({ 0: 'String' }, 30),
      text: list({ 0: 'String' }, 30),
      structural: list({ 0: 'String', 25: 'Float' }, 30),
    };
    const input = { ...statementInput(lists, chunkOf, question, 1), ...memberNamesRead(question, false) };
    const first = fuse({ ...input, readsAsStatement: true, holderSaysThisOf: memberHolderSaysThis(question) }).find(
      (r) => r.path === path,
    )!;
    expect(chunkOf(first.chunkId).container).toBe('String');
  });
});
