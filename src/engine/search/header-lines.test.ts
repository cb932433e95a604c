/**
 * A file's header holds names and no code: a one-line `namespace X;` names the file's folder,
 * which every file of the folder writes, and a header of `use` lines names the classes the file
 * works with. The shape of phpseclib 3.0 (MIT), Math/BigInteger.php and its engines
 * (Math/BigInteger/Engines/GMP.php, BCMath.php: their `namespace phpseclib3\Math\BigInteger\Engines;`
 * lines each came first for their file over `BigInteger::setEngine` for "how does phpseclib pick
 * which big integer engine to use"), and of composer 2.5 (MIT), Package/Locker.php's 15 `use`
 * lines under its namespace, above its class's doc comment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, SourceFile } from '../contract';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import type { Corpus } from '../modality';
import { isScopeLine, nameOnlyLookup } from './members';
import { engineOver } from '../../../test/support/engine';

const engineFile = (name: string, extension: string) =>
  [
    '<?php',
    '',
    '/**',
    ` * ${name} BigInteger Engine`,
    ' *',
    ' * PHP version 5 and 7',
    ' */',
    '',
    'namespace phpseclib3\\Math\\BigInteger\\Engines;',
    '',
    'use phpseclib3\\Exception\\BadConfigurationException;',
    '',
    '/**',
    ` * ${name} Engine.`,
    ' */',
    `class ${name} extends Engine`,
    '{',
    '    public static function isValidEngine()',
    '    {',
    `        return extension_loaded('${extension}');`,
    '    }',
    '',
    '    public function toBytes($twos_compliment = false)',
    '    {',
    '        if ($twos_compliment) {',
    '            return $this->toBytesHelper();',
    '        }',
    '        $temp = $this->compare(new self()) < 0 ? $this->abs() : $this;',
    '        return $temp->value;',
    '    }',
    '}',
    '',
  ].join('\n');

const BIG_INTEGER_PHP = [
  '<?php',
  '',
  '/**',
  ' * Pure-PHP arbitrary precision integer arithmetic library.',
  ' */',
  '',
  'namespace phpseclib3\\Math;',
  '',
  'use phpseclib3\\Exception\\BadConfigurationException;',
  'use phpseclib3\\Math\\BigInteger\\Engines\\Engine;',
  '',
  '/**',
  ' * Pure-PHP arbitrary precision integer arithmetic library. Supports base-2, base-10, base-16, and base-256',
  ' * numbers.',
  ' */',
  'class BigInteger',
  '{',
  '    /**',
  '     * Sets engine type.',
  '     *',
  '     * Throws an exception if the type is invalid',
  '     */',
  "    public static function setEngine($main, array $modexps = ['DefaultEngine'])",
  '    {',
  '        self::$engines = [];',
  '',
  "        $fqmain = 'phpseclib3\\\\Math\\\\BigInteger\\\\Engines\\\\' . $main;",
  "        if (!class_exists($fqmain) || !method_exists($fqmain, 'isValidEngine')) {",
  '            throw new \\InvalidArgumentException("$main is not a valid engine");',
  '        }',
  '        if (!$fqmain::isValidEngine()) {',
  '            throw new BadConfigurationException("$main is not setup correctly on this system");',
  '        }',
  '        self::$mainEngine = $fqmain;',
  '',
  '        $found = false;',
  '        foreach ($modexps as $modexp) {',
  '            try {',
  '                $fqmain::setModExpEngine($modexp);',
  '                $found = true;',
  '                break;',
  '            } catch (\\Exception $e) {',
  '            }',
  '        }',
  '',
  '        if (!$found) {',
  '            throw new BadConfigurationException("No valid modular exponentiation engine found for $main");',
  '        }',
  '',
  '        self::$engines = [$main, $modexp];',
  '    }',
  '}',
  '',
].join('\n');

const LOCKER_PHP = [
  '<?php',
  '',
  'namespace Composer\\Package;',
  '',
  'use Composer\\Json\\JsonFile;',
  'use Composer\\Installer\\InstallationManager;',
  'use Composer\\Package\\Version\\VersionParser;',
  'use Composer\\Util\\Git as GitUtil;',
  '',
  '/**',
  ' * Reads/writes project lockfile (composer.lock).',
  ' */',
  'class Locker',
  '{',
  '    private $lockFile;',
  '',
  '    public function isLocked()',
  '    {',
  '        if (!$this->virtualFileWritten && !$this->lockFile->exists()) {',
  '            return false;',
  '        }',
  '        $data = $this->getLockData();',
  "        return isset($data['packages']);",
  '    }',
  '}',
  '',
].join('\n');

/** The same header, with a statement of code among its lines. */
const WITH_CODE_PHP = LOCKER_PHP.replace('use Composer\\Json\\JsonFile;', "define('LOCK_VERSION', 2);");

const FILES: SourceFile[] = [
  { path: 'Math/BigInteger.php', text: BIG_INTEGER_PHP },
  { path: 'Math/BigInteger/Engines/GMP.php', text: engineFile('GMP', 'gmp') },
  { path: 'Math/BigInteger/Engines/BCMath.php', text: engineFile('BCMath', 'bcmath') },
  { path: 'Math/BigInteger/Engines/PHP64.php', text: engineFile('PHP64', 'php') },
];

let corpus: Corpus;
let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
  corpus = buildCorpus([...FILES, { path: 'Package/Locker.php', text: LOCKER_PHP }], analyzer);
});

const chunkAt = (c: Corpus, path: string, line: number): Chunk => {
  const chunk = c.chunks.find((x) => x.path === path && x.startLine === line);
  if (!chunk) throw new Error(`no chunk of ${path} at line ${line}`);
  return chunk;
};

describe('a one-line namespace declaration', () => {
  it('is a scope line; a method is not', () => {
    expect(isScopeLine(chunkAt(corpus, 'Math/BigInteger/Engines/GMP.php', 9))).toBe(true);
    expect(isScopeLine(chunkAt(corpus, 'Math/BigInteger.php', 7))).toBe(true);
    expect(isScopeLine(corpus.chunks.find((c) => c.symbol === 'setEngine')!)).toBe(false);
  });

  it('leaves a "how" question’s candidates: the file of the code asked about comes first', async () => {
    const engine = await engineOver(FILES);
    const response = await engine.search('how does phpseclib pick which big integer engine to use', {
      intent: 'understand_code',
      limit: 10,
    });
    const shown = response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
    expect(shown.some((r) => r.definitionKind === 'namespace')).toBe(false);
    expect(response.results[0].path).toBe('Math/BigInteger.php');
    expect(response.results[0].symbol).toBe('setEngine');
  });
});

describe('a header of imports', () => {
  it('is names and no code, with its doc comment; a header holding a statement is not', () => {
    const nameOnly = nameOnlyLookup(corpus);
    const header = corpus.chunks.find((c) => c.path === 'Package/Locker.php' && c.kind === 'window' && c.startLine > 3);
    expect(header).toBeDefined();
    expect(nameOnly(header!)).toBe(true);
    const withCode = buildCorpus([{ path: 'Package/Locker.php', text: WITH_CODE_PHP }], analyzer);
    const codeHeader = withCode.chunks.find((c) => c.kind === 'window' && c.startLine > 3);
    expect(codeHeader).toBeDefined();
    expect(nameOnlyLookup(withCode)(codeHeader!)).toBe(false);
  });
});
