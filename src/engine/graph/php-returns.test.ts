/**
 * PHP: a value obtained from a call is of the type the called method's doc comment says it returns
 * (symfony-di's `@return ServiceReferenceGraph` on Compiler::getServiceReferenceGraph, whose
 * signature states none), whether the call is chained, assigned to a variable or to a field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedDependants } from '../../../test/support/parsed-graph';
import { docReturnTypeOf, localTypesOf } from './local-types';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const dependantsOf = (files: Record<string, string>, path: string) => parsedDependants(analyzer, files, path);

const ns = 'namespace Symfony\\Component\\DependencyInjection\\Compiler;';

const symfony = {
  'Compiler/Compiler.php': [
    '<?php',
    ns,
    '',
    'class Compiler',
    '{',
    '    private $serviceReferenceGraph;',
    '',
    '    /**',
    '     * @return ServiceReferenceGraph',
    '     */',
    '    public function getServiceReferenceGraph()',
    '    {',
    '        return $this->serviceReferenceGraph;',
    '    }',
    '}',
  ].join('\n'),
  'Compiler/ServiceReferenceGraph.php': [
    '<?php',
    ns,
    '',
    'class ServiceReferenceGraph',
    '{',
    '    public function hasNode(string $id): bool',
    '    {',
    '        return false;',
    '    }',
    '',
    '    public function connect(?string $sourceId, $sourceValue)',
    '    {',
    '    }',
    '}',
  ].join('\n'),
  // Another class with the same method names: a link by name alone would reach it too.
  'Compiler/PassConfig.php': [
    '<?php',
    ns,
    '',
    'class PassConfig',
    '{',
    '    public function hasNode(string $id): bool',
    '    {',
    '        return true;',
    '    }',
    '',
    '    public function connect($a, $b)',
    '    {',
    '    }',
    '}',
  ].join('\n'),
  'Compiler/CheckCircularReferencesPass.php': [
    '<?php',
    ns,
    '',
    'class CheckCircularReferencesPass',
    '{',
    '    public function process(ContainerBuilder $container)',
    '    {',
    '        $graph = $container->getCompiler()->getServiceReferenceGraph();',
    '        return $graph->hasNode("a");',
    '    }',
    '}',
  ].join('\n'),
  'Compiler/AnalyzeServiceReferencesPass.php': [
    '<?php',
    ns,
    '',
    'class AnalyzeServiceReferencesPass',
    '{',
    '    private $graph;',
    '',
    '    public function process(ContainerBuilder $container)',
    '    {',
    '        $this->graph = $container->getCompiler()->getServiceReferenceGraph();',
    '        $this->graph->connect("a", null);',
    '    }',
    '}',
  ].join('\n'),
};

describe('PHP: types followed through what a call returns', () => {
  it('reads `@return Type` from a doc comment, `$this`/`static` as the container', () => {
    expect(docReturnTypeOf('/**\n * @return ServiceReferenceGraph\n */', 'Compiler')).toBe('ServiceReferenceGraph');
    expect(docReturnTypeOf('/** @return \\Foo\\Bar|null */', undefined)).toBe('Bar');
    expect(docReturnTypeOf('/** @return $this */', 'Definition')).toBe('Definition');
    expect(docReturnTypeOf('/** @return string */', 'Definition')).toBeUndefined();
  });

  it('reads the last method a variable or a field is assigned from', () => {
    const types = localTypesOf(
      [
        '<?php',
        '$graph = $container->getCompiler()->getServiceReferenceGraph();',
        '$this->graph = $container->getCompiler()->getServiceReferenceGraph();',
        '$x = $a->b($c->d());',
      ].join('\n'),
      'php',
    )!;
    expect(types.calleeAssignedTo('graph', 4, 0)).toBe('getServiceReferenceGraph');
    expect(types.calleeAssignedToField('graph')).toBe('getServiceReferenceGraph');
    expect(types.calleeAssignedTo('x', 4, 0)).toBe('b');
  });

  it('a value obtained from a call whose doc comment returns the target depends on it (symfony-di:dependants:21)', async () => {
    const deps = await dependantsOf(symfony, 'Compiler/ServiceReferenceGraph.php');
    expect(deps).toEqual(
      expect.arrayContaining(['Compiler/AnalyzeServiceReferencesPass.php', 'Compiler/CheckCircularReferencesPass.php']),
    );
    // Resolved to ServiceReferenceGraph's members, they are no use of PassConfig's namesakes.
    expect(await dependantsOf(symfony, 'Compiler/PassConfig.php')).toEqual([]);
  });
});
