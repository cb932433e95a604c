/**
 * A question asking how something is done is answered by code that runs, not by a type's
 * declaration nor by a `#define` that only names its file. The shape of ruma-common 0.10 (MIT),
 * api.rs: the `OutgoingRequest` trait's doc comment on its one method signature speaks of
 * versions, endpoints and paths, and the trait came before `select_path`, the function that picks
 * the path for the server's versions; and of jemalloc 5.2 (BSD-2-Clause), pages.c,
 * whose first line `#define JEMALLOC_PAGES_C_` names the file and was first in every list; and of
 * etcd 3.4 (Apache-2.0), mvcc/key_index.go: the `keyIndex` struct beside its `compact` method;
 * and of libosmium 2.18 (BSL-1.0), io/detail/pbf_output_format.hpp and pbf_decoder.hpp: the
 * `pbf_blob_type` enum, first in every list, beside `decode_blob`, which picks the decompression.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import {
  FIRST_IN_EVERY_LIST_BOOST,
  OUTSIDE_FUNCTIONS_DEMOTION_RULE,
  TYPE_DECLARATION_DEMOTION_FACTOR,
  TYPE_DECLARATION_DEMOTION_RULE,
} from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import type { Corpus } from '../modality';
import {
  cFamilyTypeDeclarationLookup,
  dataClassLookup,
  nameOnlyLookup,
  isTypeDeclaration,
  outsideFunctionsLookup,
  typeDeclarationLookup,
} from './members';
import { at, chunkOrFiller, merge, definitionNamed, centralityForBoost } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { corpusOf, engineOver } from '../../../test/support/engine';

const API_RS = [
  '/// A request type for a Matrix API endpoint, used for sending requests.',
  'pub trait OutgoingRequest: Sized + Clone {',
  '    /// Metadata about the endpoint.',
  '    const METADATA: Metadata;',
  '',
  '    /// Tries to convert this request into an `http::Request`.',
  '    ///',
  '    /// It may also fail if, for every version in `considering_versions`;',
  '    /// - The endpoint is too old, and has been removed in all versions.',
  '    /// - The endpoint is too new, and no unstable path is known for this endpoint.',
  '    ///',
  '    /// The endpoints path will be appended to the given `base_url`.',
  '    fn try_into_http_request<T: Default + BufMut>(',
  '        self,',
  '        base_url: &str,',
  "        considering_versions: &'_ [MatrixVersion],",
  '    ) -> Result<http::Request<T>, IntoHttpError>;',
  '}',
  '',
  '// This function helps picks the right path (or an error) from a set of matrix versions.',
  "pub fn select_path<'a>(",
  "    versions: &'_ [MatrixVersion],",
  "    metadata: &'_ Metadata,",
  "    stable: Option<fmt::Arguments<'a>>,",
  ") -> Result<fmt::Arguments<'a>, IntoHttpError> {",
  '    match metadata.versioning_decision_for(versions) {',
  '        VersioningDecision::Removed => Err(IntoHttpError::EndpointRemoved(metadata.removed.unwrap())),',
  '        VersioningDecision::Stable { .. } => Ok(stable.unwrap()),',
  '    }',
  '}',
  '',
].join('\n');

/** miekg/dns 1.1 (BSD-3-Clause), generate.go: a struct whose doc comment says what its fields serve. */
const GENERATE_GO = [
  'package dns',
  '',
  '// generateReader reads the records a $GENERATE line expands into.',
  'type generateReader struct {',
  '	s    string',
  '	step int64',
  '	file string',
  '}',
  '',
].join('\n');

const PAGES_C = [
  '#define JEMALLOC_PAGES_C_',
  '#include "jemalloc/internal/jemalloc_preamble.h"',
  '',
  '#include "jemalloc/internal/pages.h"',
  '',
  '#define PAGES_PROT_COMMIT (PROT_READ | PROT_WRITE)',
  '',
  'bool',
  'pages_purge_lazy(void *addr, size_t size) {',
  '	if (!pages_can_purge_lazy) {',
  '		return true;',
  '	}',
  '	madvise(addr, size, MADV_FREE);',
  '	return false;',
  '}',
  '',
].join('\n');

/**
 * symfony/validator 6.2 (MIT): Constraints/Iban.php, a constraint that holds its error codes, its
 * message and a constructor storing them, and IbanValidator.php, whose `validate` checks the number.
 */
const IBAN_PHP = [
  '<?php',
  'namespace Symfony\\Component\\Validator\\Constraints;',
  '',
  '/**',
  ' * @author Manuel Reinhard <manu@sprain.ch>',
  ' */',
  'class Iban extends Constraint',
  '{',
  "    public const CHECKSUM_FAILED_ERROR = 'b9401321-f9bf-4dcb-83c1-f31094440795';",
  '',
  "    public $message = 'This is not a valid International Bank Account Number (IBAN).';",
  '',
  '    public function __construct(?array $options = null, ?string $message = null)',
  '    {',
  '        parent::__construct($options);',
  '',
  '        $this->message = $message ?? $this->message;',
  '    }',
  '}',
  '',
].join('\n');

const IBAN_VALIDATOR_PHP = [
  '<?php',
  'namespace Symfony\\Component\\Validator\\Constraints;',
  '',
  'class IbanValidator extends ConstraintValidator',
  '{',
  '    public function validate(mixed $value, Constraint $constraint)',
  '    {',
  "        $canonicalized = str_replace(' ', '', $value);",
  '        if (1 !== self::bigModulo97($canonicalized)) {',
  '            $this->context->buildViolation($constraint->message)->addViolation();',
  '        }',
  '    }',
  '}',
  '',
].join('\n');

/** rubygems 3.3 (MIT), exceptions.rb: an exception class whose one method stores what went wrong. */
const EXCEPTIONS_RB = [
  'module Gem',
  '  class DependencyResolutionError < Gem::DependencyError',
  '    def initialize(conflict)',
  '      @conflict = conflict',
  '      super "conflicting dependencies"',
  '    end',
  '  end',
  '',
  '  def self.ruby_version',
  '    RUBY_VERSION',
  '  end',
  'end',
  '',
].join('\n');

/**
 * Mercurial 6.3 (GPL-2.0-or-later), mercurial/error.py: exception classes whose one method is a
 * name bound to the module's function (`__bytes__ = _tobytes`), beside one with a method of its own.
 */
const ERROR_PY = [
  'def _tobytes(exc):',
  '    """Byte-stringify exception in the same way as BaseException_str()"""',
  '    if not exc.args:',
  "        return b''",
  `    return b'(%s)' % b', '.join(b"'%s'" % pycompat.bytestr(a) for a in exc.args)`,
  '',
  '',
  'class InMemoryMergeConflictsError(Exception):',
  '    """Exception raised when merge conflicts arose during an in-memory merge."""',
  '',
  '    __bytes__ = _tobytes',
  '',
  '',
  'class WdirUnsupported(Exception):',
  `    """An exception which is raised when 'wdir()' is not supported"""`,
  '',
  '    __bytes__ = _tobytes',
  '',
  '    def format(self):',
  "        return b'working directory revision cannot be specified'",
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'api.rs', text: API_RS },
  { path: 'generate.go', text: GENERATE_GO },
  { path: 'src/pages.c', text: PAGES_C },
  { path: 'Constraints/Iban.php', text: IBAN_PHP },
  { path: 'Constraints/IbanValidator.php', text: IBAN_VALIDATOR_PHP },
  { path: 'exceptions.rb', text: EXCEPTIONS_RB },
  { path: 'mercurial/error.py', text: ERROR_PY },
];

const KEY_INDEX_GO = [
  'package mvcc',
  '',
  '//',
  '// compact(6):',
  '// generations:',
  '//    {empty} -> key SHOULD be removed.',
  'type keyIndex struct {',
  '\tkey         []byte',
  '\tmodified    revision // the main rev of the last modification',
  '\tgenerations []generation',
  '}',
  '',
  '// compact compacts a keyIndex by removing the versions with smaller or equal',
  '// revision than the given atRev except the largest one (If the largest one is',
  '// a tombstone, it will not be kept).',
  '// If a generation becomes empty during compaction, it will be removed.',
  'func (ki *keyIndex) compact(lg *zap.Logger, atRev int64, available map[revision]struct{}) {',
  '\tif ki.isEmpty() {',
  '\t\tif lg != nil {',
  '\t\t\tlg.Panic(',
  '\t\t\t\t"\'compact\' got an unexpected empty keyIndex",',
  '\t\t\t\tzap.String("key", string(ki.key)),',
  '\t\t\t)',
  '\t\t} else {',
  '\t\t\tplog.Panicf("store.keyindex: unexpected compact on empty keyIndex %s", string(ki.key))',
  '\t\t}',
  '\t}',
  '',
  '\tgenIdx, revIndex := ki.doCompact(atRev, available)',
  '',
  '\tg := &ki.generations[genIdx]',
  '\tif !g.isEmpty() {',
  '\t\t// remove the previous contents.',
  '\t\tif revIndex != -1 {',
  '\t\t\tg.revs = g.revs[revIndex:]',
  '\t\t}',
  '\t\t// remove any tombstone',
  '\t\tif len(g.revs) == 1 && genIdx != len(ki.generations)-1 {',
  '\t\t\tdelete(available, g.revs[0])',
  '\t\t\tgenIdx++',
  '\t\t}',
  '\t}',
  '',
  '\t// remove the previous generations.',
  '\tki.generations = ki.generations[genIdx:]',
  '}',
].join('\n');

let analyzer: StructuralAnalyzer;
let corpus: Corpus;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
  corpus = buildCorpus(FILES, analyzer);
});

const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('a type declaration, on a question asking how', () => {
  it('is a struct, enum, interface, trait or type alias: never a function, a method or a class', () => {
    expect(isTypeDeclaration(named('OutgoingRequest'))).toBe(true);
    expect(isTypeDeclaration(named('generateReader'))).toBe(true);
    expect(isTypeDeclaration(named('select_path'))).toBe(false);
    expect(isTypeDeclaration(named('pages_purge_lazy'))).toBe(false);
  });

  it('is demoted, so the function that does what is asked comes first', () => {
    const request = named('OutgoingRequest');
    const select = named('select_path');
    // The ranks ruma-common 0.10 gave both (understand_code, default preset) and the function's centrality.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, request), at(29, select)),
      text: merge(at(0, request), at(1, select)),
      structural: merge(at(46, request), at(4, select)),
    };
    const run = (typeDeclaration?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'other', '.rs'), {
          centralityOf: (id) => (id === select.id ? 0.46 : 0),
          rankContainersByMembers: true,
          ...(typeDeclaration ? { isTypeDeclaration: typeDeclaration } : {}),
        }),
      ).filter((r) => r.path === 'api.rs');
    expect(run()[0].symbol).toBe('OutgoingRequest');
    const [shown] = run(isTypeDeclaration);
    expect(shown.symbol).toBe('select_path');
    const declaration = shown.subResults?.find((s) => s.symbol === 'OutgoingRequest');
    expect(declaration?.explanation.demotion).toEqual({
      factor: TYPE_DECLARATION_DEMOTION_FACTOR,
      rule: TYPE_DECLARATION_DEMOTION_RULE,
    });
    expect(scoreFromExplanation(declaration!.explanation)).toBeCloseTo(declaration!.score, 12);
  });

  it('is demoted by the engine only when the question asks how', async () => {
    const engine = await engineOver(FILES);
    const demotionOf = async (question: string) => {
      const response = await engine.search(question, { intent: 'understand_code', limit: 50 });
      const all = response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
      return all.find((r) => r.symbol === 'generateReader')?.explanation.demotion ?? null;
    };
    expect(await demotionOf('how are the records a $GENERATE line expands into read')).toEqual({
      factor: TYPE_DECLARATION_DEMOTION_FACTOR,
      rule: TYPE_DECLARATION_DEMOTION_RULE,
    });
    expect(await demotionOf('reads the records a $GENERATE line expands into')).toBeNull();
  });

  it('is ranked by its methods when the question asks how after a leading clause', async () => {
    const engine = await engineOver([{ path: 'mvcc/key_index.go', text: KEY_INDEX_GO }]);
    const demotionOf = async (question: string) => {
      const response = await engine.search(question, { intent: 'understand_code', limit: 50 });
      const all = response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
      const struct = all.find((r) => r.symbol === 'keyIndex');
      return struct ? struct.explanation.demotion : 'not listed';
    };
    // etcd 3.4's mvcc/key_index.go: the struct's fields say "key", "revision", "generations", as
    // the question does; `compact` is the code that decides (real set, etcd:understand:10). Asked
    // how, the struct holding its matching methods now leaves the list to them before any
    // demotion (how-containers.test.ts); the demotion itself is the test above.
    expect(
      await demotionOf(
        'during compaction, how does the in-memory index decide which old revisions of a key are kept and which are dropped',
      ),
    ).toBe('not listed');
    expect(await demotionOf('during compaction, the in-memory index keeps the latest revision of a key')).toBeNull();
  });
});

const PBF_FILES: SourceFile[] = [
  {
    path: 'osmium/io/detail/pbf_output_format.hpp',
    text: [
      'namespace osmium {',
      '    namespace io {',
      '        namespace detail {',
      '',
      '            enum class pbf_blob_type {',
      '                header = 0,',
      '                data = 1',
      '            };',
      '',
      '        } // namespace detail',
      '    } // namespace io',
      '} // namespace osmium',
      '',
    ].join('\n'),
  },
  {
    path: 'osmium/io/detail/pbf_decoder.hpp',
    text: [
      'namespace osmium {',
      '    namespace io {',
      '        namespace detail {',
      '',
      '            inline data_view decode_blob(const std::string& blob_data, std::string& output) {',
      '                int32_t raw_size = 0;',
      '                pbf_compression use_compression = pbf_compression::none;',
      '                protozero::pbf_message<FileFormat::Blob> pbf_blob{blob_data};',
      '                while (pbf_blob.next()) {',
      '                    switch (pbf_blob.tag_and_type()) {',
      '                        case zlib_data:',
      '                            use_compression = pbf_compression::zlib;',
      '                            break;',
      '                        default:',
      '                            pbf_blob.skip();',
      '                    }',
      '                }',
      '                if (use_compression == pbf_compression::zlib) {',
      '                    return osmium::io::detail::zlib_uncompress_string(compressed_data, raw_size, output);',
      '                }',
      '                throw osmium::pbf_error{"blob contains no data"};',
      '            }',
      '',
      '        } // namespace detail',
      '    } // namespace io',
      '} // namespace osmium',
      '',
    ].join('\n'),
  },
];

describe('a C or C++ type declaration first in every list, on a question asking how', () => {
  it('takes no cap for it: the cap is a boost, and a type takes none', () => {
    const pbf = buildCorpus(PBF_FILES, analyzer);
    const blobType = definitionNamed(pbf, 'pbf_blob_type');
    const decode = definitionNamed(pbf, 'decode_blob');
    expect(isTypeDeclaration(blobType)).toBe(true);
    // The ranks the real set's lists gave both (osmium:understand:13, "how does the PBF reader
    // decide which decompression to use for a blob") and the function's boost.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, blobType), at(1, decode)),
      text: merge(at(0, blobType), at(3, decode)),
      structural: merge(at(0, blobType), at(14, decode)),
    };
    const run = (uncapped?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(pbf, 'other', '.hpp'), {
          centralityOf: (id) => (id === decode.id ? centralityForBoost(0.18) : 0),
          capFirstInEveryList: true,
          rankContainersByMembers: true,
          ...(uncapped ? { isTypeDeclaration, isUncappedType: uncapped } : {}),
        }),
      );
    // A question that does not ask how: the enum keeps the cap and its place.
    const statement = run();
    expect(statement[0].symbol).toBe('pbf_blob_type');
    expect(statement[0].explanation).toMatchObject({ boost: FIRST_IN_EVERY_LIST_BOOST, firstInEveryList: true });
    expect(cFamilyTypeDeclarationLookup(pbf)(blobType)).toBe(true);
    // In the other languages a type first in every list keeps the cap (ruma's trait).
    expect(cFamilyTypeDeclarationLookup(corpus)(named('OutgoingRequest'))).toBe(false);
    const how = run(cFamilyTypeDeclarationLookup(pbf));
    expect(how[0].symbol).toBe('decode_blob');
    const declaration = how.find((r) => r.symbol === 'pbf_blob_type')!;
    expect(declaration.explanation.boost).toBe(1);
    expect(declaration.explanation.firstInEveryList).toBeUndefined();
    expect(declaration.explanation.demotion?.rule).toBe(TYPE_DECLARATION_DEMOTION_RULE);
    expect(scoreFromExplanation(declaration.explanation)).toBeCloseTo(declaration.score, 12);
  });
});

describe('a class with no method but its constructor, on a question asking how', () => {
  it('declares data, as a struct does: a constraint storing its options, an exception class', () => {
    const declares = typeDeclarationLookup(corpus);
    expect(declares(named('Iban'))).toBe(true);
    expect(declares(named('DependencyResolutionError'))).toBe(true);
    expect(declares(named('ruby_version'))).toBe(false);
    expect(declares(named('IbanValidator'))).toBe(false);
    expect(declares(named('validate'))).toBe(false);
    expect(declares(named('OutgoingRequest'))).toBe(true);
  });

  it('declares data when its only method is a name bound to a function defined elsewhere', () => {
    const declares = typeDeclarationLookup(corpus);
    expect(declares(named('InMemoryMergeConflictsError'))).toBe(true);
    expect(declares(named('WdirUnsupported'))).toBe(false);
  });

  it('is demoted by the engine only when the question asks how', async () => {
    const engine = await engineOver(FILES);
    const demotionOf = async (question: string) => {
      const response = await engine.search(question, { intent: 'understand_code', limit: 50 });
      const all = response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
      return all.find((r) => r.symbol === 'Iban')?.explanation.demotion ?? null;
    };
    expect(await demotionOf('how is an international bank account number checked')).toEqual({
      factor: TYPE_DECLARATION_DEMOTION_FACTOR,
      rule: TYPE_DECLARATION_DEMOTION_RULE,
    });
    expect(await demotionOf('a valid international bank account number')).toBeNull();
  });
});

/** jemalloc 5.2 (BSD-2-Clause), include/jemalloc/internal/pages.h: its guard, a constant and a prototype. */
const PAGES_H = [
  '#ifndef JEMALLOC_INTERNAL_PAGES_EXTERNS_H',
  '#define JEMALLOC_INTERNAL_PAGES_EXTERNS_H',
  '',
  '/* Page size.  LG_PAGE is determined by the configure script. */',
  '#define PAGE ((size_t)(1U << LG_PAGE))',
  '',
  'bool pages_purge_lazy(void *addr, size_t size);',
  '',
  '#endif /* JEMALLOC_INTERNAL_PAGES_EXTERNS_H */',
  '',
].join('\n');

describe('a `#define` of a bare name', () => {
  it("is lines outside the file's functions: an include guard or the file's marker, not a macro with a value", () => {
    const outside = outsideFunctionsLookup(corpus);
    expect(outside(named('JEMALLOC_PAGES_C_'))).toBe(true);
    expect(outside(named('PAGES_PROT_COMMIT'))).toBe(false);
    expect(outside(named('pages_purge_lazy'))).toBe(false);
  });

  it('is demoted by the engine on a question asking how', async () => {
    const engine = await engineOver(FILES);
    const response = await engine.search('how does jemalloc let the kernel reclaim unused pages lazily', {
      intent: 'understand_code',
      limit: 50,
    });
    const all = response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
    expect(all.find((r) => r.symbol === 'JEMALLOC_PAGES_C_')?.explanation.demotion?.rule).toBe(
      OUTSIDE_FUNCTIONS_DEMOTION_RULE,
    );
  });
});

describe('an include guard or a file’s marker, on a question about what code does', () => {
  it('is a `#define` of a bare name: a name and no code', () => {
    const nameOnly = nameOnlyLookup(corpus);
    expect(nameOnly(named('JEMALLOC_PAGES_C_'))).toBe(true);
    expect(nameOnly(named('PAGES_PROT_COMMIT'))).toBe(false);
    expect(nameOnly(named('pages_purge_lazy'))).toBe(false);
  });

  it('gives its place to any other member of its file, and shows no file of its own', () => {
    const header = buildCorpus([{ path: 'include/jemalloc/internal/pages.h', text: PAGES_H }], analyzer);
    const guard = definitionNamed(header, 'JEMALLOC_INTERNAL_PAGES_EXTERNS_H');
    const marker = named('JEMALLOC_PAGES_C_');
    const purge = named('pages_purge_lazy');
    // The ranks jemalloc 5.2 gave them for "how does jemalloc let the kernel reclaim unused pages
    // lazily" (understand_code, default preset): the marker first in every list, the function
    // that purges 10th, 50th and 55th, below the share a member needs of its file's best.
    const guardId = corpus.chunks.length + 500;
    const guardHit = (rank: number): ModalityHit[] => [
      ...at(rank, marker).slice(0, rank),
      { chunkId: guardId, score: 1, reason: 'hit' },
    ];
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, marker), guardHit(7)), at(55, purge)),
      text: merge(merge(at(0, marker), guardHit(5)), at(10, purge)),
      structural: merge(merge(at(0, marker), guardHit(2)), at(50, purge)),
    };
    const chunkOf = (id: number) =>
      id === guardId ? { ...guard, id: guardId } : chunkOrFiller(corpus, 'other', '.c')(id);
    const nameOnly = nameOnlyLookup(corpus);
    const headerNameOnly = nameOnlyLookup(header);
    const run = (given: boolean) =>
      fuse(
        fusionInput(lists, chunkOf, {
          capFirstInEveryList: true,
          nameCoverageOf: () => 0,
          limit: 50,
          ...(given ? { isNameOnly: (c: Chunk) => (c.id === guardId ? headerNameOnly(guard) : nameOnly(c)) } : {}),
        }),
      );
    const before = run(false);
    const pagesBefore = before.find((r) => r.path === 'src/pages.c')!;
    expect(pagesBefore.symbol).toBe('JEMALLOC_PAGES_C_');
    expect(before.find((r) => r.path === 'include/jemalloc/internal/pages.h')?.symbol).toBe(
      'JEMALLOC_INTERNAL_PAGES_EXTERNS_H',
    );
    const after = run(true);
    const pages = after.find((r) => r.path === 'src/pages.c')!;
    expect(pages.symbol).toBe('pages_purge_lazy');
    expect(pages.explanation.member?.rule).toBe('name-only-gives-way');
    expect(pages.score).toBeCloseTo(pagesBefore.score, 12);
    expect(after.indexOf(pages)).toBe(before.indexOf(pagesBefore));
    expect(after.some((r) => r.path === 'include/jemalloc/internal/pages.h')).toBe(false);
  });

  it('is never shown by the engine for a question asking how', async () => {
    const engine = await engineOver([...FILES, { path: 'include/jemalloc/internal/pages.h', text: PAGES_H }]);
    const response = await engine.search('how does jemalloc let the kernel reclaim unused pages lazily', {
      intent: 'understand_code',
      limit: 50,
    });
    const shown = response.results.map((r) => r.symbol);
    expect(shown).not.toContain('JEMALLOC_PAGES_C_');
    expect(shown).not.toContain('JEMALLOC_INTERNAL_PAGES_EXTERNS_H');
    // pages.c keeps its place, shown by code.
    expect(response.results.find((r) => r.path === 'src/pages.c')?.definitionKind).toBeDefined();
  });
});

/**
 * Vagrant 2.3 (MIT), lib/vagrant/errors.rb and the files that raise its errors: an exception class
 * is a class of no behaviour (its message key and nothing else), raised wherever something fails,
 * so PageRank makes it a hub; its name says the question's words ("folder", "found"). The
 * project's root is found by `Environment#root_path`, which walks up from the working directory.
 */
const VAGRANT_FILES: SourceFile[] = [
  {
    path: 'lib/vagrant/errors.rb',
    text: [
      'module Vagrant',
      '  module Errors',
      '    class VagrantError < StandardError',
      '      def self.error_key(key = nil)',
      '        @error_key = key',
      '      end',
      '    end',
      '',
      '    class ProjectFolderNotFound < VagrantError',
      '      error_key(:project_folder_not_found)',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/vagrant/environment.rb',
    text: [
      'module Vagrant',
      '  class Environment',
      '    # The root of the project: the nearest folder, from the one vagrant is run in upwards,',
      '    # that holds a Vagrantfile.',
      '    def root_path',
      '      return @root_path if defined?(@root_path)',
      '      root_finder = lambda do |path|',
      '        return path if find_vagrantfile(path)',
      '        return nil if path.root?',
      '        root_finder.call(path.parent)',
      '      end',
      '      @root_path = root_finder.call(@cwd)',
      '    end',
      '',
      '    def local_data_path',
      '      raise Errors::ProjectFolderNotFound if !root_path',
      '      root_path.join(".vagrant")',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  },
  ...['box', 'machine', 'plugin', 'provider', 'share'].map((name) => ({
    path: `lib/vagrant/${name}.rb`,
    text: [
      'module Vagrant',
      `  class ${name[0].toUpperCase()}${name.slice(1)}`,
      `    def ${name}_folder`,
      `      raise Errors::ProjectFolderNotFound if @${name}_folder.nil?`,
      `      @${name}_folder`,
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  })),
];

describe('an exception class, on a question asking how', () => {
  it('takes no boost: neither its importance as a hub nor the first-in-every-list cap', async () => {
    const engine = await engineOver(VAGRANT_FILES);
    const errorOf = async (question: string) => {
      const response = await engine.search(question, { intent: 'understand_code', limit: 50 });
      const all = response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
      return { first: response.results[0], error: all.find((r) => r.symbol?.endsWith('ProjectFolderNotFound'))! };
    };
    expect(dataClassLookup(corpusOf(engine))(definitionNamed(corpusOf(engine), 'ProjectFolderNotFound'))).toBe(true);
    // A sentence naming it keeps the boost the raising files give it.
    const named = await errorOf('project folder not found');
    expect(named.error.explanation.boost).toBeGreaterThan(1);
    const how = await errorOf('how is the project folder found when vagrant is run from a subdirectory');
    expect(how.error.explanation.centrality).toBe(0);
    expect(how.error.explanation.boost).toBe(1);
    expect(how.error.explanation.firstInEveryList).toBeUndefined();
    expect(how.first.symbol).toBe('root_path');
  });
});
