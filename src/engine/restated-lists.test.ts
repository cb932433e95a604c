/**
 * The graph's list for a question about behaviour restates the structural list's reading of the
 * definitions' names (RESTATED_LISTS, ranking.ts): it counts only by how far it ranks a result
 * above the structural list's rank for it, and casts no vote on the cap of a result first in every
 * list. So thorough, which adds that list to default's three, reorders default's results only by
 * what the structural list did not say.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../node/grammars';
import type { Chunk, Modality, ModalityHit, SearchResponse, SourceFile } from './contract';
import { Engine, type EngineDeps } from './engine';
import { fuse, scoreFromExplanation } from './fuse';
import { BOOST_CAP, RESTATED_LISTS, RRF_K, WEIGHTS } from './ranking';
import { StructuralAnalyzer } from './structural/analyzer';
import { fusionInput } from '../../test/support/fusion-input';

const hits = (ids: number[]): ModalityHit[] => ids.map((chunkId) => ({ chunkId, score: 1, reason: '' }));

function chunkOf(id: number): Chunk {
  return {
    id,
    fileId: id,
    path: `src/f${id}.php`,
    startLine: 1,
    endLine: 10,
    kind: 'definition',
    definitionKind: 'method',
    symbol: `f${id}`,
  };
}

describe('a list that restates another (fuse)', () => {
  // phpMyAdmin, "Constructor to access to wmi database.": WindowsNt's `getWMI` (0) first on its boost,
  // `hasAccessToDatabase` (1) first in the text and structural lists and in the graph's, by the two
  // words its name says; the lists' ranks and the boosts (1.305, 1.196) as measured there.
  const getWMI = 0;
  const hasAccess = 1;
  const fillers = (from: number, n: number) => Array.from({ length: n }, (_, i) => 100 + from + i);
  const lists = (graph: boolean): Partial<Record<Modality, ModalityHit[]>> => ({
    semantic: hits([2, getWMI, 3, hasAccess, ...fillers(0, 20)]),
    text: hits([hasAccess, 4, getWMI, 5, 6, 3, ...fillers(20, 20)]),
    structural: hits([hasAccess, 7, getWMI, 8, 3, ...fillers(40, 20)]),
    // the graph's best name says half the question; a tie of names sharing one word follows
    ...(graph
      ? {
          graph: [
            { chunkId: hasAccess, score: 0.5, reason: '' },
            ...hits(fillers(60, 99)).map((h) => ({ ...h, score: 0.25 })),
          ],
        }
      : {}),
  });
  const boosts: Record<number, number> = { [getWMI]: 1.305, [hasAccess]: 1.196 };
  const input = (graph: boolean, restated: boolean) =>
    fusionInput(lists(graph), chunkOf, {
      weights: { ...WEIGHTS.understand_code, semantic: WEIGHTS.understand_code.semantic / 2 },
      // centrality whose boost is the measured one: 1 + 0.3 ln(1 + c) = b
      centralityOf: (id) => (boosts[id] ? Math.exp((boosts[id] - 1) / 0.3) - 1 : 0),
      flooredLists: ['graph'],
      ...(restated ? { restatedLists: RESTATED_LISTS } : {}),
    });

  it('adds nothing for a name the restated list ranks as high: default order kept', () => {
    const byDefault = fuse(input(false, true)).map((r) => r.chunkId);
    expect(byDefault[0]).toBe(getWMI);
    // Counted again above its floor, the graph's share for the name the structural list put first
    // passes the answer's file by a few thousandths: thorough below default.
    expect(fuse(input(true, false))[0].chunkId).toBe(hasAccess);
    const r = fuse(input(true, true));
    expect(r.map((x) => x.chunkId)).toEqual(byDefault);
    expect(r.find((x) => x.chunkId === hasAccess)!.explanation.modalities.graph).toBeUndefined();
  });

  it('counts a name by how far it stands above the restated list, and fully where that list lacks it', () => {
    const graph = hits([9, 10, 11]);
    const r = fuse(fusionInput({ structural: hits([10, 12, 9]), graph }, chunkOf, { restatedLists: RESTATED_LISTS }));
    const k = RRF_K.thorough;
    const w = WEIGHTS.understand_code.graph;
    const of = (id: number) => r.find((x) => x.chunkId === id)!.explanation;
    // 9: graph 1st, structural 3rd
    expect(of(9).modalities.graph).toMatchObject({ rank: 0, above: { modality: 'structural', rank: 2 } });
    expect(of(9).modalities.graph!.contribution).toBeCloseTo(w / (k + 1) - w / (k + 3), 12);
    // 10: graph 2nd, structural 1st — nothing from the graph
    expect(of(10).modalities.graph).toBeUndefined();
    // 11: not in the structural list — its full share
    expect(of(11).modalities.graph).toMatchObject({ rank: 2 });
    expect(of(11).modalities.graph!.above).toBeUndefined();
    expect(of(11).modalities.graph!.contribution).toBeCloseTo(w / (k + 3), 12);
    for (const x of r) expect(scoreFromExplanation(x.explanation)).toBeCloseTo(x.score, 12);
  });

  it('gives the restating list no vote on the cap of a result first in every list', () => {
    const three = { semantic: hits([0, 1]), text: hits([0, 1]), structural: hits([0, 1]) };
    const given = { capFirstInEveryList: true, weights: WEIGHTS.understand_code };
    const withGraph = { ...three, graph: hits([1, 0]) };
    expect(fuse(fusionInput(withGraph, chunkOf, given))[0].explanation.firstInEveryList).toBeUndefined();
    const r = fuse(fusionInput(withGraph, chunkOf, { ...given, restatedLists: RESTATED_LISTS }));
    expect(r[0]).toMatchObject({ chunkId: 0, explanation: { firstInEveryList: true, boost: BOOST_CAP } });
  });
});

let deps: EngineDeps;
beforeAll(async () => {
  deps = { analyzer: await StructuralAnalyzer.create(nodeGrammars), embedder: null };
});

const graphRun = (r: SearchResponse) => r.query.modalities.find((m) => m.modality === 'graph')!;

describe('thorough on a question about behaviour (engine)', () => {
  it("counts the graph's names only above the structural list's ranks for them, and says so", async () => {
    // `pageselector` says "page" and "selector" as a compound, which the structural list's name
    // tokens do not read; `getHtmlPageList` and `renderSelector` say one word each as a sub-token.
    const files: SourceFile[] = [
      {
        path: 'classes/Util.php',
        text: '<?php\nclass Util\n{\n    public static function pageselector($name, $rows, $pageNow)\n    {\n        $pages = [];\n        for ($i = 1; $i <= $rows; $i++) {\n            $pages[] = $i;\n        }\n        return $pages;\n    }\n}\n',
      },
      {
        path: 'classes/Display/Results.php',
        text: "<?php\nclass Results\n{\n    public function getHtmlPageList($rows)\n    {\n        return Util::pageselector('pos', $rows, 1);\n    }\n}\n",
      },
      {
        path: 'classes/Navigation/NavigationTree.php',
        text: "<?php\nclass NavigationTree\n{\n    public function renderSelector($rows)\n    {\n        return Util::pageselector('pos', $rows, 2);\n    }\n}\n",
      },
    ];
    const engine = await Engine.build(files, deps);
    const r = await engine.search('pagination page selector', { preset: 'thorough' });
    const graph = graphRun(r);
    const structural = r.query.modalities.find((m) => m.modality === 'structural')!;
    const symbols = (list: typeof graph.list) => list.map((h) => engine.chunk(h.chunkId).symbol);
    expect(symbols(graph.list)).toEqual(['pageselector', 'getHtmlPageList', 'renderSelector']);
    expect(symbols(structural.list)).toEqual(['renderSelector', 'getHtmlPageList', 'pageselector']);
    const of = (symbol: string) => r.results.find((x) => x.symbol === symbol)!.explanation.modalities;
    // the compound: the graph's first, the structural list's third — counted above that rank
    const w = graph.weight;
    expect(of('pageselector').graph).toMatchObject({ rank: 0, above: { modality: 'structural', rank: 2 } });
    expect(of('pageselector').graph!.contribution).toBeCloseTo(w / (RRF_K.thorough + 1) - w / (RRF_K.thorough + 3), 12);
    // ranked by the graph as high as by the structural list, or lower: nothing from the graph
    expect(of('getHtmlPageList').graph).toBeUndefined();
    expect(of('renderSelector').graph).toBeUndefined();
    for (const x of r.results) expect(scoreFromExplanation(x.explanation)).toBeCloseTo(x.score, 12);
    expect(r.query.notes.some((n) => n.includes("above the structural list's rank for it"))).toBe(true);
  });
});
