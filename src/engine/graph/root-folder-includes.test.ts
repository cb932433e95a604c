/**
 * C: a repository that is one folder of an include tree (the kernel's include/net) is named by
 * that folder in its own includes (`#include <net/ip_tunnels.h>` for ip_tunnels.h at its root);
 * a folder whose includes name mostly files the repository lacks (`<linux/…>`) is not its root.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedGraph } from '../../../test/support/parsed-graph';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const header = (name: string, includes: string[], body: string[] = []) =>
  [`#ifndef __NET_${name}_H`, `#define __NET_${name}_H`, '', ...includes, '', ...body, '', '#endif'].join('\n');

const includeNet = {
  'ip_tunnels.h': header(
    'IP_TUNNELS',
    ['#include <linux/skbuff.h>', '#include <net/inet_ecn.h>'],
    ['struct ip_tunnel_info {', '\tint mode;', '};'],
  ),
  'inet_ecn.h': header(
    'INET_ECN',
    ['#include <linux/ip.h>'],
    ['static inline int INET_ECN_is_ce(int dsfield) { return dsfield & 3; }'],
  ),
  'gre.h': header('GRE', ['#include <linux/skbuff.h>', '#include <net/ip_tunnels.h>']),
  'fou.h': header('FOU', ['#include <net/flow.h>', '#include <net/ip_tunnels.h>']),
  'flow.h': header('FLOW', ['#include <linux/in6.h>'], ['struct flowi4 {', '\tint saddr;', '};']),
  // The kernel's <linux/ip.h> is not this ip.h: most <linux/…> includes name files it lacks.
  'ip.h': header('IP', ['#include <linux/ip.h>', '#include <linux/in.h>', '#include <linux/skbuff.h>']),
  'bonding/bond.h': header('BOND', ['#include <net/flow.h>']),
};

describe('C: includes naming the root by its folder', () => {
  it('"<net/ip_tunnels.h>" is ip_tunnels.h at the root of include/net', async () => {
    const { graph, corpus } = await parsedGraph(analyzer, includeNet);
    const id = (path: string) => corpus.files.find((f) => f.path === path)!.id;
    expect(
      graph
        .importersOf(id('ip_tunnels.h'))
        .map((l) => l.path)
        .sort(),
    ).toEqual(['fou.h', 'gre.h']);
    expect(
      graph
        .importersOf(id('flow.h'))
        .map((l) => l.path)
        .sort(),
    ).toEqual(['bonding/bond.h', 'fou.h']);
    // `<linux/ip.h>` (three of four <linux/…> names are not here) is no include of ip.h.
    expect(graph.importersOf(id('ip.h'))).toEqual([]);
  });

  it('needs three distinct includes through the folder: two are no evidence', async () => {
    const { graph, corpus } = await parsedGraph(analyzer, {
      'list.h': header('LIST', []),
      'hash.h': header('HASH', []),
      'a.c': '#include <sys/list.h>\n#include <sys/hash.h>\n',
    });
    const id = (path: string) => corpus.files.find((f) => f.path === path)!.id;
    expect(graph.importersOf(id('list.h'))).toEqual([]);
  });
});
