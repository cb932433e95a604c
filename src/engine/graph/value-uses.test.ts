/**
 * Names used as values, not called, on the shapes of real code the mined dependants set
 * (bench/real/mined-dependants.ts) and the real set's gopacket questions missed: a Go package's
 * var or const read bare by its package peers, a function passed as a value, another package's
 * const read through its qualifier. A local of the same name, a struct literal's key, a comment
 * and a string are no uses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { definitionChunk, parsedDependants, parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

/** The files the graph lists for "what depends on FILE", as the search plans it. */
const dependantsOf = (files: Record<string, string>, path: string) => parsedDependants(analyzer, files, path);

/** The files "who uses NAME" lists with a line the graph tied to it (evidence resolved). */
const usersOf = async (files: Record<string, string>, name: string) => {
  const { corpus, graph } = await parsedGraph(analyzer, files);
  const hits = graph.search(
    { intent: 'find_references', raw: `who uses ${name}`, identifiers: [name], terms: [name] } as unknown as Parameters<
      GraphIndex['search']
    >[0],
    20,
  );
  return [...new Set(hits.filter((h) => h.evidence === 'resolved').map((h) => corpus.chunks[h.chunkId].path))].sort();
};

// gopacket's layers package, cut down: endpoints.go defines its endpoint types in a `var ( … )`
// block; ip4.go, ethernet.go and tcp.go pass them to gopacket.NewFlow.
const gopacket = {
  'go.mod': 'module github.com/google/gopacket\n',
  'flows.go': [
    'package gopacket',
    '',
    'type EndpointType int64',
    '',
    'type Flow struct{}',
    '',
    'func NewFlow(t EndpointType, src, dst []byte) (f Flow) {',
    '\treturn',
    '}',
  ].join('\n'),
  'layers/endpoints.go': [
    'package layers',
    '',
    'import (',
    '\t"github.com/google/gopacket"',
    '\t"net"',
    ')',
    '',
    'var (',
    '\t// We use two different endpoint types for IPv4 vs IPv6 addresses, so that',
    '\t// ordering with endpointA.LessThan(endpointB) sanely groups all IPv4',
    '\tEndpointIPv4 = gopacket.RegisterEndpointType(1, gopacket.EndpointTypeMetadata{Name: "IPv4", Formatter: func(b []byte) string {',
    '\t\treturn net.IP(b).String()',
    '\t}})',
    '\tEndpointMAC = gopacket.RegisterEndpointType(3, gopacket.EndpointTypeMetadata{Name: "MAC", Formatter: func(b []byte) string {',
    '\t\treturn net.HardwareAddr(b).String()',
    '\t}})',
    '\tEndpointTCPPort = gopacket.RegisterEndpointType(4, gopacket.EndpointTypeMetadata{Name: "TCP", Formatter: func(b []byte) string {',
    '\t\treturn ""',
    '\t}})',
    ')',
  ].join('\n'),
  'layers/ip4.go': [
    'package layers',
    '',
    'import "github.com/google/gopacket"',
    '',
    'type IPv4 struct {',
    '\tSrcIP []byte',
    '\tDstIP []byte',
    '}',
    '',
    'func (i *IPv4) NetworkFlow() gopacket.Flow {',
    '\treturn gopacket.NewFlow(EndpointIPv4, i.SrcIP, i.DstIP)',
    '}',
  ].join('\n'),
  'layers/ethernet.go': [
    'package layers',
    '',
    'import "github.com/google/gopacket"',
    '',
    'type Ethernet struct {',
    '\tSrcMAC, DstMAC []byte',
    '}',
    '',
    'func (e *Ethernet) LinkFlow() gopacket.Flow {',
    '\treturn gopacket.NewFlow(EndpointMAC, e.SrcMAC, e.DstMAC)',
    '}',
  ].join('\n'),
  // Not dependants: a parameter of the same name, a struct literal's key, a comment and a string.
  'layers/udp.go': [
    'package layers',
    '',
    'import "github.com/google/gopacket"',
    '',
    'type UDP struct {',
    '\tsPort, dPort []byte',
    '}',
    '',
    'type flowKey struct{ EndpointMAC int }',
    '',
    '// TransportFlow is like the EndpointTCPPort flow of tcp.go.',
    'func (u *UDP) TransportFlow(EndpointTCPPort gopacket.EndpointType) gopacket.Flow {',
    '\t_ = flowKey{EndpointMAC: 1}',
    '\t_ = "EndpointIPv4"',
    '\treturn gopacket.NewFlow(EndpointTCPPort, u.sPort, u.dPort)',
    '}',
  ].join('\n'),
};

describe('Go: names read as values', () => {
  it('a var of a `var ( … )` block passed bare by package peers makes them dependants (gopacket layers/endpoints.go)', async () => {
    expect(await dependantsOf(gopacket, 'layers/endpoints.go')).toEqual(['layers/ethernet.go', 'layers/ip4.go']);
  });

  it('"who uses EndpointTCPPort" lists no file where a parameter of that name shadows it', async () => {
    expect(await usersOf(gopacket, 'EndpointIPv4')).toEqual(['layers/ip4.go']);
    expect(await usersOf(gopacket, 'EndpointMAC')).toEqual(['layers/ethernet.go']);
    expect(await usersOf(gopacket, 'EndpointTCPPort')).toEqual([]);
  });

  it('a function passed as a value is used by the file that passes it (gopacket DecodeFunc(decodeEtherIP))', async () => {
    const files = {
      'go.mod': 'module github.com/google/gopacket\n',
      'decode.go': [
        'package gopacket',
        '',
        'type DecodeFunc func([]byte, PacketBuilder) error',
        '',
        'type PacketBuilder interface{}',
      ].join('\n'),
      'layers/etherip.go': [
        'package layers',
        '',
        'import "github.com/google/gopacket"',
        '',
        'func decodeEtherIP(data []byte, p gopacket.PacketBuilder) error {',
        '\treturn nil',
        '}',
      ].join('\n'),
      'layers/enums.go': [
        'package layers',
        '',
        'import "github.com/google/gopacket"',
        '',
        'type EnumMetadata struct {',
        '\tDecodeWith gopacket.DecodeFunc',
        '\tName       string',
        '}',
        '',
        'var IPProtocolMetadata [256]EnumMetadata',
        '',
        'func initActualTypeData() {',
        '\tIPProtocolMetadata[97] = EnumMetadata{DecodeWith: gopacket.DecodeFunc(decodeEtherIP), Name: "EtherIP"}',
        '}',
      ].join('\n'),
    };
    expect(await dependantsOf(files, 'layers/etherip.go')).toEqual(['layers/enums.go']);
    const { corpus, graph } = await parsedGraph(analyzer, files);
    const callers = graph.callers(definitionChunk(corpus, 'layers/etherip.go', 'decodeEtherIP'));
    expect(callers.map((c) => `${corpus.chunks[c.chunkId].path}:${c.line}`)).toEqual(['layers/enums.go:13']);
  });

  it('the blank identifier is no use of a file that assigns to `_` (dns server.go)', async () => {
    const files = {
      'go.mod': 'module github.com/miekg/dns\n',
      'server.go': [
        'package dns',
        '',
        'type PacketConnReader interface{}',
        '',
        'type defaultReader struct{}',
        '',
        'var _ PacketConnReader = defaultReader{}',
      ].join('\n'),
      'scan.go': [
        'package dns',
        '',
        'func toAbsoluteName(name, origin string) (absolute string, ok bool) {',
        '\t_, ok = IsDomainName(name)',
        '\treturn name, ok',
        '}',
      ].join('\n'),
      'labels.go': ['package dns', '', 'func IsDomainName(s string) (int, bool) {', '\treturn 0, true', '}'].join('\n'),
    };
    expect(await dependantsOf(files, 'server.go')).toEqual([]);
    expect(await dependantsOf(files, 'labels.go')).toEqual(['scan.go']);
  });

  it('the package an import binds is no value, by the name Go gives it (hcl/v2 binds hcl, go-multierror binds multierror)', () => {
    const text = [
      'package hclsyntax',
      '',
      'import (',
      '\t"github.com/hashicorp/go-multierror"',
      '\t"github.com/hashicorp/hcl/v2"',
      ')',
      '',
      'func (b *Body) Content(schema *hcl.BodySchema) (*hcl.BodyContent, hcl.Diagnostics) {',
      '\tvar errs error',
      '\terrs = multierror.Append(errs, hcl.ErrNoBody)',
      '\treturn nil, hcl.DiagnosticsFrom(errs)',
      '}',
    ].join('\n');
    const values = analyzer
      .analyze('hclsyntax/structure.go', text)
      .references.filter((r) => r.kind === 'reference')
      .map((r) => r.name);
    expect(values).not.toContain('hcl');
    expect(values).not.toContain('multierror');
  });

  it("another package's const read through its qualifier (ip4defrag's layers.IPv4DontFragment)", async () => {
    const files = {
      'go.mod': 'module github.com/google/gopacket\n',
      'layers/ip4.go': [
        'package layers',
        '',
        'type IPv4Flag uint8',
        '',
        'const (',
        '\tIPv4EvilBit       IPv4Flag = 1 << 2',
        '\tIPv4DontFragment  IPv4Flag = 1 << 1',
        '\tIPv4MoreFragments IPv4Flag = 1 << 0',
        ')',
        '',
        'type IPv4 struct {',
        '\tFlags IPv4Flag',
        '}',
      ].join('\n'),
      'ip4defrag/defrag.go': [
        'package ip4defrag',
        '',
        'import "github.com/google/gopacket/layers"',
        '',
        'type IPv4Defragmenter struct{}',
        '',
        'func (d *IPv4Defragmenter) dontDefrag(ip *layers.IPv4) bool {',
        '\tif ip.Flags&layers.IPv4DontFragment != 0 {',
        '\t\treturn true',
        '\t}',
        '\treturn false',
        '}',
      ].join('\n'),
      // Reads a field of its own value named like the const: no use of layers/ip4.go.
      'pcapgo/read.go': [
        'package pcapgo',
        '',
        'type header struct{ IPv4DontFragment bool }',
        '',
        'func read(h header) bool {',
        '\treturn h.IPv4DontFragment',
        '}',
      ].join('\n'),
    };
    expect(await usersOf(files, 'IPv4DontFragment')).toEqual(['ip4defrag/defrag.go']);
    expect(await dependantsOf(files, 'layers/ip4.go')).toEqual(['ip4defrag/defrag.go']);
  });
});
