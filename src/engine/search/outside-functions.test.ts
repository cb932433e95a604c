/**
 * A behaviour question is answered by a function, not by the lines of its file outside every
 * definition. The shape of hcl 2.14 (MPL-2.0), ext/dynblock: schema.go is nothing but the
 * `var` tables of the "dynamic" block's schema, whose keys (`for_each`, `labels`, `content`)
 * are the question's words, and it came first for "how are dynamic blocks expanded from their
 * for_each value" over `expandBlocks` in expand_body.go. And of phpseclib 3.0 (MIT): a PHP
 * file's doc block sits on its one-line `namespace …;`, which then stood for the file. A file the
 * parser found no definition in (a script of statements) keeps its lines at par: they are its code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { Engine } from '../engine';
import { fuse, scoreFromExplanation } from '../fuse';
import { OUTSIDE_FUNCTIONS_DEMOTION_FACTOR, OUTSIDE_FUNCTIONS_DEMOTION_RULE } from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { asksHowItWorks, memberNameCoverage, outsideFunctionsLookup } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { engineOver } from '../../../test/support/engine';

const SCHEMA_GO = [
  'package dynblock',
  '',
  'import "github.com/hashicorp/hcl/v2"',
  '',
  'var dynamicBlockHeaderSchema = hcl.BlockHeaderSchema{',
  '	Type:       "dynamic",',
  '	LabelNames: []string{"type"},',
  '}',
  '',
  'var dynamicBlockBodySchemaLabels = &hcl.BodySchema{',
  '	Attributes: []hcl.AttributeSchema{',
  '		{',
  '			Name:     "for_each",',
  '			Required: true,',
  '		},',
  '		{',
  '			Name:     "iterator",',
  '			Required: false,',
  '		},',
  '		{',
  '			Name:     "labels",',
  '			Required: true,',
  '		},',
  '	},',
  '	Blocks: []hcl.BlockHeaderSchema{',
  '		{',
  '			Type:       "content",',
  '			LabelNames: nil,',
  '		},',
  '	},',
  '}',
  '',
  'var dynamicBlockBodySchemaNoLabels = &hcl.BodySchema{',
  '	Attributes: []hcl.AttributeSchema{',
  '		{',
  '			Name:     "for_each",',
  '			Required: true,',
  '		},',
  '	},',
  '}',
  '',
].join('\n');

const EXPAND_BODY_GO = [
  'package dynblock',
  '',
  'import (',
  '	"fmt"',
  '',
  '	"github.com/hashicorp/hcl/v2"',
  ')',
  '',
  '// expandBody wraps another hcl.Body and expands any "dynamic" blocks found',
  '// inside whenever Content or PartialContent is called.',
  'type expandBody struct {',
  '	original   hcl.Body',
  '	forEachCtx *hcl.EvalContext',
  '	iteration  *iteration',
  '}',
  '',
  'func (b *expandBody) expandBlocks(schema *hcl.BodySchema, rawBlocks hcl.Blocks, partial bool) (hcl.Blocks, hcl.Diagnostics) {',
  '	var blocks hcl.Blocks',
  '	var diags hcl.Diagnostics',
  '',
  '	for _, rawBlock := range rawBlocks {',
  '		switch rawBlock.Type {',
  '		case "dynamic":',
  '			realBlockType := rawBlock.Labels[0]',
  '			var blockS *hcl.BlockHeaderSchema',
  '			for _, candidate := range schema.Blocks {',
  '				if candidate.Type == realBlockType {',
  '					blockS = &candidate',
  '					break',
  '				}',
  '			}',
  '			if blockS == nil {',
  '				continue',
  '			}',
  '			spec, specDiags := b.decodeSpec(blockS, rawBlock)',
  '			diags = append(diags, specDiags...)',
  '			if spec.forEachVal.IsKnown() {',
  '				for it := spec.forEachVal.ElementIterator(); it.Next(); {',
  '					key, value := it.Element()',
  '					i := b.iteration.MakeChild(spec.iteratorName, key, value)',
  '					block, blockDiags := spec.newBlock(i, b.forEachCtx)',
  '					diags = append(diags, blockDiags...)',
  '					if block != nil {',
  '						block.Body = b.expandChild(block.Body, i)',
  '						blocks = append(blocks, block)',
  '					}',
  '				}',
  '			}',
  '		default:',
  '			blocks = append(blocks, rawBlock)',
  '		}',
  '	}',
  '	return blocks, diags',
  '}',
  '',
  'func (b *expandBody) expandChild(child hcl.Body, i *iteration) hcl.Body {',
  '	return &expandBody{original: child, forEachCtx: b.forEachCtx, iteration: i}',
  '}',
  '',
  'func (b *expandBody) decodeSpec(blockS *hcl.BlockHeaderSchema, rawBlock *hcl.Block) (*expandSpec, hcl.Diagnostics) {',
  '	return nil, nil',
  '}',
  '',
].join('\n');

const DEFAULT_ENGINE_PHP = [
  '<?php',
  '',
  '/**',
  ' * PHP Default Modular Exponentiation Engine',
  ' *',
  ' * PHP version 5 and 7',
  ' */',
  '',
  'namespace phpseclib3\\Math\\BigInteger\\Engines\\PHP;',
  '',
  'use phpseclib3\\Math\\BigInteger\\Engines\\PHP\\Reductions\\EvalBarrett;',
  '',
  '/**',
  ' * PHP Default Modular Exponentiation Engine',
  ' */',
  'abstract class DefaultEngine extends EvalBarrett',
  '{',
  '}',
  '',
].join('\n');

const SCRIPT_PY = ['import sys', '', 'for block in sys.argv[1:]:', '    print("dynamic", block)', ''].join('\n');

/** The shape of npm 9.2's @npmcli/config (ISC), lib/env-replace.js: a comment, a pattern, one function. */
const ENV_REPLACE_JS = [
  '// replace any ${ENV} values with the appropriate environ.',
  '',
  'const envExpr = /(?<!\\\\)(\\\\*)\\$\\{([^${}]+)\\}/g',
  '',
  'module.exports = (f, env) => f.replace(envExpr, (orig, esc, name) => {',
  '  const val = env[name] !== undefined ? env[name] : `$\\{${name}}`',
  '  if (esc.length % 2) {',
  '    return orig.slice((esc.length + 1) / 2)',
  '  }',
  '  return (esc.slice(esc.length / 2)) + val',
  '})',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'ext/dynblock/schema.go', text: SCHEMA_GO },
  { path: 'ext/dynblock/expand_body.go', text: EXPAND_BODY_GO },
  { path: 'Math/BigInteger/Engines/PHP/DefaultEngine.php', text: DEFAULT_ENGINE_PHP },
  { path: 'tools/expand.py', text: SCRIPT_PY },
];

let analyzer: StructuralAnalyzer;
let engine: Engine;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
  engine = await engineOver(FILES);
});

describe("a file's lines outside its definitions, on a question about behaviour", () => {
  it('are demoted, so the function that answers comes first', () => {
    // The ranks each modality gave both chunks in hcl 2.14 (understand_code, default preset),
    // and expandBlocks' centrality (boost 1.12); the window has none.
    const corpus = buildCorpus(FILES, analyzer);
    const schema = corpus.chunks.find((c) => c.path === 'ext/dynblock/schema.go' && c.startLine === 1)!;
    const expand = corpus.chunks.find((c) => c.symbol === 'expandBlocks')!;
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(8, expand), at(14, schema)),
      text: at(2, schema),
      structural: merge(at(2, expand), at(4, schema)),
    };
    const run = (isOutsideFunctions?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'other', '.go'), {
          centralityOf: (id) => (id === expand.id ? Math.exp(0.12 / 0.3) - 1 : 0),
          rankContainersByMembers: true,
          ...(isOutsideFunctions ? { isOutsideFunctions } : {}),
        }),
      ).filter((r) => r.path.startsWith('ext/'));
    expect(run()[0].path).toBe('ext/dynblock/schema.go');
    const demoted = run(outsideFunctionsLookup(corpus));
    expect(demoted.map((r) => r.symbol)).toEqual(['expandBlocks', undefined]);
    expect(demoted[1].explanation.demotion).toEqual({
      factor: OUTSIDE_FUNCTIONS_DEMOTION_FACTOR,
      rule: OUTSIDE_FUNCTIONS_DEMOTION_RULE,
    });
    expect(scoreFromExplanation(demoted[1].explanation)).toBeCloseTo(demoted[1].score, 12);
  });

  it('are shown demoted by the engine on a behaviour question', async () => {
    const response = await engine.search('how are dynamic blocks expanded from their for_each value', {
      intent: 'understand_code',
    });
    const schema = response.results.find((r) => r.path === 'ext/dynblock/schema.go');
    expect(schema?.explanation.demotion).toEqual({
      factor: OUTSIDE_FUNCTIONS_DEMOTION_FACTOR,
      rule: OUTSIDE_FUNCTIONS_DEMOTION_RULE,
    });
  });

  it('are demoted on a question asking where or in what order it is done, which asks for that code as plainly as "how"', async () => {
    // npm's "where is a registry request retried with a one-time password when two-factor auth is
    // on", containerd's "in what order are plugins loaded at startup" (real set).
    expect(asksHowItWorks('where is a registry request retried with a one-time password')).toBe(true);
    expect(asksHowItWorks('In what order are plugins loaded at startup')).toBe(true);
    expect(asksHowItWorks('in which order are the hooks run')).toBe(true);
    // "When" and "what" open descriptions and name their answers too.
    expect(asksHowItWorks('When set, the buffer is flushed after every write')).toBe(false);
    expect(asksHowItWorks('what does expandBlocks do')).toBe(false);
    expect(asksHowItWorks('somewhere in the dynamic block schema')).toBe(false);
    for (const question of [
      'where are dynamic blocks expanded from their for_each value',
      'in what order are dynamic blocks expanded from their for_each value',
    ]) {
      const response = await engine.search(question, { intent: 'understand_code' });
      const schema = response.results.find((r) => r.path === 'ext/dynblock/schema.go');
      expect(schema?.explanation.demotion).toEqual({
        factor: OUTSIDE_FUNCTIONS_DEMOTION_FACTOR,
        rule: OUTSIDE_FUNCTIONS_DEMOTION_RULE,
      });
    }
  });

  it("are a parsed file's windows and one-line namespaces, never a definition's body nor a script's lines", () => {
    const corpus = buildCorpus(FILES, analyzer);
    const outside = outsideFunctionsLookup(corpus);
    const chunks = (path: string) => corpus.chunks.filter((c) => c.path === path);
    const at = (path: string, line: number) => chunks(path).find((c) => c.startLine <= line && line <= c.endLine)!;
    expect(outside(at('ext/dynblock/schema.go', 13))).toBe(true);
    expect(outside(at('ext/dynblock/expand_body.go', 1))).toBe(true);
    expect(outside(at('ext/dynblock/expand_body.go', 20))).toBe(false);
    const php = 'Math/BigInteger/Engines/PHP/DefaultEngine.php';
    expect(outside(chunks(php).find((c) => c.definitionKind === 'namespace')!)).toBe(true);
    expect(outside(chunks(php).find((c) => c.definitionKind === 'class')!)).toBe(false);
    expect(chunks('tools/expand.py').every((c) => !outside(c))).toBe(true);
  });

  it('keep their place on a description that does not ask how (a doc sentence may describe the constants they declare)', async () => {
    // redux's `These are private action types reserved by Redux` is the doc of a constant table.
    expect(asksHowItWorks('how are dynamic blocks expanded from their for_each value')).toBe(true);
    expect(asksHowItWorks('How is a section title turned into an id')).toBe(true);
    expect(asksHowItWorks('These are private action types reserved by Redux')).toBe(false);
    expect(asksHowItWorks('schema of a dynamic block')).toBe(false);
    const response = await engine.search('schema of a dynamic block for_each labels content', {
      intent: 'understand_code',
    });
    const schema = response.results.find((r) => r.path === 'ext/dynblock/schema.go');
    expect(schema).toBeDefined();
    expect(schema?.explanation.demotion).toBeNull();
  });

  it('keep their place on a question that is no behaviour question', async () => {
    const response = await engine.search('"for_each"', {});
    const schema = response.results.find((r) => r.path === 'ext/dynblock/schema.go');
    expect(schema).toBeDefined();
    expect(schema?.explanation.demotion).toBeNull();
  });
});

describe("a file's lines outside its functions, put first in their file on a question asking how", () => {
  it("give their place to a function of the file however far below it fused (npm's env-replace.js)", () => {
    const corpus = buildCorpus([{ path: '@npmcli/config/lib/env-replace.js', text: ENV_REPLACE_JS }], analyzer);
    const header = corpus.chunks.find((c) => c.kind === 'window' && c.startLine === 1)!;
    const replace = corpus.chunks.find((c) => c.kind === 'definition' && c.definitionKind === 'function')!;
    expect(replace.startLine).toBe(5);
    // The header's comment says the question's words; the function fused at under 0.8 of it.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(2, header), at(60, replace)),
      text: merge(at(1, header), at(60, replace)),
      structural: at(60, replace),
    };
    const question = 'how are ${VAR} references in .npmrc values replaced with environment variables';
    const run = (isOutsideFunctions?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'other', '.js'), {
          limit: 100,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          ...(isOutsideFunctions ? { isOutsideFunctions } : {}),
        }),
      ).filter((r) => r.path.endsWith('env-replace.js'));
    expect(run()[0].chunkId).toBe(header.id);
    const [shown] = run(outsideFunctionsLookup(corpus));
    expect(shown.chunkId).toBe(replace.id);
    expect(shown.explanation.member).toMatchObject({ rule: 'outside-gives-way', over: { chunkId: header.id } });
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
