/**
 * The mined similar set's truth: the parts of bench/real/mined-similar.ts that read ctags'
 * output and group it into families, on code shaped like the tuning projects'.
 */
import { describe, expect, it } from 'vitest';
import { arityOf, braceEnd, type Def, familiesOf, parallelsOf, truthOf, wordParts } from './mined-similar';
import type { LoadedProject, RealProject } from './projects';

const project = (language: RealProject['language']): LoadedProject => ({
  project: { name: 't', pkg: 't', version: '1', language, root: '.', extensions: [], half: 'tuning' },
  dir: '.',
  files: [],
  sha1: new Map(),
});

const def = (name: string, path: string, line: number, more: Partial<Def> = {}): Def => ({
  name,
  path,
  line,
  end: line + 4,
  arity: 1,
  ...more,
});

describe('braceEnd', () => {
  it('matches braces past lifetimes, char literals, strings and comments (Rust)', () => {
    const lines = [
      "fn poll_read<'a>(self: Pin<&'a mut Self>, buf: &mut ReadBuf<'_>) -> Poll<()> {",
      "    let c = '{'; // a brace in a comment {",
      '    let s = "}";',
      "    if c == '\\'' { return Poll::Pending; }",
      '}',
      'fn next() {}',
    ];
    expect(braceEnd(lines, 1, 'rust')).toBe(5);
  });

  it('gives no end to a declaration without a body (a PHP interface method)', () => {
    expect(braceEnd(['    public function parse(Cursor $cursor): bool;', '}'], 1, 'php')).toBeNull();
  });
});

describe('arityOf', () => {
  it('counts parameters, not receivers', () => {
    expect(arityOf("( mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>, )")).toBe(2);
    expect(arityOf('(&self)')).toBe(0);
    expect(arityOf('(self, ctx, param=None)')).toBe(2);
    expect(arityOf('(cmd *Command, args []string)')).toBe(2);
    expect(arityOf('(void)')).toBe(0);
    expect(arityOf(undefined)).toBeNull();
  });
});

describe('familiesOf', () => {
  it('finds one Go method name on three receivers of one package, not across packages', () => {
    const defs = [
      def('Write', 'response.go', 10, { container: 'Response' }),
      def('Write', 'writer.go', 10, { container: 'bufWriter' }),
      def('Write', 'gzip.go', 10, { container: 'gzipWriter' }),
      def('Write', 'middleware/dump.go', 10, { container: 'dumpWriter' }),
    ];
    const impl = familiesOf(project('go'), defs).filter((f) => f.type === 'impl');
    expect(impl).toHaveLength(1);
    expect(impl[0].members.map((m) => m.container).sort()).toEqual(['Response', 'bufWriter', 'gzipWriter']);
  });

  it('keeps Python overrides of one class hierarchy only', () => {
    const defs = ['ParamType', 'IntParamType', 'FloatParamType', 'Context'].map((c, i) =>
      def('to_info_dict', 'types.py', 10 + 20 * i, { container: c }),
    );
    const tags = [
      { name: 'IntParamType', path: 'types.py', line: 1, kind: 'class', inherits: 'ParamType' },
      { name: 'FloatParamType', path: 'types.py', line: 2, kind: 'class', inherits: 'ParamType' },
      { name: 'Context', path: 'types.py', line: 3, kind: 'class', inherits: false },
    ];
    const impl = familiesOf(project('python'), defs, tags).filter((f) => f.type === 'impl');
    expect(impl.map((f) => f.members.map((m) => m.container).sort())).toEqual([
      ['FloatParamType', 'IntParamType', 'ParamType'],
    ]);
  });

  it('finds names of one pattern and arity in one file, keeping the first word', () => {
    const defs = [
      def('unpackUint8', 'msg_helpers.go', 10, { arity: 2 }),
      def('unpackUint16', 'msg_helpers.go', 20, { arity: 2 }),
      def('unpackUint32', 'msg_helpers.go', 30, { arity: 2 }),
      def('unpackUint64', 'msg_helpers.go', 40, { arity: 3 }),
      def('recv_from', 'udp.rs', 10, { container: 'UdpSocket' }),
      def('peek_from', 'udp.rs', 20, { container: 'UdpSocket' }),
      def('try_from', 'udp.rs', 30, { container: 'UdpSocket' }),
    ];
    const pattern = familiesOf(project('go'), defs).filter((f) => f.type === 'pattern');
    expect(pattern.map((f) => f.members.map((m) => m.name))).toEqual([['unpackUint8', 'unpackUint16', 'unpackUint32']]);
    expect(wordParts('unpackUint16')).toEqual(['unpack', 'uint16']);
  });
});

describe('truthOf', () => {
  it("widens X's family by the methods of its name on other types, strict kept apart (tokio's try_recv)", () => {
    // tokio/src/net: `UdpSocket::try_recv` (udp.rs) and `UnixDatagram::try_recv` (unix/datagram/socket.rs)
    // offer one API on two types; the strict family is UdpSocket's own recv methods of one pattern.
    const x = def('try_recv', 'net/udp.rs', 900, { container: 'UdpSocket' });
    const defs = [
      x,
      def('try_send', 'net/udp.rs', 600, { container: 'UdpSocket' }),
      def('try_peek', 'net/udp.rs', 1200, { container: 'UdpSocket' }),
      def('try_read', 'net/udp.rs', 1300, { container: 'UdpSocket' }),
      def('try_recv', 'net/unix/datagram/socket.rs', 800, { container: 'UnixDatagram' }),
      // A free function of X's name is another kind.
      def('try_recv', 'sync/util.rs', 10),
    ];
    const families = familiesOf(project('rust'), defs);
    const { expected, widened } = truthOf(x, families, defs);
    expect(expected.map((d) => d.name).sort()).toEqual(['try_peek', 'try_read', 'try_send']);
    expect(widened.slice(0, expected.length)).toEqual(expected);
    expect(widened.slice(expected.length).map((d) => `${d.container}.${d.name}@${d.path}`)).toEqual([
      'UnixDatagram.try_recv@net/unix/datagram/socket.rs',
    ]);
  });

  it("takes a free function's namesakes in other files, never methods", () => {
    const x = def('parse_args', 'cli.py', 10);
    const defs = [x, def('parse_args', 'tools/run.py', 5), def('parse_args', 'core.py', 923, { container: 'Command' })];
    expect(parallelsOf(x, defs).map((d) => d.path)).toEqual(['tools/run.py']);
  });

  it("lists a parallel once when it is also in X's family, read from another list of definitions", () => {
    // Go's `Write` on three receivers of one package is an impl family; the parallels are read
    // from every definition (the short ones too), other objects for the same places.
    const x = def('Write', 'response.go', 10, { container: 'Response' });
    const defs = [
      x,
      def('Write', 'writer.go', 10, { container: 'bufWriter' }),
      def('Write', 'gzip.go', 10, { container: 'gzipWriter' }),
    ];
    const every = [
      ...defs.map((d) => ({ ...d })),
      def('Write', 'middleware/dump.go', 10, { container: 'dumpWriter', end: 11 }),
    ];
    const { expected, widened } = truthOf(x, familiesOf(project('go'), defs), every);
    expect(expected.map((d) => d.path).sort()).toEqual(['gzip.go', 'writer.go']);
    expect(widened.map((d) => d.path).sort()).toEqual(['gzip.go', 'middleware/dump.go', 'writer.go']);
  });

  it("leaves out a twin of X in its own type and file (a cfg'd copy is X)", () => {
    const x = def('try_recv', 'net/udp.rs', 900, { container: 'UdpSocket' });
    expect(parallelsOf(x, [x, def('try_recv', 'net/udp.rs', 950, { container: 'UdpSocket' })])).toEqual([]);
  });
});
