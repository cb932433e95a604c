/**
 * The first base a class declaration names, read from the signatures the analyzer gives in each
 * language: what "similar to X" takes for a base of other classes (not a sibling of X).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import type { CorpusFile } from '../modality';
import {
  firstBase,
  inExclusiveArms,
  inPatternOf,
  inRoleOf,
  isConstructor,
  namedAfterContainers,
  picks,
  placeRole,
  refuses,
  roleElsewhere,
  typeSuffixed,
  variantFile,
} from './siblings';
import { engineOver } from '../../../test/support/engine';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let analyzer: StructuralAnalyzer;

beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function baseOf(path: string, text: string, name: string): string | undefined {
  const d = analyzer.analyze(path, text).definitions.find((x) => x.name === name);
  expect(d).toBeDefined();
  return firstBase(d!);
}

describe('firstBase', () => {
  it('reads the first base of a Python class, not a later mixin (click types.py)', () => {
    const py = 'class IntRange(_NumberRangeBase, IntParamType):\n    name = "integer range"\n';
    expect(baseOf('types.py', py, 'IntRange')).toBe('_NumberRangeBase');
    expect(baseOf('m.py', 'class A(abc.ABC):\n    pass\n', 'A')).toBe('ABC');
    expect(baseOf('m.py', 'class A:\n    pass\n', 'A')).toBeUndefined();
    expect(baseOf('m.py', 'class A(object):\n    pass\n', 'A')).toBeUndefined();
  });

  it('reads Ruby `<`, PHP and TypeScript `extends`, and nothing from `implements` alone', () => {
    expect(baseOf('a.rb', 'class Thor\n  class Group < Thor::Base\n  end\nend\n', 'Group')).toBe('Base');
    expect(baseOf('a.php', '<?php\nfinal class Emphasis extends AbstractInline\n{\n}\n', 'Emphasis')).toBe(
      'AbstractInline',
    );
    expect(
      baseOf('a.php', '<?php\nfinal class DashParser implements InlineParserInterface\n{\n}\n', 'DashParser'),
    ).toBeUndefined();
    expect(baseOf('a.ts', 'export class Store<T> extends Base<T> implements I {}\n', 'Store')).toBe('Base');
  });
});

describe('picks', () => {
  it('takes a folder the question named by whole folders of the path (phpseclib Barrett::reduce in …/PHP/Reductions)', () => {
    const by = { qualifier: 'Barrett', path: 'Math/BigInteger/Engines/PHP/Reductions' };
    expect(picks(by, 'Math/BigInteger/Engines/PHP/Reductions/Barrett.php', 'Barrett')).toBe(true);
    // The BCMath engine's Barrett is another folder's.
    expect(picks(by, 'Math/BigInteger/Engines/BCMath/Reductions/Barrett.php', 'Barrett')).toBe(false);
    expect(
      picks({ path: 'Engines/PHP/Reductions/' }, 'Math/BigInteger/Engines/PHP/Reductions/Classic.php', 'Classic'),
    ).toBe(true);
    // Part of a folder's name is not the folder.
    expect(picks({ path: 'PHP/Reduct' }, 'Math/BigInteger/Engines/PHP/Reductions/Classic.php', 'Classic')).toBe(false);
    // A file still picks by the end of the path.
    expect(picks({ path: 'connect/http.rs' }, 'client/connect/http.rs', 'HttpConnector')).toBe(true);
  });

  it('takes a folder above X’s own for the backend it names (rustix `tcgetattr like the libc one`), for X only', () => {
    const libc = 'backend/libc/termios/syscalls.rs';
    expect(picks({ qualifier: 'libc' }, libc, undefined, 'any')).toBe(true);
    expect(picks({ qualifier: 'libc' }, 'backend/linux_raw/termios/syscalls.rs', undefined, 'any')).toBe(false);
    // As a part of the names of X's kin, it is no qualifier of theirs: every function under it would share it.
    expect(picks({ qualifier: 'libc' }, libc, undefined)).toBe(false);
    expect(picks({ qualifier: 'termios' }, libc, undefined)).toBe(true);
  });
});

describe('inPatternOf', () => {
  it('takes a name of three words or more with one word different, not a two-word name', () => {
    const magic = inPatternOf('uwsgi_python_magic')!;
    expect(inPatternOf('uwsgi_python_enable_threads')!('uwsgi_perl_enable_threads')).toBe(true);
    expect(magic('uwsgi_rack_magic')).toBe(true);
    expect(magic('uwsgi_python_mount_app')).toBe(false);
    expect(magic('uwsgi_python_magic')).toBe(false);
    expect(inPatternOf('set_ttl')).toBeNull();
  });
});

describe('inExclusiveArms', () => {
  // The shape of systemtap 4.8's runtime/linux/regs.c (GPL-2.0-or-later): one `_stp_print_regs`
  // per architecture, a nested `#ifdef` inside an arm, the whole under an include guard.
  const text = [
    '#ifndef _LINUX_REGS_C_', // 1
    '#define _LINUX_REGS_C_', // 2
    '#if defined  (__x86_64__)', // 3
    '#ifdef STAPCONF_X86_UNIREGS', // 4
    '#define EREG(nm, regs) ((regs)->nm)', // 5
    '#else', // 6
    '#define EREG(nm, regs) ((regs)->e##nm)', // 7
    '#endif', // 8
    'static void _stp_print_regs(struct pt_regs * regs)', // 9
    '{', // 10
    '}', // 11
    'static int helper(void) { return 0; }', // 12
    '#elif defined (__i386__)', // 13
    'static void _stp_print_regs(struct pt_regs * regs)', // 14
    '{', // 15
    '}', // 16
    '#elif defined (__mips__)', // 17
    'void _stp_print_regs(struct pt_regs * regs)', // 18
    '{', // 19
    '}', // 20
    '#endif', // 21
    'static void after(void) {}', // 22
    '#endif /* _LINUX_REGS_C_ */', // 23
  ].join('\n');
  const file = (language: CorpusFile['language'], body = text) =>
    ({
      id: 0,
      path: 'linux/regs.c',
      hash: '',
      size: body.length,
      language,
      text: body,
      analysis: { definitions: [], references: [] },
      chunkIds: [],
    }) as unknown as CorpusFile;

  it('holds for lines in two arms of one chain, whatever the chains around or inside them', () => {
    const c = file('c');
    expect(inExclusiveArms(c, 9, 14)).toBe(true);
    expect(inExclusiveArms(c, 14, 18)).toBe(true);
    expect(inExclusiveArms(c, 5, 18)).toBe(true);
    // Both arms of the nested #ifdef: exclusive too.
    expect(inExclusiveArms(c, 5, 7)).toBe(true);
  });

  it('does not hold in one arm, outside the chain, or in a language without a preprocessor', () => {
    const c = file('c');
    expect(inExclusiveArms(c, 9, 12)).toBe(false);
    expect(inExclusiveArms(c, 7, 9)).toBe(false);
    expect(inExclusiveArms(c, 9, 22)).toBe(false);
    expect(inExclusiveArms(c, 22, 2)).toBe(false);
    // `#else` at the start of a Python line is a comment.
    const py = 'if a:\n    def f(): pass\n#else\n    def f(): pass\n';
    expect(inExclusiveArms(file('python', py), 2, 4)).toBe(false);
  });
});

describe('refuses', () => {
  const refusing = (path: string, language: CorpusFile['language'], text: string) => {
    const analysis = analyzer.analyze(path, text);
    const file = { id: 0, path, hash: '', size: text.length, language, text, analysis, chunkIds: [] } as CorpusFile;
    return Object.fromEntries(
      analysis.definitions
        .filter((d) => d.kind === 'method' || d.kind === 'function')
        .map((d) => [d.name, refuses(file, d)]),
    );
  };

  it('holds for a body of one throw, raise or panic, in each language', () => {
    // Symfony's FrozenParameterBag (MIT): the message quotes a call, `clear()`, and ends in `.`.
    const php = [
      '<?php',
      'class FrozenParameterBag extends ParameterBag',
      '{',
      '    /**',
      '     * {@inheritdoc}',
      '     */',
      '    public function clear()',
      '    {',
      "        throw new LogicException('Impossible to call clear() on a frozen ParameterBag.');",
      '    }',
      '    public function set(string $name, $value)',
      '    {',
      '        throw new LogicException(',
      "            sprintf('Impossible to call %s() on a frozen ParameterBag.', 'set')",
      '        );',
      '    }',
      '    public function get(string $name)',
      '    {',
      '        if (!isset($this->parameters[$name])) {',
      '            throw new ParameterNotFoundException($name);',
      '        }',
      '        return $this->parameters[$name];',
      '    }',
      '}',
    ].join('\n');
    expect(refusing('Frozen.php', 'php', php)).toEqual({ clear: true, set: true, get: false });
    const py = [
      'class Base:',
      '    def convert(self, value):',
      '        """Convert the value.',
      '',
      '        Subclasses: override."""',
      '        raise NotImplementedError("convert")',
      '    def fail(self, message):',
      '        raise self.error(message)',
      '        return None',
    ].join('\n');
    expect(refusing('base.py', 'python', py)).toEqual({ convert: true, fail: false });
    const rs =
      "impl<'a> Reader<'a> {\n    fn peek(&self, buf: &'a [u8]) -> usize {\n        unimplemented!(\"peek on {}\", self.name)\n    }\n    fn len(&self) -> usize {\n        self.buf.len()\n    }\n}\n";
    expect(refusing('reader.rs', 'rust', rs)).toEqual({ peek: true, len: false });
    const go =
      'package x\n\nfunc (b *Body) JustAttributes() (Attributes, Diagnostics) {\n\tpanic("JustAttributes on a merged body")\n}\n';
    expect(refusing('body.go', 'go', go)).toEqual({ JustAttributes: true });
  });
});

describe('namedAfterContainers', () => {
  const method = (name: string, container: string) =>
    ({ name, container, kind: 'method', signature: '', startLine: 1, endLine: 1, nameLine: 1 }) as never;

  it('pairs methods named after their containers in one way (Symfony AutowireTrait::autowire, ShareTrait::share)', () => {
    expect(namedAfterContainers(method('autowire', 'AutowireTrait'), method('share', 'ShareTrait'))).toBe(true);
    expect(namedAfterContainers(method('autowire', 'AutowireTrait'), method('private', 'PublicTrait'))).toBe(false);
    expect(namedAfterContainers(method('parse', 'ParseHelper'), method('share', 'ShareTrait'))).toBe(false);
    expect(namedAfterContainers(method('parse', 'Parse'), method('share', 'Share'))).toBe(false);
    expect(namedAfterContainers(method('int', 'ToInt'), method('float', 'ToFloat'))).toBe(true);
  });
});

describe('isConstructor', () => {
  const defined = (path: string, text: string) =>
    Object.fromEntries(
      analyzer
        .analyze(path, text)
        .definitions.filter((d) => d.kind === 'method' || d.kind === 'function')
        .map((d) => [d.name, isConstructor(d)]),
    );

  it('reads each language’s constructor, and no other method', () => {
    expect(
      defined(
        'core.py',
        'class Publisher:\n    def __init__(self, reader=None):\n        self.reader = reader\n    def set_io(self):\n        pass\n',
      ),
    ).toEqual({ __init__: true, set_io: false });
    expect(
      defined(
        'Bag.php',
        '<?php\nclass Bag\n{\n    public function __construct(array $p = [])\n    {\n    }\n    public function clear()\n    {\n    }\n}\n',
      ),
    ).toEqual({ __construct: true, clear: false });
    expect(
      defined(
        'a.rb',
        'class Buffer\n  def initialize(content)\n    @content = content\n  end\n  def read_all\n  end\nend\n',
      ),
    ).toEqual({ initialize: true, read_all: false });
  });
});

describe('placeRole and roleElsewhere (one role per module, each named with its module)', () => {
  it('reads the words past the run of the place’s words a name starts or ends with', () => {
    expect(placeRole('PPC_reg_name', 'arch/PowerPC/PPCMapping.c')).toMatchObject({ role: 'reg name', place: 'ppc' });
    expect(placeRole('SystemZ_group_name', 'arch/SystemZ/SystemZMapping.c')).toMatchObject({ role: 'group name' });
    // A place word after a verb names what it acts on (TypeScript's isAction in action.ts).
    expect(placeRole('isAction', 'src/api/action.ts')).toBeUndefined();
    expect(placeRole('md5_buffer', 'lib/md5.c')).toMatchObject({ role: 'buffer', place: 'md5' });
    // No word of its place, or nothing past it: no role.
    expect(placeRole('id2name', 'arch/ARM/ARMMapping.c')).toBeUndefined();
    expect(placeRole('mapping', 'arch/ARM/ARMMapping.c')).toBeUndefined();
    expect(placeRole('createAction', 'src/createAction.ts')).toBeUndefined();
  });

  it('calls two names one role only when each is written with its own place', () => {
    expect(roleElsewhere('PPC_reg_name', 'arch/PowerPC/PPCMapping.c', 'ARM_reg_name', 'arch/ARM/ARMMapping.c')).toBe(
      true,
    );
    expect(
      roleElsewhere('PPC_reg_name', 'arch/PowerPC/PPCMapping.c', 'PPC_group_name', 'arch/PowerPC/PPCMapping.c'),
    ).toBe(false);
    // ARM_reg_name written in PowerPC's file is no module's own name there.
    expect(roleElsewhere('PPC_reg_name', 'arch/PowerPC/PPCMapping.c', 'ARM_reg_name', 'arch/PowerPC/other.c')).toBe(
      false,
    );
    // `create` names both files: no module's own name.
    expect(roleElsewhere('createSlice', 'src/createSlice.ts', 'createAsync', 'src/create-async.ts')).toBe(false);
    expect(inRoleOf('SystemZ_group_name', 'arch/SystemZ/SystemZMapping.c')?.('ARM_group_name')).toBe(true);
    expect(inRoleOf('SystemZ_group_name', 'arch/SystemZ/SystemZMapping.c')?.('group_name')).toBe(false);
  });

  it('puts another module’s function of X’s role first, not X’s neighbour of another role (Capstone SystemZ_group_name)', async () => {
    const capstone = await engineOver([
      { path: 'arch/ARM/ARMMapping.c', text: fixture('capstone-ARMMapping.c.txt') },
      { path: 'arch/SystemZ/SystemZMapping.c', text: fixture('capstone-SystemZMapping.c.txt') },
    ]);
    const r = await capstone.search('code similar to SystemZ_group_name');
    expect(r.results[0]).toMatchObject({ path: 'arch/ARM/ARMMapping.c', symbol: 'ARM_group_name' });
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/name 1\.00/);
  });
});

describe('variantFile (one module’s variants, one file each)', () => {
  it('holds for a name with one word added or one of two words changed, in any folder (futures-util, syncthing)', () => {
    expect(variantFile('stream/stream/chunks.rs', 'stream/try_stream/try_chunks.rs')).toBe(true);
    expect(variantFile('stream/stream/chunks.rs', 'stream/stream/ready_chunks.rs')).toBe(true);
    expect(variantFile('future/select.rs', 'future/select_all.rs')).toBe(true);
    expect(variantFile('lib/connections/quic_listen.go', 'lib/connections/tcp_listen.go')).toBe(true);
    expect(variantFile('lib/model/folder.go', 'lib/model/folder_sendonly.go')).toBe(true);
  });

  it('does not hold for one name in two folders, nor for names sharing no run of words', () => {
    expect(variantFile('sink/flush.rs', 'io/flush.rs')).toBe(false);
    expect(variantFile('stream/stream/chunks.rs', 'stream/stream/buffered.rs')).toBe(false);
    expect(variantFile('stream/stream/chunks.rs', 'stream/try_stream/try_ready_chunks.rs')).toBe(false);
  });
});

describe('typeSuffixed (C’s variants of one function for another type)', () => {
  it('holds for one-word names one or two letters past a common stem (musl’s and gnulib’s libm, strtol)', () => {
    expect(typeSuffixed('hypotf', 'hypot')).toBe(true);
    expect(typeSuffixed('hypotf', 'hypotl')).toBe(true);
    expect(typeSuffixed('strtol', 'strtoll')).toBe(true);
    expect(typeSuffixed('exp2f', 'exp2l')).toBe(true);
    expect(variantFile('src/math/hypotf.c', 'src/math/hypotl.c')).toBe(true);
  });

  it('holds for a type mark before an ending both names share (compiler-rt’s machine modes)', () => {
    expect(typeSuffixed('popcountsi2', 'popcountdi2')).toBe(true);
    expect(typeSuffixed('mulsc3', 'mulxc3')).toBe(true);
    expect(typeSuffixed('strlen', 'strnlen')).toBe(true);
    expect(variantFile('builtins/mulsc3.c', 'builtins/muldc3.c')).toBe(true);
    // The same mode's other operations share the ending, not the stem.
    expect(typeSuffixed('popcountsi2', 'ctzsi2')).toBe(false);
    expect(typeSuffixed('mulsc3', 'divsc3')).toBe(false);
    expect(typeSuffixed('memset', 'memchr')).toBe(false);
  });

  it('does not hold for a short stem, a longer ending, or names with word breaks', () => {
    expect(typeSuffixed('sin', 'sin')).toBe(false);
    expect(typeSuffixed('ab', 'abs')).toBe(false);
    expect(typeSuffixed('fmod', 'fmodulo')).toBe(false);
    expect(typeSuffixed('hypot', 'fmodf')).toBe(false);
    expect(typeSuffixed('get_x', 'get_xs')).toBe(false);
    expect(typeSuffixed('Parse', 'Parser')).toBe(false);
  });
});
