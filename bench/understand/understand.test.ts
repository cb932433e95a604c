import { beforeAll, describe, expect, it } from 'vitest';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import type { LoadedProject, ProjectSpec } from './projects';
import { keywordDefinition, projectQuestions, sampleDocQuestions, type UnderstandQuestion } from './questions';
import { type QuestionOutcome, ranksOf, tableRows, type UnderstandRun, UNDERSTAND_SYSTEMS } from './run';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function project(language: ProjectSpec['language'], files: { path: string; text: string }[]): LoadedProject {
  const spec: ProjectSpec = { name: `t-${language}`, language, group: 'added', deb: 'x', version: '1', root: '.' };
  return { spec, files, blankFiles: files };
}

describe('doc-sentence questions in Ruby, PHP and C', () => {
  it('Ruby: the `#` comment above a method is its doc; spec/ files give no question', () => {
    // puppet/indirector/indirection.rb's shape.
    const code = [
      'class Indirection',
      '  # Expire a cached object, if one is cached.',
      '  def expire(key, options = {})',
      '    cache.expire(key)',
      '  end',
      'end',
      '',
    ].join('\n');
    const qs = sampleDocQuestions(
      project('ruby', [
        { path: 'indirector/indirection.rb', text: code },
        { path: 'spec/indirection_spec.rb', text: code },
      ]),
      analyzer,
    );
    expect(qs.map((q) => [q.path, q.query, q.nameLine])).toEqual([
      ['indirector/indirection.rb', 'Expire a cached object, if one is cached.', 3],
    ]);
  });

  it('PHP: a PHPDoc block is the doc, a `//` note is not', () => {
    // phpMyAdmin classes/Advisor.php's shape.
    const code = [
      '<?php',
      'class Advisor',
      '{',
      '    /**',
      '     * Stores current error in run results.',
      '     *',
      '     * @param string $description description of an error.',
      '     */',
      '    public function storeError(string $description): void',
      '    {',
      '    }',
      '',
      '    // Adds a rule to the result list of the advisor run.',
      '    public function addRule(string $type, array $rule): void',
      '    {',
      '    }',
      '}',
      '',
    ].join('\n');
    const qs = sampleDocQuestions(project('php', [{ path: 'classes/Advisor.php', text: code }]), analyzer);
    expect(qs.map((q) => [q.symbol, q.query])).toEqual([
      ['Advisor.storeError', 'Stores current error in run results.'],
    ]);
  });

  it('C: a Doxygen block asks its prose, not its \\param lines', () => {
    // openafs src/afs/afs_cell.c.
    const code = [
      '/*!',
      ' * Useful traversal callback: Match by cell number.',
      ' * \\param cell',
      ' * \\param arg Cell number (compared with cell->cellNum).',
      ' * \\return Returns found cell or NULL.',
      ' */',
      'static void *',
      'afs_choose_cell_by_num(struct cell *cell, void *arg)',
      '{',
      '    return (cell->cellNum == *((afs_int32 *) arg)) ? cell : NULL;',
      '}',
      '',
    ].join('\n');
    const qs = sampleDocQuestions(project('c', [{ path: 'src/afs/afs_cell.c', text: code }]), analyzer);
    expect(qs.map((q) => [q.symbol, q.query, q.nameLine])).toEqual([
      ['afs_choose_cell_by_num', 'Useful traversal callback: Match by cell number.', 8],
    ]);
  });
});

describe("a question's ranks", () => {
  it('a class chunk holding the method counts at the function (`fn`) but not as its own chunk (`own`)', () => {
    const q: UnderstandQuestion = {
      id: 'p:doc:0',
      project: 'p',
      kind: 'doc',
      half: 'tuning',
      query: 'q',
      path: 'util/log.rb',
      symbol: 'Log.flush',
      startLine: 40,
      endLine: 44,
      nameLine: 40,
      terms: [],
    };
    const items = [
      { path: 'util/other.rb', startLine: 1, endLine: 9 },
      { path: 'util/log.rb', startLine: 9, endLine: 422 },
      { path: 'util/log.rb', startLine: 40, endLine: 44 },
    ];
    expect(ranksOf(q, items)).toMatchObject({ fn: 2, own: 3, file: 2 });
    expect(ranksOf(q, items.slice(0, 2))).toMatchObject({ fn: 2, own: null, file: 2 });
  });
});

describe('report rows per group of projects', () => {
  const question = (project: string, half: 'tuning' | 'held-out'): UnderstandQuestion => ({
    id: `${project}:doc:${half}`,
    project,
    kind: 'doc',
    half,
    query: 'q',
    path: 'a',
    symbol: 's',
    startLine: 1,
    endLine: 2,
    nameLine: 1,
    terms: [],
  });
  const outcome = (project: string, half: 'tuning' | 'held-out', fn: number | null): QuestionOutcome => ({
    question: question(project, half),
    intent: 'understand_code',
    ranks: Object.fromEntries(
      UNDERSTAND_SYSTEMS.map((s) => [s, { fn, own: fn, file: fn, top: [] as string[] }]),
    ) as QuestionOutcome['ranks'],
  });
  const projectRow = (name: string, group: 'original' | 'added') => ({
    name,
    language: 'x',
    group,
    deb: 'x',
    files: 1,
    chunks: 1,
    buildSeconds: 0,
    doc: 2,
    keyword: 0,
  });

  it("the original projects' rows are theirs alone; the added projects get rows of their own", () => {
    const run: UnderstandRun = {
      projects: [projectRow('networkx', 'original'), projectRow('puppet', 'added')],
      outcomes: [
        outcome('networkx', 'tuning', 1),
        outcome('networkx', 'held-out', 2),
        outcome('puppet', 'tuning', null),
        outcome('puppet', 'held-out', null),
      ],
    };
    const fn = tableRows(run).filter((r) => r.level === 'fn');
    const original = fn.filter((r) => r.group === 'original');
    const added = fn.filter((r) => r.group === 'added');
    expect(original.map((r) => [r.half, r.n, r.mrr.default])).toEqual([
      ['tuning', 1, 1],
      ['held-out', 1, 0.5],
      ['all', 2, 0.75],
    ]);
    expect(added.map((r) => [r.half, r.n, r.mrr.default])).toEqual([
      ['tuning', 1, 0],
      ['held-out', 1, 0],
      ['all', 2, 0],
    ]);
  });
});

describe("a project's questions", () => {
  it('are its doc sentences, then its own keyword lines, of the half asked for', () => {
    const code = (n: number) =>
      [
        `class Cache${n}`,
        `  # Expire cached object number ${n} of the store.`,
        '  def expire(key)',
        '  end',
        'end',
      ].join('\n');
    const p = project(
      'ruby',
      Array.from({ length: 12 }, (_, n) => ({ path: `lib/cache${n}.rb`, text: code(n) })),
    );
    const keyword = (projectName: string, i: number): UnderstandQuestion => ({
      ...sampleDocQuestions(p, analyzer)[0],
      id: `${projectName}:keyword:${i}`,
      project: projectName,
      kind: 'keyword',
      half: i % 2 === 0 ? 'tuning' : 'held-out',
      query: `expire ${i}`,
    });
    const keywords = [keyword(p.spec.name, 0), keyword('other', 0), keyword(p.spec.name, 1), keyword(p.spec.name, 2)];
    const all = projectQuestions(p, analyzer, keywords);
    const docs = sampleDocQuestions(p, analyzer);
    expect(all.map((q) => q.id)).toEqual([
      ...docs.map((q) => q.id),
      't-ruby:keyword:0',
      't-ruby:keyword:1',
      't-ruby:keyword:2',
    ]);
    const tuning = projectQuestions(p, analyzer, keywords, 'tuning');
    expect(tuning.map((q) => q.id)).toEqual(all.filter((q) => q.half === 'tuning').map((q) => q.id));
    expect(tuning.map((q) => q.id)).toContain('t-ruby:keyword:2');
    expect(tuning.map((q) => q.id)).not.toContain('t-ruby:keyword:1');
    // Both halves of the doc sentences are there to split (the halves come from each id's hash).
    expect(new Set(docs.map((q) => q.half))).toEqual(new Set(['tuning', 'held-out']));
    const heldOut = projectQuestions(p, analyzer, keywords, 'held-out');
    expect(tuning.length + heldOut.length).toBe(all.length);
  });
});

describe('keyword lines', () => {
  it("name a function: a module declared under the function's name is not the answer", async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const text = [
      'mod resolve;',
      'mod types;',
      '',
      'pub fn resolve(deps: &[Dep]) -> Resolve {',
      '    walk(deps)',
      '}',
      '',
    ].join('\n');
    const definitions = analyzer.analyze('src/cargo/core/resolver/mod.rs', text).definitions;
    expect(definitions.filter((d) => d.name === 'resolve').map((d) => d.kind)).toEqual(['module', 'function']);
    expect(keywordDefinition(definitions, 'resolve')).toMatchObject({ kind: 'function', startLine: 4 });
    expect(keywordDefinition(definitions, 'types')).toMatchObject({ kind: 'module', startLine: 2 });
    expect(keywordDefinition(definitions, 'missing')).toBeUndefined();
  });
});
