/**
 * The graph's understand list fused with weight 0 when it says nothing about which definition is
 * meant (graphGate, ranking.ts): common words and a best name that says less than half the
 * question. A Go package the shape of x/tools' internal/diff beside a hundred-odd constructors
 * (`NewError`, `NewConst`, …), asked the doc sentence of `Unified` (its comment left out, as the
 * understand set blanks comments: a sentence found verbatim is an exact match).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../node/grammars';
import type { SearchResponse, SourceFile } from './contract';
import { Engine, type EngineDeps } from './engine';
import {
  GRAPH_PARTIAL_MIN_SHARE,
  GRAPH_SHARED_RANK_MIN_TIES,
  MODALITY_LIST_DEPTH,
  PHRASE_FACTORS,
  WEIGHTS,
} from './ranking';
import { StructuralAnalyzer } from './structural/analyzer';

const DIFF: SourceFile[] = [
  {
    path: 'internal/diff/unified.go',
    text: `package diff

func Unified(oldLabel, newLabel, old, new string) string {
	edits := Strings(old, new)
	unified, err := ToUnified(oldLabel, newLabel, old, edits)
	if err != nil {
		panic(err)
	}
	return unified.String()
}
`,
  },
  {
    path: 'internal/diff/lcs/old.go',
    text: `package lcs

func DiffStrings(a, b string) []Diff { return diff(stringSeqs{a, b}) }
`,
  },
];

/** A Go file of `count` constructors: `NewThing0`, `NewThing1`, … each with its type. */
function constructors(dir: string, count: number): SourceFile[] {
  const files: SourceFile[] = [];
  for (let f = 0; f * 10 < count; f++) {
    const lines = [`package ${dir.replace(/\W/g, '')}`, ''];
    for (let i = f * 10; i < Math.min(count, f * 10 + 10); i++) {
      lines.push(`type Thing${i} struct{ name string }`, '');
      lines.push(`func NewThing${i}(name string) *Thing${i} {`, `\treturn &Thing${i}{name: name}`, '}', '');
    }
    files.push({ path: `${dir}/things${f}.go`, text: lines.join('\n') });
  }
  return files;
}

const QUESTION = 'Returns a unified diff of the old and new strings.';

function graphRun(r: SearchResponse) {
  return r.query.modalities.find((m) => m.modality === 'graph')!;
}

describe('the graph list of an understand question, gated by its words', () => {
  let deps: EngineDeps;
  beforeAll(async () => {
    deps = { analyzer: await StructuralAnalyzer.create(nodeGrammars), embedder: null };
  });

  it('is fused with weight 0 when a hundred names share a word and the best says under half of the question', async () => {
    const engine = await Engine.build([...DIFF, ...constructors('internal/things', 120)], deps);
    const r = await engine.search(QUESTION, { preset: 'thorough' });
    expect(r.query.intent).toBe('understand_code');
    const graph = graphRun(r);
    expect(graph.ran).toBe(true);
    expect(graph.hits).toBeGreaterThanOrEqual(MODALITY_LIST_DEPTH);
    // `DiffStrings` leads the list alone: no flood of ties, only a partial name among many.
    expect(graph.list[0].score).toBeLessThan(GRAPH_PARTIAL_MIN_SHARE);
    expect(graph.list[1].score).toBeLessThan(graph.list[0].score);
    expect(graph.weight).toBe(0);
    expect(r.query.weights.graph).toBe(0);
    for (const x of r.results) expect(x.explanation.modalities.graph).toBeUndefined();
    expect(r.results[0].symbol).toBe('Unified');
  });

  it('keeps its weight in a small package, where few names share the words', async () => {
    const engine = await Engine.build([...DIFF, ...constructors('internal/things', 6)], deps);
    const r = await engine.search(QUESTION, { preset: 'thorough' });
    const graph = graphRun(r);
    expect(graph.hits).toBeLessThan(MODALITY_LIST_DEPTH);
    expect(graph.list[0].score).toBeLessThan(GRAPH_PARTIAL_MIN_SHARE);
    expect(graph.weight).toBe(WEIGHTS.understand_code.graph);
    expect(r.results.some((x) => x.explanation.modalities.graph !== undefined)).toBe(true);
  });

  it('reads the list above a large tie of names sharing one word, and says so', async () => {
    // phpMyAdmin's shape: `generateToken` says half of the question; every `Session…` shares one word.
    const sessions = (count: number): SourceFile[] => [
      {
        path: 'session/token.go',
        text: 'package session\n\nfunc GenerateToken() string {\n\treturn randomString(32)\n}\n',
      },
      {
        path: 'session/cache.go',
        text: [
          'package session',
          '',
          ...Array.from({ length: count }, (_, i) => `func SessionThing${i}() int {\n\treturn ${i}\n}\n`),
        ].join('\n'),
      },
    ];
    const question = 'generate csrf token for session';
    const large = await Engine.build(sessions(30), deps);
    const r = await large.search(question, { preset: 'thorough' });
    expect(r.query.intent).toBe('understand_code');
    const graph = graphRun(r);
    // A phrase of four words: its graph list, names alone, is fused at half weight (PHRASE_FACTORS).
    expect(graph.weight).toBe(WEIGHTS.understand_code.graph * PHRASE_FACTORS.graph!);
    expect(graph.list[0].score).toBe(0.5);
    expect(graph.hits).toBe(31);
    expect(graph.list.slice(1).every((h) => h.score === 0.25)).toBe(true);
    expect(r.query.notes.some((n) => n.includes('30 names tie at one word match'))).toBe(true);
    // The tie's names get nothing from the graph; the name above it counts above the tie's mean rank.
    const tied = r.results
      .flatMap((x) => [x, ...(x.subResults ?? [])])
      .filter((x) => x.symbol?.startsWith('SessionThing'));
    expect(tied.length).toBeGreaterThan(0);
    for (const x of tied) expect(x.explanation.modalities.graph).toBeUndefined();
    // The name above it is the structural list's first too: that list has counted it, and the graph,
    // which would count it above the tie's mean rank (fuse.test.ts), adds nothing (RESTATED_LISTS).
    const token = r.results.find((x) => x.symbol === 'GenerateToken')!;
    expect(r.results[0]).toBe(token);
    expect(token.explanation.modalities.structural).toMatchObject({ rank: 0 });
    expect(token.explanation.modalities.graph).toBeUndefined();
    const small = await Engine.build(sessions(GRAPH_SHARED_RANK_MIN_TIES - 1), deps);
    const s = await small.search(question, { preset: 'thorough' });
    expect(s.query.notes.some((n) => n.includes('tie at one word match'))).toBe(false);
    expect(s.results.every((x) => x.explanation.modalities.graph?.floor === undefined)).toBe(true);
    expect(graphRun(s).list.filter((h) => h.score === 0.25).length).toBe(GRAPH_SHARED_RANK_MIN_TIES - 1);
    // Below no floor, a tied name counts at its position where that is above the structural list's rank for it.
    for (const x of s.results) {
      const { graph, structural } = x.explanation.modalities;
      if (graph) expect(structural === undefined || graph.rank < structural.rank).toBe(true);
    }
  });

  it("counts a name that runs the question's words together as saying them (GRAPH_SPELLING_CODES)", async () => {
    // phpMyAdmin's shape: `Util::pageselector` does what "pagination page selector" asks, while
    // `getPageSelector` and `getHtmlPageSelector` share the words as sub-tokens.
    const files: SourceFile[] = [
      {
        path: 'classes/Util.php',
        text: '<?php\nclass Util\n{\n    public static function pageselector($name, $rows, $pageNow)\n    {\n        $pages = [];\n        for ($i = 1; $i <= $rows; $i++) {\n            $pages[] = $i;\n        }\n        return $pages;\n    }\n}\n',
      },
      {
        path: 'classes/Display/Results.php',
        text: "<?php\nclass Results\n{\n    public function getHtmlPageSelector($rows)\n    {\n        return Util::pageselector('pos', $rows, 1);\n    }\n}\n",
      },
      {
        path: 'classes/Navigation/NavigationTree.php',
        text: "<?php\nclass NavigationTree\n{\n    public function getPageSelector($rows)\n    {\n        return Util::pageselector('pos', $rows, 2);\n    }\n}\n",
      },
    ];
    const engine = await Engine.build(files, deps);
    const r = await engine.search('pagination page selector', { preset: 'thorough' });
    const graph = graphRun(r);
    const hit = graph.list.find((h) => engine.chunk(h.chunkId).symbol === 'pageselector');
    // two of the three content words, as `getPageSelector` says them
    expect(hit?.score).toBeCloseTo(2 / 3, 12);
    expect(hit?.reason).toContain('as `pageselector`');
    expect(graph.list.filter((h) => h.score === hit?.score).length).toBe(3);
  });
});
