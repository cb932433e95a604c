/**
 * A definition question answered with the name as typed: another spelling of an exactly defined
 * name is left out of the structural list (Symfony's DependencyInjection shape: the class
 * `PassConfig`, and the field `$passConfig` of the much-referenced `Compiler` that holds one,
 * whose centrality had lifted it first).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const FILES = {
  'Compiler/PassConfig.php': `<?php
namespace Symfony\\Component\\DependencyInjection\\Compiler;

class PassConfig
{
    private $passes = [];

    public function addPass(CompilerPassInterface $pass, string $type = 'beforeOptimization', int $priority = 0)
    {
        $this->passes[$type][$priority][] = $pass;
    }
}
`,
  'Compiler/Compiler.php': `<?php
namespace Symfony\\Component\\DependencyInjection\\Compiler;

class Compiler
{
    private $passConfig;

    public function __construct()
    {
        $this->passConfig = new PassConfig();
    }

    public function getPassConfig()
    {
        return $this->passConfig;
    }
}
`,
  ...Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [
      `Loader/Loader${i}.php`,
      `<?php
namespace Symfony\\Component\\DependencyInjection\\Loader;

use Symfony\\Component\\DependencyInjection\\Compiler\\Compiler;

class Loader${i}
{
    public function load(Compiler $compiler)
    {
        return $compiler->getPassConfig();
    }
}
`,
    ]),
  ),
};

describe('another spelling of the name asked for', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(Object.entries(FILES).map(([path, text]) => ({ path, text })));
  });

  it('PassConfig: the class, and no field $passConfig in the structural list', async () => {
    for (const q of [
      'PassConfig',
      'where is PassConfig defined',
      'Symfony\\Component\\DependencyInjection\\Compiler\\PassConfig',
    ]) {
      const r = await engine.search(q);
      expect(r.results[0]).toMatchObject({ path: 'Compiler/PassConfig.php', symbol: 'PassConfig' });
      const structural = r.query.modalities.find((m) => m.modality === 'structural')!;
      expect(structural.list.map((h) => h.reason)).toEqual(['defines class PassConfig (exact name)']);
    }
  });

  it('passconfig typed in no case the repository spells: both spellings stay', async () => {
    const structural = (await engine.search('where is passconfig defined')).query.modalities.find(
      (m) => m.modality === 'structural',
    )!;
    expect(structural.list.length).toBe(2);
  });

  it('a namespaced member asks for the class member: Symfony\\…\\PassConfig::addPass', async () => {
    const r = await engine.search('Symfony\\Component\\DependencyInjection\\Compiler\\PassConfig::addPass');
    expect(r.results[0]).toMatchObject({ path: 'Compiler/PassConfig.php', symbol: 'addPass' });
  });
});
