/**
 * The types a file states for its values, where the language makes them plain: constructor
 * assignments (`self.x = Foo()`, `this.x = new Foo()`, `x := &Foo{}`, `Foo::new()`,
 * `Foo.new`), annotations and declarations (`x: Foo`, `let x: Foo`, `var x Foo`, `Foo x = …`)
 * and Go method receivers (`func (s *Server) …`). The graph uses them to resolve a member call
 * through a local value (`s.handle()` → Server.handle); a value with no stated type stays
 * unresolved. Read from the text line by line: a best-effort scan, not a type checker.
 */

/** A value's stated type: its name, the type's last segment, and the line it is stated on. */
interface Declaration {
  name: string;
  type: string;
  line: number;
}

/**
 * The stated types of one file: its locals and parameters by line, its fields by name. Casts
 * and chained calls are per line and asked about only on the lines a member call is on: each
 * such line is read when first asked, not every line of the file up front.
 */
export class LocalTypes {
  private readonly declarations = new Map<string, Declaration[]>();
  /** 1 for a line whose casts and chained calls have been read (index: line number). */
  private readonly linesRead: Uint8Array;

  constructor(
    private readonly lines: readonly string[],
    /** Whether the language's casts are read (TypeScript's `as`, `<Foo>x`). */
    private readonly readsCasts: boolean,
  ) {
    this.linesRead = new Uint8Array(lines.length + 1);
  }
  /** A field's type; null when the file gives the same field name different types. */
  private readonly fields = new Map<string, string | null>();
  /** Per line: the member each in-place cast is followed by, and the type cast to. */
  private readonly casts = new Map<number, Map<string, string | null>>();

  declare(name: string, type: string | undefined, line: number): void {
    const t = typeName(type);
    if (!t) return;
    const list = this.declarations.get(name);
    if (list) list.push({ name, type: t, line });
    else this.declarations.set(name, [{ name, type: t, line }]);
  }

  field(name: string, type: string | undefined): void {
    const t = typeName(type);
    if (!t) return;
    const known = this.fields.get(name);
    if (known === undefined) this.fields.set(name, t);
    else if (known !== t) this.fields.set(name, null);
  }

  /**
   * The type of a value named `name` used at `line`: the last statement of it at or before that
   * line and at or after `scopeStart` (the first line of the definition around the use).
   */
  typeOfLocal(name: string, line: number, scopeStart: number): string | undefined {
    const list = this.declarations.get(name);
    if (!list) return undefined;
    let best: Declaration | undefined;
    for (const d of list) if (d.line <= line && d.line >= scopeStart && (!best || d.line >= best.line)) best = d;
    return best?.type;
  }

  /** Per value name: the calls it is assigned from (`router := e.findRouter(host)`), with their lines. */
  private readonly assignedCalls = new Map<string, Declaration[]>();

  /** A value assigned what a call returns: the callee as written (`e.findRouter`). */
  assignCall(name: string, callee: string, line: number): void {
    const list = this.assignedCalls.get(name);
    if (list) list.push({ name, type: callee, line });
    else this.assignedCalls.set(name, [{ name, type: callee, line }]);
  }

  /** Per field name: the callees of the calls it is assigned from (`$this->graph = $c->getServiceReferenceGraph()`). */
  private readonly fieldCalls = new Map<string, string | null>();

  /** A field assigned what a call returns; two different callees leave it unknown. */
  assignFieldCall(name: string, callee: string): void {
    const known = this.fieldCalls.get(name);
    this.fieldCalls.set(name, known === undefined || known === callee ? callee : null);
  }

  /** The one callee a field is assigned from, when it states no type. */
  calleeAssignedToField(name: string): string | undefined {
    return this.fieldCalls.get(name) ?? undefined;
  }

  /** The callee of the last call `name` is assigned from at or before `line`, within the scope (as typeOfLocal). */
  calleeAssignedTo(name: string, line: number, scopeStart: number): string | undefined {
    let best: Declaration | undefined;
    for (const d of this.assignedCalls.get(name) ?? [])
      if (d.line <= line && d.line >= scopeStart && (!best || d.line >= best.line)) best = d;
    return best?.type;
  }

  /** The type an expression is cast to right before `.member` on that line (`(x as Foo).member`, `(<Foo>x).member`). */
  castBefore(member: string, line: number): string | undefined {
    this.readLine(line);
    const cast = this.casts.get(line)?.get(member);
    return cast ?? undefined;
  }

  /** A cast before `.member` on a line; null when the line casts before that member twice, differently. */
  cast(member: string, type: string | undefined, line: number): void {
    const t = typeName(type);
    if (!t) return;
    let byMember = this.casts.get(line);
    if (!byMember) this.casts.set(line, (byMember = new Map()));
    const known = byMember.get(member);
    byMember.set(member, known === undefined || known === t ? t : null);
  }

  typeOfField(name: string): string | undefined {
    return this.fields.get(name) ?? undefined;
  }

  /** Per line: the call each member is called on (`a.build().setData()` → setData: `a.build`), null when ambiguous. */
  private readonly chained = new Map<number, Map<string, string | null>>();

  /** A member called on what a call returns, on one line: the callee as written (`a.build`, `Foo::new`, `new Foo`). */
  chain(member: string, callee: string, line: number): void {
    let byMember = this.chained.get(line);
    if (!byMember) this.chained.set(line, (byMember = new Map()));
    const known = byMember.get(member);
    byMember.set(member, known === undefined || known === callee ? callee : null);
  }

  /** The call whose result `.member` is called on at that line, as written; undefined when none or ambiguous. */
  calleeBefore(member: string, line: number): string | undefined {
    this.readLine(line);
    return this.chained.get(line)?.get(member) ?? undefined;
  }

  /** Reads a line's casts and chained calls, once. */
  private readLine(line: number): void {
    const text = this.lines[line - 1];
    if (text === undefined || this.linesRead[line] === 1) return;
    this.linesRead[line] = 1;
    if (this.readsCasts) scanCasts(text, line, this);
    scanChainedCalls(text, line, this);
  }
}

/**
 * A call whose result is called on (`a.build().setData(`, `Foo::new().run(`, `client.get(url)?.json(`,
 * `(new Foo(x)).run(`): the callee path, its arguments (one level of nesting) and, looked ahead
 * so that a chain's next call is matched too, the member.
 */
const CHAINED_CALL =
  /(\bnew\s+)?([A-Za-z_$][\w$]*(?:(?:::|\.|->)[A-Za-z_$][\w$]*)*)\s*(?:::<[^>]*>)?\(((?:[^()]|\([^()]*\))*)\)(?=\)?\s*\??\s*(?:\.|::|->)\s*([A-Za-z_$][\w$]*)\s*(?:::<[^>]*>)?\()/g;

function scanChainedCalls(line: string, n: number, out: LocalTypes): void {
  if (!line.includes(')')) return;
  for (const m of line.matchAll(CHAINED_CALL)) out.chain(m[4], m[1] ? `new ${m[2]}` : m[2], n);
}

/**
 * The type a function or method's signature states it returns, when the language writes it
 * (`-> Foo`, `): Foo`, Go's `) *Foo`, Java's `Foo name(`); `Self`/`this`/`static` is the
 * container. Undefined when the signature states none or a type it cannot name.
 */
export function returnTypeOf(signature: string, language: string, container: string | undefined): string | undefined {
  const text = signature.replace(/[{;:]\s*$/, '').trim();
  let written: string | undefined;
  if (language === 'rust' || language === 'python') written = /->\s*(.+?)\s*(?:where\b.*)?$/.exec(text)?.[1];
  else if (language === 'typescript' || language === 'tsx' || language === 'php')
    written = /\)\s*:\s*\??\s*([^=]+?)\s*$/.exec(text)?.[1];
  // Go: `) *Foo`, `) (*Foo, error)`, named `) (cmd *Foo, err error)`: the first result.
  else if (language === 'go') written = /\)\s*(?:\(\s*(?:\w+\s+(?=[*\w]))?)?([*\w.[\]]+)[^()]*\)?\s*$/.exec(text)?.[1];
  else if (language === 'java' || language === 'csharp')
    written = /([A-Z][\w.]*)(?:<[^()]*>)?\s+[a-z_]\w*\s*\(/.exec(text)?.[1];
  if (!written) return undefined;
  if (/^(?:Self|this|static|self)\b/.test(written.replace(/^&\s*(?:mut\s+)?/, ''))) return container || undefined;
  // `Result<Foo, E>`, `Promise<Foo>`, `io::Result<Foo>`: the value is the first argument.
  const wrapped = /^[\w:]*(?:Result|Promise|Poll)\s*<\s*([^,<>]+(?:<[^<>]*>)?)/.exec(written);
  return typeName(wrapped ? wrapped[1] : written);
}

/** Wrappers whose argument is the type that matters (`Optional[Foo]`, `Box<Foo>`, `Arc<Mutex<Foo>>` stays Arc). */
const TRANSPARENT_WRAPPERS: ReadonlySet<string> = new Set(['Optional', 'Option', 'Box', 'Rc', 'Arc', 'Ref', 'RefMut']);

/** `t.Optional["pkg.Foo"]` → Foo, `*pkg.Server` → Server, `&mut Foo<'a>` → Foo, `Foo[]` → undefined. */
export function typeName(written: string | undefined): string | undefined {
  if (!written) return undefined;
  // The same few spellings come back on line after line (every `key: value` of a JavaScript
  // object literal is read as one): each is worked out once.
  const known = typeNames.get(written);
  if (known !== undefined) return known === NOT_A_TYPE ? undefined : known;
  const name = readTypeName(written);
  if (typeNames.size >= MAX_TYPE_NAMES) typeNames.clear();
  typeNames.set(written, name ?? NOT_A_TYPE);
  return name;
}

/** typeName's answers so far, NOT_A_TYPE for none; emptied when it reaches MAX_TYPE_NAMES. */
const typeNames = new Map<string, string>();
const NOT_A_TYPE = '';
const MAX_TYPE_NAMES = 100_000;

function readTypeName(written: string): string | undefined {
  let text = written.trim().replace(/^["']|["']$/g, '');
  for (;;) {
    const wrapped = /^([\w.:]+)\s*[[<]\s*["']?(.+?)["']?\s*[\]>]$/.exec(text);
    if (!wrapped || !TRANSPARENT_WRAPPERS.has(lastSegment(wrapped[1]))) break;
    text = wrapped[2];
  }
  text = text.replace(/^[*&\s]+(?:mut\s+)?|^'\w+\s+/g, '').replace(/[<[].*$/, '');
  if (/[^\w.:\\]/.test(text) || text === '') return undefined;
  // `IdleNotifiedSet::new` (a struct literal's field, `let x = Foo::new()`): the type is the path before the function.
  const constructed = /([A-Z]\w*)::[a-z_]\w*$/.exec(text);
  const last = constructed ? constructed[1] : lastSegment(text);
  return /^[A-Za-z_]\w*$/.test(last) ? last : undefined;
}

function lastSegment(path: string): string {
  const parts = path.split(/\.|::|\\/).filter((x) => x);
  return parts[parts.length - 1] ?? path;
}

type LineScanner = (line: string, lineNumber: number, out: LocalTypes, state: { inStruct: boolean }) => void;

const TYPE = String.raw`["']?[\w.:\\]+(?:\s*[[<][^=;{]*?[\]>])?["']?`;

const PYTHON_SELF_FIELD = new RegExp(String.raw`\bself\.(\w+)\s*(?::\s*(${TYPE}))?\s*=\s*([\w.]+)\(`, 'g');
const PYTHON_LOCAL_NEW = new RegExp(String.raw`^\s*(\w+)\s*(?::\s*(${TYPE}))?\s*=\s*([\w.]+)\(`);
const PYTHON_ANNOTATION = new RegExp(String.raw`(?:^|[(,])\s*(?:self\.)?(\w+)\s*:\s*(${TYPE})`, 'g');

function scanPython(line: string, n: number, out: LocalTypes): void {
  if (line.includes('=')) {
    for (const m of line.matchAll(PYTHON_SELF_FIELD)) out.field(m[1], m[2] ?? constructorName(m[3]));
    const local = PYTHON_LOCAL_NEW.exec(line);
    if (local) out.declare(local[1], local[2] ?? constructorName(local[3]), n);
  }
  if (!line.includes(':')) return;
  for (const m of line.matchAll(PYTHON_ANNOTATION)) {
    out.declare(m[1], m[2], n);
    // A class body's `x: Foo` (dataclasses, attrs) states a field.
    if (/^\s+\w+\s*:/.test(line) || /^\s*self\./.test(line)) out.field(m[1], m[2]);
  }
}

/** A call is a constructor in Python and Ruby when it names a class: capitalised by convention. */
function constructorName(callee: string): string | undefined {
  const last = lastSegment(callee);
  return /^[A-Z]/.test(last) ? last : undefined;
}

const TS_THIS_NEW = /\bthis\.(\w+)\s*=\s*new\s+([\w.]+)/g;
const TS_LOCAL_NEW = /\b(?:const|let|var)\s+(\w+)\s*(?::\s*[^=]+)?=\s*new\s+([\w.]+)/g;
const TS_ANNOTATION = new RegExp(
  String.raw`(?:^|[(,;{]|\b(?:const|let|var|readonly|private|public|protected|static))\s*(\w+)\s*[?!]?\s*:\s*(${TYPE})`,
  'g',
);

const TS_CAST = /(?:\bas\s+([\w.]+)|^\s*<([\w.]+)>[^)]*)\s*\)\s*\.\s*([A-Za-z_$][\w$]*)/g;

function scanCasts(line: string, n: number, out: LocalTypes): void {
  if (line.includes(')')) for (const m of line.matchAll(TS_CAST)) out.cast(m[3], m[1] ?? m[2], n);
}

// Each pattern below is tried only on a line holding a word or character it needs (`new`, `:`):
// most lines hold neither, and a substring test costs far less than a failed match.
function scanTypeScript(line: string, n: number, out: LocalTypes): void {
  if (line.includes('new')) {
    for (const m of line.matchAll(TS_THIS_NEW)) out.field(m[1], m[2]);
    for (const m of line.matchAll(TS_LOCAL_NEW)) out.declare(m[1], m[2], n);
  }
  if (!line.includes(':')) return;
  // Whether the line starts like a class member's `private x: Foo;`: the same for every match of it.
  let memberLine: boolean | undefined;
  for (const m of line.matchAll(TS_ANNOTATION)) {
    out.declare(m[1], m[2], n);
    // A class member's `private x: Foo;` (or a constructor parameter property) states a field.
    memberLine ??= /^\s*(?:(?:private|public|protected|readonly|static)\s+)*\w+\s*[?!]?\s*:/.test(line);
    if (memberLine) out.field(m[1], m[2]);
    if (/\b(?:private|public|protected|readonly)\s+\w+\s*[?!]?\s*:/.test(m[0])) out.field(m[1], m[2]);
  }
}

const GO_RECEIVER = new RegExp(String.raw`^func\s*\(\s*(\w+)\s+(\*?\s*[\w.]+)`);
const GO_PARAM = /[(,]\s*(\w+)\s+(\*?\s*[\w.]+)\s*(?=[,)])/g;
const GO_VAR = /\bvar\s+(\w+)\s+(\*?\s*[\w.]+)/;
const GO_LITERAL = /\b(\w+)\s*:?=\s*&?([\w.]+)\s*\{/;
/** `router := e.findRouter(host)`, `c, err := newClient(…)`: the first value a call returns. */
const GO_CALL_ASSIGN = /^\s*(\w+)(?:\s*,\s*\w+)*\s*:?=\s*([A-Za-z_][\w.]*)\s*\(/;
const GO_STRUCT_FIELD = /^\s+(\w+)\s+(\*?\s*[\w.]+)\s*(?:`.*)?(?:\/\/.*)?$/;

function scanGo(line: string, n: number, out: LocalTypes, state: { inStruct: boolean }): void {
  if (/^type\s+\w+\s+struct\s*\{\s*$/.test(line)) {
    state.inStruct = true;
    return;
  }
  if (state.inStruct) {
    if (/^\}/.test(line)) state.inStruct = false;
    const field = GO_STRUCT_FIELD.exec(line);
    if (field) out.field(field[1], field[2]);
    return;
  }
  const receiver = GO_RECEIVER.exec(line);
  if (receiver) out.declare(receiver[1], receiver[2], n);
  // A function literal's parameters too (`return func(c echo.Context) error {`): middleware and
  // handlers are closures, and their calls go through those parameters.
  if (/\bfunc\b/.test(line)) for (const m of line.matchAll(GO_PARAM)) out.declare(m[1], m[2], n);
  const v = GO_VAR.exec(line);
  if (v) out.declare(v[1], v[2], n);
  const literal = GO_LITERAL.exec(line);
  if (literal && /^[A-Z]|\./.test(literal[2])) out.declare(literal[1], literal[2], n);
  const called = GO_CALL_ASSIGN.exec(line);
  if (called) out.assignCall(called[1], called[2], n);
}

const RUST_LET_TYPED = new RegExp(String.raw`\blet\s+(?:mut\s+)?(\w+)\s*:\s*(&?\s*(?:mut\s+)?${TYPE})`);
const RUST_LET_NEW =
  /\blet\s+(?:mut\s+)?(\w+)\s*=\s*([A-Z]\w*)(?:::<[^>]*>)?(?:::(?:new|default|with_\w+|from_\w+)\s*\(|\s*\{)/;
const RUST_BINDING = new RegExp(
  String.raw`(?:^|[(,])\s*(?:pub(?:\([^)]*\))?\s+)?(?:mut\s+)?(\w+)\s*:\s*(&?\s*(?:'\w+\s+)?(?:mut\s+)?${TYPE})`,
  'g',
);

function scanRust(line: string, n: number, out: LocalTypes): void {
  if (line.includes('let')) {
    const typed = RUST_LET_TYPED.exec(line);
    if (typed) out.declare(typed[1], typed[2], n);
    const made = RUST_LET_NEW.exec(line);
    if (made) out.declare(made[1], made[2], n);
  }
  if (!line.includes(':')) return;
  for (const m of line.matchAll(RUST_BINDING)) {
    if (m[1] === 'self') continue;
    out.declare(m[1], m[2], n);
    // A struct's `name: Type,` line states a field (a parameter list's line looks the same: both are kept).
    if (/^\s*(?:pub(?:\([^)]*\))?\s+)?\w+\s*:/.test(line)) out.field(m[1], m[2]);
  }
}

const JAVA_DECLARATION =
  /(?:^|[(,;{]|\b(?:final|private|public|protected|static))\s*([A-Z][\w.]*)(?:<[^=;()]*>)?\s+(\w+)\s*(?=[=;,)])/g;

function scanJava(line: string, n: number, out: LocalTypes): void {
  for (const m of line.matchAll(JAVA_DECLARATION)) {
    out.declare(m[2], m[1], n);
    if (/^\s*(?:(?:private|public|protected|final|static|readonly)\s+)+/.test(line)) out.field(m[2], m[1]);
  }
}

const RUBY_NEW = /(@?)(\w+)\s*=\s*([A-Z][\w:]*)\.new\b/g;

function scanRuby(line: string, n: number, out: LocalTypes): void {
  for (const m of line.matchAll(RUBY_NEW)) {
    if (m[1] === '@') out.field(m[2], m[3]);
    else out.declare(m[2], m[3], n);
  }
}

const PHP_THIS_NEW = /\$this->(\w+)\s*=\s*new\s+\\?([\w\\]+)/g;
const PHP_LOCAL_NEW = /\$(\w+)\s*=\s*new\s+\\?([\w\\]+)/g;
const PHP_PARAM = /(?:^|[(,])\s*\??\\?([A-Z][\w\\]*)\s+\$(\w+)/g;

/** `$graph = $container->getCompiler()->getServiceReferenceGraph();`: the value (or `$this->` field) and the last method called. */
const PHP_CALL_ASSIGN = /(\$this->)?\$?(\w+)\s*=\s*\$\w+(?:(?:->|::)\w+(?:\([^()]*\))?)*(?:->|::)(\w+)\([^;]*\)\s*;/;

function scanPhp(line: string, n: number, out: LocalTypes): void {
  if (!line.includes('$')) return;
  for (const m of line.matchAll(PHP_THIS_NEW)) out.field(m[1], m[2]);
  for (const m of line.matchAll(PHP_LOCAL_NEW))
    if (m.index === 0 || line[m.index - 1] !== '>') out.declare(m[1], m[2], n);
  for (const m of line.matchAll(PHP_PARAM)) out.declare(m[2], m[1], n);
  const called = line.includes('=') ? PHP_CALL_ASSIGN.exec(line) : null;
  if (called?.[1]) out.assignFieldCall(called[2], called[3]);
  else if (called) out.assignCall(called[2], called[3], n);
}

/**
 * The type a PHP doc comment says a function returns (`@return ServiceReferenceGraph`), for the
 * many methods whose signature states none; `$this`, `self` and `static` are the container.
 */
export function docReturnTypeOf(doc: string | undefined, container: string | undefined): string | undefined {
  const m = doc === undefined ? null : /@return\s+\??\\?([\w\\$]+)/.exec(doc);
  if (!m) return undefined;
  const written = m[1].slice(m[1].lastIndexOf('\\') + 1);
  if (written === '$this' || written === 'self' || written === 'static') return container || undefined;
  return /^[A-Z]/.test(written) ? typeName(written) : undefined;
}

const SCANNERS: Readonly<Record<string, LineScanner>> = {
  python: scanPython,
  typescript: scanTypeScript,
  tsx: scanTypeScript,
  javascript: scanTypeScript,
  go: scanGo,
  rust: scanRust,
  java: scanJava,
  csharp: scanJava,
  ruby: scanRuby,
  php: scanPhp,
};

/** The stated types of a file's values; null for a language whose statements are not read. */
export function localTypesOf(text: string, language: string): LocalTypes | null {
  const scan = SCANNERS[language];
  if (!scan) return null;
  const lines = text.split('\n');
  const out = new LocalTypes(lines, scan === scanTypeScript);
  const state = { inStruct: false };
  for (let i = 0; i < lines.length; i++) scan(lines[i], i + 1, out, state);
  return out;
}
