/**
 * "Who calls X" lists calls (issue 20, items 1 and 2), on the shapes of the real set's ninth
 * group and older projects: quic-go 0.29 (MIT) calls its package function
 * `protocol.DecodePacketNumber` from two openers while an interface method of the same name is
 * called through a value; Sphinx 5.3 (BSD-2-Clause) imports `get_node_equation_number` where it
 * calls it; gnulib (LGPL-2.1+) quotes `fd_safer (open (...))` in a block comment; net-ssh 6.1
 * (MIT) and Rouge 3.30 (MIT) write `negotiate!`, `:guess` and `%w(guess …)`; rustls 0.20
 * (Apache-2.0/MIT) passes `pki_error` to `map_err` in several functions of one file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { StructuralAnalyzer } from '../structural/analyzer';

const QUIC: SourceFile[] = [
  { path: 'go.mod', text: 'module github.com/lucas-clemente/quic-go\n\ngo 1.18\n' },
  {
    path: 'internal/protocol/packet_number.go',
    text: [
      'package protocol',
      '',
      '// A PacketNumber in QUIC',
      'type PacketNumber int64',
      '',
      '// PacketNumberLen is the length of the packet number in bytes',
      'type PacketNumberLen uint8',
      '',
      '// DecodePacketNumber calculates the packet number based on the received packet number, its length and the last seen packet number',
      'func DecodePacketNumber(',
      '\tpacketNumberLength PacketNumberLen,',
      '\tlastPacketNumber PacketNumber,',
      '\twirePacketNumber PacketNumber,',
      ') PacketNumber {',
      '\tvar epochDelta PacketNumber',
      '\tswitch packetNumberLength {',
      '\tcase PacketNumberLen1:',
      '\t\tepochDelta = PacketNumber(1) << 8',
      '\t}',
      '\tepoch := lastPacketNumber & ^(epochDelta - 1)',
      '\treturn epoch + wirePacketNumber',
      '}',
      '',
      'const PacketNumberLen1 PacketNumberLen = 1',
      '',
    ].join('\n'),
  },
  {
    path: 'internal/handshake/interface.go',
    text: [
      'package handshake',
      '',
      'import "github.com/lucas-clemente/quic-go/internal/protocol"',
      '',
      '// LongHeaderOpener opens a long header packet',
      'type LongHeaderOpener interface {',
      '\tDecodePacketNumber(wirePN protocol.PacketNumber, wirePNLen protocol.PacketNumberLen) protocol.PacketNumber',
      '\tOpen(dst, src []byte, pn protocol.PacketNumber, associatedData []byte) ([]byte, error)',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'internal/handshake/aead.go',
    text: [
      'package handshake',
      '',
      'import "github.com/lucas-clemente/quic-go/internal/protocol"',
      '',
      'type longHeaderOpener struct {',
      '\thighestRcvdPN protocol.PacketNumber',
      '}',
      '',
      'func (o *longHeaderOpener) DecodePacketNumber(wirePN protocol.PacketNumber, wirePNLen protocol.PacketNumberLen) protocol.PacketNumber {',
      '\treturn protocol.DecodePacketNumber(wirePNLen, o.highestRcvdPN, wirePN)',
      '}',
      '',
      'func (o *longHeaderOpener) Open(dst, src []byte, pn protocol.PacketNumber, ad []byte) ([]byte, error) {',
      '\tif pn > o.highestRcvdPN {',
      '\t\to.highestRcvdPN = pn',
      '\t}',
      '\treturn dst, nil',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'packet_unpacker.go',
    text: [
      'package quic',
      '',
      'import (',
      '\t"github.com/lucas-clemente/quic-go/internal/handshake"',
      '\t"github.com/lucas-clemente/quic-go/internal/protocol"',
      ')',
      '',
      'type extendedHeader struct {',
      '\tPacketNumber    protocol.PacketNumber',
      '\tPacketNumberLen protocol.PacketNumberLen',
      '}',
      '',
      'func unpackLongHeaderPacket(opener handshake.LongHeaderOpener, extHdr *extendedHeader) {',
      '\textHdr.PacketNumber = opener.DecodePacketNumber(extHdr.PacketNumber, extHdr.PacketNumberLen)',
      '}',
      '',
    ].join('\n'),
  },
];

const SPHINX: SourceFile[] = [
  {
    path: 'sphinx/util/math.py',
    text: [
      'def get_node_equation_number(writer, node):',
      '    if writer.builder.config.math_numfig and writer.builder.config.numfig:',
      "        figtype = 'displaymath'",
      '        return writer.builder.fignumbers.get(figtype, {}).get(node["ids"][0])',
      '    return node["number"]',
      '',
    ].join('\n'),
  },
  {
    path: 'sphinx/ext/mathjax.py',
    text: [
      'from sphinx.util.math import get_node_equation_number',
      '',
      '',
      'def html_visit_displaymath(self, node):',
      "    self.body.append(self.starttag(node, 'div', CLASS='math notranslate nohighlight'))",
      "    if node['number']:",
      '        number = get_node_equation_number(self, node)',
      '        self.body.append(\'<span class="eqno">(%s)\' % number)',
      '',
    ].join('\n'),
  },
  {
    path: 'sphinx/util/docs.py',
    text: [
      'def numbering_notes():',
      '    """Where equations get their numbers.',
      '',
      '    The writers ask get_node_equation_number for it.',
      '    """',
      '    return None',
      '',
    ].join('\n'),
  },
];

const GNULIB: SourceFile[] = [
  { path: 'unistd-safer.h', text: 'int fd_safer (int);\nint dup_safer (int);\n' },
  {
    path: 'fd-safer.c',
    text: [
      '#include "unistd-safer.h"',
      '',
      '/* Return FD, unless FD would be a copy of standard input, output, or',
      '   error; in that case, return a duplicate of FD, closing FD.',
      '',
      '   This function is usefully wrapped around functions that return file',
      '   descriptors, e.g., fd_safer (open ("file", O_RDONLY)).  */',
      '',
      'int',
      'fd_safer (int fd)',
      '{',
      '  if (0 <= fd && fd <= 2)',
      '    fd = dup_safer (fd);',
      '  return fd;',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'creat-safer.c',
    text: [
      '#include "unistd-safer.h"',
      '',
      'int',
      'creat_safer (char const *file, mode_t mode)',
      '{',
      '  return fd_safer (creat (file, mode));',
      '}',
      '',
    ].join('\n'),
  },
];

const RUBY: SourceFile[] = [
  {
    path: 'lib/net/ssh/transport/algorithms.rb',
    text: [
      'module Net',
      '  module SSH',
      '    module Transport',
      '      class Algorithms',
      '        def negotiate_algorithms',
      '          @kex = negotiate(:kex)',
      '          @host_key = negotiate(:host_key)',
      '        end',
      '',
      '        def negotiate(algorithm)',
      '          match = self[algorithm].find { |item| @server_data[algorithm].include?(item) }',
      '          match',
      '        end',
      '      end',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/net/ssh/authentication/agent.rb',
    text: [
      'module Net',
      '  module SSH',
      '    module Authentication',
      '      class Agent',
      '        def self.connect(logger = nil, agent_socket_factory = nil)',
      '          agent = new(logger)',
      '          agent.connect!(agent_socket_factory)',
      '          agent.negotiate!',
      '          agent',
      '        end',
      '      end',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/rouge/lexers/console.rb',
    text: [
      'module Rouge',
      '  module Lexers',
      '    class ConsoleLexer',
      '      def initialize(*)',
      '        @comments = bool_option(:comments) { :negotiate }',
      '        @words = %w(negotiate obtain show thus)',
      '      end',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  },
];

const RUSTLS: SourceFile[] = [
  {
    path: 'src/verify.rs',
    text: [
      'fn pki_error(error: webpki::Error) -> Error {',
      '    Error::InvalidCertificateData(format!("invalid peer certificate: {:?}", error))',
      '}',
      '',
      'pub fn verify_server_cert(cert: &webpki::EndEntityCert) -> Result<(), Error> {',
      '    cert.verify_is_valid_tls_server_cert(SUPPORTED_SIG_ALGS)',
      '        .map_err(pki_error)',
      '        .map(|_| ())',
      '}',
      '',
      'pub fn verify_client_cert(cert: &webpki::EndEntityCert) -> Result<(), Error> {',
      '    cert.verify_is_valid_tls_client_cert(SUPPORTED_SIG_ALGS)',
      '        .map_err(pki_error)',
      '        .map(|_| ())',
      '}',
      '',
    ].join('\n'),
  },
];

// miekg/dns 1.1 (BSD-3-Clause): `func (k *DNSKEY) KeyTag()` beside the `KeyTag uint16` field of
// DS and RRSIG records, read as `rr.KeyTag`.
const DNS: SourceFile[] = [
  {
    path: 'dnssec.go',
    text: [
      'package dns',
      '',
      'type DNSKEY struct {',
      '\tFlags uint16',
      '}',
      '',
      '// KeyTag calculates the keytag (or key-id) of the DNSKEY.',
      'func (k *DNSKEY) KeyTag() uint16 {',
      '\treturn k.Flags',
      '}',
      '',
      'func (k *DNSKEY) ToDS() *DS {',
      '\tds := new(DS)',
      '\tds.KeyTag = k.KeyTag()',
      '\treturn ds',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'types.go',
    text: [
      'package dns',
      '',
      'import "strconv"',
      '',
      'type DS struct {',
      '\tKeyTag     uint16',
      '\tAlgorithm  uint8',
      '}',
      '',
      'func (rr *DS) String() string {',
      '\treturn strconv.Itoa(int(rr.KeyTag))',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'sig0.go',
    text: [
      'package dns',
      '',
      'func (rr *DS) Valid() bool {',
      '\tif rr.KeyTag == 0 {',
      '\t\treturn false',
      '\t}',
      '\treturn true',
      '}',
      '',
    ].join('\n'),
  },
];

// Syncthing 1.19 (MPL-2.0) as Debian ships it: the root's build.go (`//go:build ignore`) has a
// struct `archiveFile`; lib/versioner has the function `archiveFile` its versioners call.
const SYNCTHING: SourceFile[] = [
  {
    path: 'build.go',
    text: [
      '//go:build ignore',
      '',
      'package main',
      '',
      'type target struct {',
      '\tarchiveFiles []archiveFile',
      '}',
      '',
      'type archiveFile struct {',
      '\tsrc string',
      '}',
      '',
      'func defaultFiles() []archiveFile {',
      '\treturn []archiveFile{{src: "README.md"}}',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/versioner/util.go',
    text: 'package versioner\n\nfunc archiveFile(filePath string) error {\n\treturn nil\n}\n',
  },
  {
    path: 'lib/versioner/simple.go',
    text: 'package versioner\n\ntype simple struct{}\n\nfunc (v simple) Archive(filePath string) error {\n\treturn archiveFile(filePath)\n}\n',
  },
];

// pylint 2.16 (GPL-2.0+): utils/__init__.py passes `_check_csv` on in a bracketed import; the
// config modules call it through the package (`utils._check_csv(value)`).
const PYLINT: SourceFile[] = [
  {
    path: 'pylint/utils/utils.py',
    text: 'def _check_csv(value):\n    if isinstance(value, (list, tuple)):\n        return value\n    return _splitstrip(value)\n\n\ndef _splitstrip(string, sep=","):\n    return [word.strip() for word in string.split(sep) if word.strip()]\n',
  },
  {
    path: 'pylint/utils/__init__.py',
    text: 'from pylint.utils.utils import (\n    _check_csv,\n    _splitstrip,\n)\n\n__all__ = ["_check_csv", "_splitstrip"]\n',
  },
  {
    path: 'pylint/config/option.py',
    text: 'from pylint import utils\n\n\ndef _csv_validator(_, name, value):\n    return utils._check_csv(value)\n',
  },
];

// The shape of crowdsec 1.4 (MIT), cmd/crowdsec-cli/decisions.go: one constructor builds every
// subcommand as a cobra.Command literal whose `Run: func(…) { … }` does the work and calls the helper.
const COBRA: SourceFile[] = [
  {
    path: 'cmd/cli/decisions.go',
    text: [
      'package main',
      '',
      'func manageCliDecisionAlerts(ip *string, ipRange *string, scope *string, value *string) error {',
      '\tif *ip != "" {',
      '\t\t*scope = "Ip"',
      '\t\t*value = *ip',
      '\t}',
      '\treturn nil',
      '}',
      '',
      'func NewDecisionsCmd() *cobra.Command {',
      '\tvar cmdDecisions = &cobra.Command{Use: "decisions [action]", Short: "Manage decisions"}',
      '\tvar filter = apiclient.AlertsListOpts{}',
      '\tvar cmdDecisionsList = &cobra.Command{',
      '\t\tUse:   "list [options]",',
      '\t\tShort: "List decisions from LAPI",',
      '\t\tRun: func(cmd *cobra.Command, args []string) {',
      '\t\t\tif err := manageCliDecisionAlerts(filter.IPEquals, filter.RangeEquals, filter.ScopeEquals, filter.ValueEquals); err != nil {',
      '\t\t\t\tlog.Fatalf("%s", err)',
      '\t\t\t}',
      '\t\t\tlistDecisions(filter)',
      '\t\t},',
      '\t}',
      '\tcmdDecisions.AddCommand(cmdDecisionsList)',
      '\tvar cmdDecisionsDelete = &cobra.Command{',
      '\t\tUse:   "delete [options]",',
      '\t\tShort: "Delete decisions",',
      '\t\tRun: func(cmd *cobra.Command, args []string) {',
      '\t\t\tvar err error',
      '\t\t\tif err = manageCliDecisionAlerts(filter.IPEquals, filter.RangeEquals, filter.ScopeEquals, filter.ValueEquals); err != nil {',
      '\t\t\t\tlog.Fatalf("%s", err)',
      '\t\t\t}',
      '\t\t\tdeleteDecisions(filter)',
      '\t\t},',
      '\t}',
      '\tcmdDecisions.AddCommand(cmdDecisionsDelete)',
      '\treturn cmdDecisions',
      '}',
      '',
    ].join('\n'),
  },
];

let analyzer: StructuralAnalyzer;
const build = (files: SourceFile[]) => Engine.build(files, { analyzer, embedder: null });
const found = async (engine: Engine, query: string) => {
  const r = await engine.search(query);
  expect(r.query.intent).toBe('find_references');
  return r.results.map((x) => `${x.path}:${x.startLine}`);
};

beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

describe('who calls a package-qualified Go function', () => {
  it('the qualifier selects the package: calls of an interface method of the same name through a value are not its callers', async () => {
    const engine = await build(QUIC);
    expect(await found(engine, 'who calls protocol.DecodePacketNumber')).toEqual(['internal/handshake/aead.go:9']);
  });
});

describe('who calls a Go function from a keyed field’s function (a cobra command’s `Run: func …`)', () => {
  it('each `Run` is a caller of its own, not the constructor of several hundred lines around them', async () => {
    const engine = await build(COBRA);
    const r = await engine.search('who calls manageCliDecisionAlerts');
    expect(r.query.intent).toBe('find_references');
    expect(r.results.map((x) => `${x.path}:${x.startLine}-${x.endLine} ${x.symbol}`).sort()).toEqual([
      'cmd/cli/decisions.go:17-22 Run',
      'cmd/cli/decisions.go:28-34 Run',
    ]);
  });
});

describe('who calls a function the caller imports', () => {
  it('lists the call, not the import line of the file it is in; a docstring naming it is no use', async () => {
    const engine = await build(SPHINX);
    expect(await found(engine, 'who calls get_node_equation_number')).toEqual(['sphinx/ext/mathjax.py:4']);
  });

  it('an import that passes the name on, over several lines, is no call of it (pylint)', async () => {
    const engine = await build(PYLINT);
    expect(await found(engine, 'who calls _check_csv')).toEqual(['pylint/config/option.py:4']);
  });

  it('"find references to" still lists the import, a use of the name', async () => {
    const engine = await build(SPHINX);
    expect(await found(engine, 'find references to get_node_equation_number')).toContain('sphinx/ext/mathjax.py:1');
  });
});

describe('uses by name the word search adds', () => {
  it('not a call quoted in a C block comment', async () => {
    const engine = await build(GNULIB);
    expect(await found(engine, 'who calls fd_safer')).toEqual(['creat-safer.c:3']);
  });

  it('not a Ruby name of its own (`negotiate!`), a symbol or a word of a `%w()` list', async () => {
    const engine = await build(RUBY);
    expect(await found(engine, 'who calls negotiate')).toEqual(['lib/net/ssh/transport/algorithms.rb:5']);
  });

  it('every function of a file that passes the name as a value, not only the first', async () => {
    const engine = await build(RUSTLS);
    const rows = await found(engine, 'who calls pki_error');
    expect(rows.sort()).toEqual(['src/verify.rs:11', 'src/verify.rs:5']);
  });
});

describe('who calls a name that is also a type or a field', () => {
  it('a struct field of the same name, read as `rr.KeyTag` or declared `KeyTag uint16`, is no call', async () => {
    const engine = await build(DNS);
    expect(await found(engine, 'who calls KeyTag')).toEqual(['dnssec.go:12']);
  });

  it('a struct type of the same name is no callee: its uses are not calls', async () => {
    const engine = await build(SYNCTHING);
    expect(await found(engine, 'who calls archiveFile')).toEqual(['lib/versioner/simple.go:5']);
  });

  it('"find references to" a field still lists its reads', async () => {
    const engine = await build(DNS);
    expect(await found(engine, 'find references to KeyTag')).toEqual(
      expect.arrayContaining(['dnssec.go:12', 'types.go:10', 'sig0.go:3']),
    );
  });
});

describe('what depends on a path typed from above the repository’s root', () => {
  // Sphinx's files as its package folder holds them (util/matching.py), asked about as
  // `sphinx/util/matching.py`: not util/__init__.py's importers, which the word `util` names.
  const FILES: SourceFile[] = [
    { path: 'util/matching.py', text: 'def patfilter(names, pat):\n    return [n for n in names if pat in n]\n' },
    {
      path: 'util/__init__.py',
      text: 'from sphinx.util.matching import patfilter  # noqa\n\n\ndef ensuredir(path):\n    pass\n',
    },
    {
      path: 'project.py',
      text: 'from sphinx.util.matching import patfilter\n\n\ndef discover(names):\n    return patfilter(names, "rst")\n',
    },
    {
      path: 'application.py',
      text: 'from sphinx.util import ensuredir\n\n\ndef setup(outdir):\n    ensuredir(outdir)\n',
    },
  ];

  it('names the file its tail names, and lists what uses it, not what imports the folder’s package', async () => {
    const engine = await build(FILES);
    const r = await engine.search('what depends on sphinx/util/matching.py');
    expect(r.query.intent).toBe('impact_analysis');
    const paths = r.results.map((x) => x.path);
    expect(paths).toContain('project.py');
    expect(paths).not.toContain('application.py');
  });
});

describe('who calls a C++ function whose header is named after it', () => {
  // In the style of Thrust 1.17 (Apache-2.0): stable_merge_sort.inl includes insertion_sort.h
  // and calls insertion_sort in one function, unqualified so the graph ties it by name only.
  const SORT: SourceFile[] = [
    {
      path: 'thrust/sequential/insertion_sort.h',
      text: ['#pragma once', 'template<typename I>', 'void insertion_sort(I first, I last)', '{', '}', ''].join('\n'),
    },
    {
      path: 'thrust/sequential/stable_merge_sort.inl',
      text: [
        '#pragma once',
        '#include <thrust/sequential/insertion_sort.h>',
        '#include "thrust/sequential/insertion_sort.h"',
        '',
        'template<typename I>',
        'void insertion_sort_each(I first, I last)',
        '{',
        '  (insertion_sort)(first, last);',
        '}',
        '',
      ].join('\n'),
    },
  ];

  it('lists the function that calls it, not the include line naming its header', async () => {
    const engine = await build(SORT);
    expect(await found(engine, 'who calls insertion_sort')).toEqual(['thrust/sequential/stable_merge_sort.inl:5']);
  });
});
