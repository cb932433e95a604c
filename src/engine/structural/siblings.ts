/**
 * X's structural siblings, for "similar to X": the definitions of X's family — the same kind,
 * named alike, in X's file or directory, shaped alike (MinimumNArgs → MaximumNArgs, ExactArgs;
 * crypt-sha256.c's crypt_sha256crypt_rn → crypt-sha512.c's crypt_sha512crypt_rn) — and the
 * other definitions of X's own name. The similarity and its parts are the numbers
 * ranking.ts names (SIBLING_*), so an explanation can show them and they add up.
 */
import type { Chunk, Definition, DefinitionKind, Reference } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import {
  SIBLING_MIN_SIMILARITY,
  SIBLING_NAME_WEIGHT,
  SIBLING_NAMELESS_MIN_SHAPE,
  SIBLING_PARALLEL_MIN_SHARE,
  SIBLING_PARALLEL_PLACE_LIFT,
  SIBLING_PARTIAL_NAME,
  SIBLING_PLACE_WEIGHT,
  SIBLING_RELATED_KIND,
  SIBLING_SAME_DIRECTORY,
  SIBLING_SHAPE_WEIGHT,
  SIBLING_VARIANT_FILE,
} from '../ranking';
import { defaultExportName, fileStem, placeWords } from '../path-words';
import { splitIdentifier, subTokens } from '../tokens';
import { OWN_OBJECT } from '../own-receivers';
import { arityAffinity, callArity, closestArities } from './arity';
import { holdsLine, holdsRange, overlap } from '../line-range';
import { escapeRegExp } from '../text/escape';
import { LANGUAGE_CONSTRUCTOR_NAMES } from './constructor-names';

/** At most this many definitions of an ambiguous X are read for siblings (all of them are X). */
export const MAX_SUBJECT_SIBLING_SOURCES = 8;

/** Files of X's directory read for siblings at most (corpus order): a flat tree of thousands stays cheap. */
const DIRECTORY_FILES_READ = 200;

export interface Sibling {
  chunkId: number;
  name: string;
  kind: DefinitionKind;
  similarity: number;
  /** The parts of the similarity (ranking.ts, SIBLING_*); form: arityAffinity of the two signatures. */
  parts: { kind: number; form: number; name: number; place: number; shape: number };
  /** In another file of the folder the question named X's place with (place 1: inNamedFolder). */
  namedFolder?: true;
  /** X's name in a module that defines X's module's other functions too (parallelModules, parallelPlace). */
  parallelModule?: true;
  /**
   * X's method in another class with X's class's base (Composer's SvnDownloader::doDownload for
   * GitDownloader::doDownload, both extending VcsDownloader): the base's method implemented again;
   * or X's function in a module that writes its own name where X's writes X's (renamedModules).
   */
  sameBase?: true;
  /**
   * X's function in another module of X's kind: the module's anonymous default export, a name
   * that spells its file's where X's spells X's, or X's with the module's own word
   * (renamedModules). The named place's X is one of them, so they stay when the question names
   * X's file (inNamedPlace).
   */
  fileModule?: true;
  /** A definition of another name than X's in X's own file, or, X a table entry, another table's entry of X's name. */
  ownFile?: true;
}

/** Kind families: a function's sibling may be a method, a class's a struct. */
const FAMILIES: readonly (readonly DefinitionKind[])[] = [
  ['function', 'method', 'macro'],
  ['class', 'struct', 'interface', 'trait', 'type', 'enum'],
  ['module', 'namespace'],
];

export function kindAffinity(a: DefinitionKind, b: DefinitionKind): number {
  if (a === b) return 1;
  return FAMILIES.some((f) => f.includes(a) && f.includes(b)) ? SIBLING_RELATED_KIND : 0;
}

/**
 * 1 for the same name; else SIBLING_PARTIAL_NAME × the overlap of the names' word parts
 * (digits left out), or × 1 when both names follow one pattern: as many parts, one of them
 * different (parse_array · parse_hash, MinimumNArgs · MaximumNArgs, IntRange · FloatRange).
 */
export function nameAffinity(a: string, b: string, pair: (b: string) => boolean = () => false): number {
  if (a === b) return 1;
  const pa = nameParts(a);
  const pb = nameParts(b);
  return SIBLING_PARTIAL_NAME * (onePattern(pa, pb) && !pair(b) ? 1 : jaccard(new Set(pa), new Set(pb)));
}

/**
 * Which names follow X's pattern only as a pair: their one different word stands where no other
 * name of the place (`names`: the definitions read for siblings) differs from X, while another
 * word of X's name varies across two names or more. tokio's task state has `set_running` and
 * `unset_running`, and `set_notified`, `set_cancelled`, `set_join_waker`: the `set_` family is
 * X's, the `unset_` one its inverse. hyper's chunked decoder has `read_body_lf`, `read_trailer_lf`,
 * `read_end_lf` beside `read_body_cr`; jemalloc's `prof_gctx_merge_iter` has `prof_tctx_` and
 * `prof_tdata_merge_iter` beside `prof_gctx_dump_iter`. A name of such a pair is compared by its
 * words (nameAffinity: the Jaccard overlap), as any other name; when no word of X's name varies
 * across two names, every one-pattern name counts as one (a family of two).
 */
export function pairedNames(x: string, names: Iterable<string>): (y: string) => boolean {
  const px = nameParts(x);
  const slotOf = new Map<string, number>();
  const support = new Map<number, number>();
  for (const n of new Set(names)) {
    if (n === x) continue;
    const pn = nameParts(n);
    if (!onePattern(px, pn)) continue;
    const slot = pn.findIndex((part, i) => part !== px[i]);
    if (slot < 0) continue;
    slotOf.set(n, slot);
    support.set(slot, (support.get(slot) ?? 0) + 1);
  }
  const widest = Math.max(0, ...support.values());
  if (widest < 2) return () => false;
  return (y) => {
    const slot = slotOf.get(y);
    return slot !== undefined && support.get(slot) === 1;
  };
}

/**
 * Whether a function elsewhere is named in X's pattern with enough words to say so: three or
 * more, one different (uwsgi's `uwsgi_perl_enable_threads` for `uwsgi_python_enable_threads`,
 * each plugin's function in one slot of its plugin table). Such a definition in another directory
 * is read as a sibling candidate (siblingsOf's `elsewhere`); two-word names (`get_x`, `set_x`)
 * name too much of a repository to be read so. Null when X's name is too short; the test is run
 * on every name of a repository, so a name holding neither of X's first two words is passed over
 * before it is split.
 */
export function inPatternOf(x: string): ((y: string) => boolean) | null {
  const px = nameParts(x);
  if (px.length < 3) return null;
  const [first, second] = px;
  return (y) => {
    if (y === x) return false;
    const lower = y.toLowerCase();
    return (lower.includes(first) || lower.includes(second)) && onePattern(px, nameParts(y));
  };
}

/** Whether `name` is X's (parts `xParts`) or follows X's pattern (onePattern), its words compared only when they may. */
function namedInPattern(xParts: readonly string[], name: string): boolean {
  const lower = name.toLowerCase();
  if (!xParts.some((p) => lower.includes(p))) return false;
  const parts = nameParts(name);
  return parts.length === xParts.length && (parts.every((p, i) => p === xParts[i]) || onePattern(xParts, parts));
}

function onePattern(a: readonly string[], b: readonly string[]): boolean {
  return a.length >= 2 && onlyDifference(a, b) !== undefined;
}

/** Where two names' parts differ in one part at most: that part's index, or -1 where none differs; undefined where the lengths or more parts differ. */
function onlyDifference(a: readonly string[], b: readonly string[]): number | undefined {
  if (a.length !== b.length) return undefined;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at !== -1) return undefined;
    at = i;
  }
  return at;
}

export function placeAffinity(a: string, b: string, layered = false): number {
  if (a === b) return 1;
  if (!layered && variantFile(a, b)) return SIBLING_VARIANT_FILE;
  return directoryOf(a) === directoryOf(b) ? SIBLING_SAME_DIRECTORY : 0;
}

/**
 * Whether two files are named as one module's variants, in any folder: one name is the other's
 * words with one more before or after them (chunks.rs · try_chunks.rs, ready_chunks.rs;
 * select.rs · select_all.rs, try_select.rs), or both have two words or more and differ in one
 * (quic_listen.go · tcp_listen.go). A library of one adapter per file names its variants so
 * (ranking.ts, SIBLING_VARIANT_FILE); files of one name (io/flush.rs, sink/flush.rs) are not
 * told apart by it. One file importing the other (`layered`, importsModule) is built on it, not
 * a variant: tokio's semaphore.rs wraps batch_semaphore.rs (`use super::batch_semaphore as ll`).
 */
export function variantFile(a: string, b: string): boolean {
  if (typeSuffixed(fileStem(a), fileStem(b))) return true;
  const [pa, pb] = [nameParts(fileStem(a)), nameParts(fileStem(b))];
  if (pa.length === 0 || pb.length === 0 || pa.join(' ') === pb.join(' ')) return false;
  if (onePattern(pa, pb)) return true;
  const [short, long] = pa.length < pb.length ? [pa, pb] : [pb, pa];
  if (long.length !== short.length + 1) return false;
  const at = (from: number) => short.every((w, i) => long[from + i] === w);
  return at(0) || at(1);
}

/**
 * Whether two one-word lower-case names are one name with a short type mark each, one or two
 * letters after a stem of three or more, at the end or before an ending both share: C's
 * libraries name a function's variants for another type or form so, one per file (musl's and
 * gnulib's hypot.c · hypotf.c · hypotl.c, fmod · fmodf; strtol · strtoll; open · openat, read ·
 * readv), and compiler-rt writes the machine mode inside the name (popcountsi2 · popcountdi2 ·
 * popcountti2, mulsc3 · muldc3 · mulxc3). Split into words, `hypotf` and `hypot` share none
 * (nameAffinity), and a math folder of 600 files holds them past the first DIRECTORY_FILES_READ.
 * Names sharing only the ending (ctzsi2 · popcountsi2, divsc3 · mulsc3) are other operations on
 * one type, not variants.
 */
export function typeSuffixed(a: string, b: string): boolean {
  if (a === b || !ONE_LOWER_WORD.test(a) || !ONE_LOWER_WORD.test(b)) return false;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  if (common < 3) return false;
  let ending = 0;
  while (
    ending < a.length - common &&
    ending < b.length - common &&
    a[a.length - 1 - ending] === b[b.length - 1 - ending]
  )
    ending++;
  return a.length - common - ending <= 2 && b.length - common - ending <= 2;
}

const ONE_LOWER_WORD = /^[a-z][a-z0-9]*$/;

/**
 * Whether two functions are one function's variants for another type or form, each in the file
 * named after it (typeSuffixed: hypotf in hypotf.c, hypotl in hypotl.c): one function per file,
 * the file's name saying which variant it is. Not two names of one file (`get` · `gets`).
 */
function typeVariants(a: string, aPath: string, b: string, bPath: string): boolean {
  // C reserves names with leading underscores to its runtime, whose files drop them (__popcountsi2 in popcountsi2.c).
  const [ra, rb] = [a.replace(/^_+/, ''), b.replace(/^_+/, '')];
  return fileStem(aPath) === ra && fileStem(bPath) === rb && typeSuffixed(ra, rb);
}

/** Whether a file's imports name the module of the file at `path` (its name without the extension, as one part of a specifier). */
function importsModule(file: CorpusFile, path: string): boolean {
  const stem = fileStem(path);
  return file.analysis.imports.some((i) => i.specifier.split(/[^\w$-]+/).includes(stem));
}

/** A definition as its shape is read: its signature, its lines, and the names its body defines and uses. */
export interface Shaped {
  definition: Definition;
  path: string;
  /** Names defined (members) and used (calls, types, references) inside it. */
  body: ReadonlySet<string>;
}

/**
 * The mean of three overlaps: the signatures' words (the names left out), the sizes in lines
 * (the smaller over the larger), and the bodies' names (members defined, names used).
 */
export function shapeAffinity(x: Shaped, y: Shaped): number {
  const sx = signatureParts(x.definition);
  const sy = signatureParts(y.definition);
  const words = sx.size + sy.size === 0 ? 1 : jaccard(sx, sy);
  const lx = x.definition.endLine - x.definition.startLine + 1;
  const ly = y.definition.endLine - y.definition.startLine + 1;
  const body = x.body.size + y.body.size === 0 ? 1 : jaccard(x.body, y.body);
  return (words + Math.min(lx, ly) / Math.max(lx, ly) + body) / 3;
}

/**
 * How alike two functions' forms are: arityAffinity of their closest call counts (callArity,
 * closestArities: a value that may be left out is one a call may pass; 1 for a class, or when
 * either signature has no parameter list). A getter and its setter share their
 * words and the field they touch, so name and shape call them alike; their forms differ. Another
 * definition of X's own name is another implementation of it whatever it asks for (an overload,
 * a package that made an option a parameter): 1. So are two refusals (`bothRefuse`, refuses):
 * a read-only class's `clear()` and `set($name, $value)` each only throw, whatever a call passes.
 */
export function formAffinity(x: Definition, y: Definition, bothRefuse = false): number {
  if (bothRefuse || x.name === y.name || !FUNCTION_FAMILY.has(x.kind) || !FUNCTION_FAMILY.has(y.kind)) return 1;
  const [ax, ay] = [callArity(x.name, x.signature), callArity(y.name, y.signature)];
  return ax === null || ay === null ? 1 : arityAffinity(...closestArities(ax, ay));
}

const FUNCTION_FAMILY: ReadonlySet<DefinitionKind> = new Set(FAMILIES[0]);

/**
 * How X was named by the question when its qualifier or path picked it (`SymfonyStyle::warning`,
 * `runtime.js:tick`): the container, file or directory the user wrote before X's name.
 */
export interface NamedBy {
  qualifier?: string;
  path?: string;
}

/**
 * Whether a qualifier or path names this definition's container, file (its name without the
 * extension) or directory; with `folders: 'any'`, any folder above it too (`like the libc one`:
 * rustix's backend/libc/termios/syscalls.rs, beside backend/linux_raw/…, one backend each),
 * read only when the qualifier names no definition's container, file or directory
 * (`BigInteger::bitwise_xor` is the class's, not every engine's under Math/BigInteger/).
 */
export function picks(
  by: NamedBy,
  path: string,
  container: string | undefined,
  folders: 'parent' | 'any' = 'parent',
): boolean {
  if (by.path !== undefined && !inPlace(path, by.path)) return false;
  const q = by.qualifier;
  if (q === undefined) return true;
  const parts = path.split('/');
  if (container === q || fileStem(path) === q || parts[parts.length - 2] === q) return true;
  return folders === 'any' && parts.slice(0, -2).includes(q);
}

/**
 * Whether a file is the one a question named (`hcldec/spec.go`, the end of its path) or lies in the
 * folder it named (`Crypt/DSA/Formats/Keys`, a whole run of the path's folders).
 */
function inPlace(path: string, named: string): boolean {
  const place = named.replace(/\/+$/, '');
  return path === place || path.endsWith(`/${place}`) || `/${path}`.includes(`/${place}/`);
}

/**
 * The name part when the question named X with its qualifier (`by`): a definition the same
 * qualifier picks is named with it as X is, so the qualifier is a part both names share
 * (SymfonyStyle::success · SymfonyStyle::warning: one pattern, one part different, though
 * `success` and `warning` alone share nothing). Any other definition is compared by its own
 * name: another definition of X's name stays another implementation of it (1; tokio's
 * UnixDatagram::try_recv is UdpSocket::try_recv's code for another socket). Without `by`,
 * nameAffinity.
 */
export function namedAffinity(
  x: Shaped,
  y: Shaped,
  by?: NamedBy,
  pair: (name: string) => boolean = () => false,
): number {
  const [a, b] = [x.definition.name, y.definition.name];
  if (a !== b && x.path !== y.path && roleElsewhere(a, x.path, b, y.path)) return 1;
  if (a !== b && x.path !== y.path && typeVariants(a, x.path, b, y.path)) return SIBLING_PARTIAL_NAME;
  if (a !== b && namedAfterContainers(x.definition, y.definition)) return SIBLING_PARTIAL_NAME;
  // A folder further up (a backend's) names every definition under it: it picks X, it is no part of names.
  if (by === undefined || a === b || !picks(by, y.path, y.definition.container)) return nameAffinity(a, b, pair);
  const [pa, pb] = [
    [QUALIFIER_PART, ...nameParts(a)],
    [QUALIFIER_PART, ...nameParts(b)],
  ];
  return SIBLING_PARTIAL_NAME * (onePattern(pa, pb) ? 1 : jaccard(new Set(pa), new Set(pb)));
}

/**
 * Whether two names are one role each written with its own place's name, X's name for another
 * module: Capstone's one module per architecture (`PPC_reg_name` in arch/PowerPC/PPCMapping.c,
 * `ARM_reg_name` in arch/ARM/ARMMapping.c),
 * gnulib's one file per digest (`md5_buffer` in md5.c, `md2_buffer` in md2.c). Read as one
 * pattern, they tied with X's neighbours in X's file (`PPC_group_name`), whose differing word is
 * the role itself; it is another implementation of X's name.
 */
export function roleElsewhere(a: string, aPath: string, b: string, bPath: string): boolean {
  const [x, y] = [placeRole(a, aPath), placeRole(b, bPath)];
  if (x === undefined || y === undefined || x.role !== y.role) return false;
  // The words left off are each one's own place, not the other's: `create` in createAction.ts
  // and in createSlice.ts names both places, no module.
  return !placeWords(bPath).has(x.place) && !placeWords(aPath).has(y.place);
}

/**
 * Which names elsewhere may be X's role for another module (roleElsewhere): those that
 * end with the words of X's role (placeRole) and have more. Null when X's name has no role past
 * its place's words. Run on every name of a repository, so a name without the role's last word is
 * passed over before it is split.
 */
export function inRoleOf(x: string, path: string): ((y: string) => boolean) | null {
  const role = placeRole(x, path)?.role.split(' ');
  if (role === undefined) return null;
  const last = role[role.length - 1];
  return (y) => {
    if (y === x || !y.toLowerCase().includes(last)) return false;
    const parts = splitIdentifier(y);
    if (parts.length <= role.length) return false;
    return role.every((w, i) => parts[parts.length - role.length + i] === w);
  };
}

/**
 * A name's words past the run of its own place's words it starts with (a folder's or the file's
 * name, or one of their parts: placeWords), joined, and that run; undefined when
 * it starts with none, or is all place (`createAction` in createAction.ts). A module's name
 * before the role, as C writes its namespace; a place word after a verb (TypeScript's `isAction`
 * in action.ts, `getCurrentQuery` in queryObserver.ts) names what the verb acts on, and `is`,
 * `get` are no role (read so, the npm eval's find-similar set fell: docs/eval/FUSION.md).
 */
export function placeRole(name: string, path: string): { role: string; place: string } | undefined {
  const parts = splitIdentifier(name);
  const place = placeWords(path);
  if (parts.length < 2 || place.has(parts.join(''))) return undefined;
  for (let end = parts.length - 1; end >= 1; end--)
    if (place.has(parts.slice(0, end).join('')))
      return { role: parts.slice(end).join(' '), place: parts.slice(0, end).join('') };
  return undefined;
}

/**
 * Whether two methods are each named after their container in one way: the container is the
 * method's name with the same further words (Symfony's Loader/Configurator/Traits, one flag per
 * trait: `AutowireTrait::autowire`, `ShareTrait::share`, `LazyTrait::lazy`). Their names share no
 * word, but the pairs follow one pattern, as `IntRange` and `FloatRange` do.
 */
export function namedAfterContainers(x: Definition, y: Definition): boolean {
  const [rx, ry] = [containerRest(x), containerRest(y)];
  return rx !== undefined && rx === ry;
}

/** The words a method's container adds to the method's name, with the side they stand on (`<trait` for AutowireTrait::autowire). */
function containerRest(d: Definition): string | undefined {
  if (d.container === undefined || !FUNCTION_FAMILY.has(d.kind)) return undefined;
  const [c, n] = [nameParts(d.container), nameParts(d.name)];
  if (n.length === 0 || c.length <= n.length) return undefined;
  const at = (i: number) => n.every((part, j) => c[i + j] === part);
  if (at(0)) return `<${c.slice(n.length).join(' ')}`;
  if (at(c.length - n.length)) return `${c.slice(0, c.length - n.length).join(' ')}>`;
  return undefined;
}

/** The qualifier as a word part of a name (no identifier's part has a space). */
const QUALIFIER_PART = ' qualifier';

/**
 * The place part of X's name in a module parallel to X's (parallelModules): lifted
 * SIBLING_PARALLEL_PLACE_LIFT of the way from its own place to X's file's 1, so that what the
 * modules define says they play one role, and the folders still order the family.
 */
function parallelPlace(place: number, parallel: boolean): number {
  return parallel ? place + SIBLING_PARALLEL_PLACE_LIFT * (1 - place) : place;
}

/**
 * How much `y` is a sibling of `x`; null when its kind is of another family. `by`: how the
 * question named X (namedAffinity); `bothRefuse`: both only throw (refuses), or both hand their
 * call on to their base (handsOnToItsBase): one role, whatever each takes (formAffinity).
 */
export function siblingSimilarity(
  x: Shaped,
  y: Shaped,
  by?: NamedBy,
  bothRefuse = false,
  pair?: (name: string) => boolean,
  /** How the question named X, for the names alone (null: by their own names; siblingsOf's qualifierPicksOnly). */
  namesBy: NamedBy | null | undefined = by,
  /** One of the two files imports the other (importsModule): no variants of one module. */
  layered = false,
  /** `y` is X's name in a module parallel to X's (parallelModules): its place is lifted (parallelPlace). */
  parallel = false,
): { similarity: number; parts: Sibling['parts'] } | null {
  const kind = kindAffinity(x.definition.kind, y.definition.kind);
  if (kind === 0) return null;
  const parts = {
    kind,
    form: formAffinity(x.definition, y.definition, bothRefuse),
    name: namedAffinity(x, y, namesBy ?? undefined, pair),
    place: inNamedFolder(x.path, y.path, by) ? 1 : parallelPlace(placeAffinity(x.path, y.path, layered), parallel),
    shape: shapeAffinity(x, y),
  };
  // A name of no word of X's says nothing of the role: only a shape like X's does (SIBLING_NAMELESS_MIN_SHAPE).
  if (parts.name === 0 && !bothRefuse && parts.shape < SIBLING_NAMELESS_MIN_SHAPE) return { similarity: 0, parts };
  const similarity =
    kind *
    parts.form *
    (SIBLING_NAME_WEIGHT * parts.name + SIBLING_PLACE_WEIGHT * parts.place + SIBLING_SHAPE_WEIGHT * parts.shape);
  return { similarity, parts };
}

/**
 * The siblings of the definition chunk `subject`, most similar first: the definition chunks of
 * its file and directory and those in `sameName` (chunks defining X's name elsewhere), less
 * X itself and whatever overlaps it (its members, its container). `by`: the qualifier or path
 * the question named X with, when it picked X (namedAffinity).
 */
export function siblingsOf(
  corpus: Corpus,
  subject: Chunk,
  sameName: readonly number[],
  declarationOnly: (path: string, definition: Definition) => boolean,
  by?: NamedBy,
): Sibling[] {
  const file = corpus.files[subject.fileId];
  const xDefinition = file && definitionsByChunk(corpus, file).get(subject.id);
  if (!xDefinition) return [];
  // Code like X is code that runs: when X has a body, a signature without one (a `.d.ts`
  // declaration, an overload, a C prototype) is not a sibling, however alike its name and shape.
  const xHasBody = !declarationOnly(file.path, xDefinition);
  const x: Shaped = { definition: xDefinition, path: file.path, body: bodyNames(file, xDefinition) };
  const directory = directoryOf(subject.path);
  const files = new Set<CorpusFile>([file]);
  // Past DIRECTORY_FILES_READ, a file of X's directory is read when it defines a name in X's
  // pattern (onePattern) or X's own: gnulib's flat lib/ holds 1,500 files, one per function
  // family (md2.c's md2_buffer beside md5.c's md5_buffer, open-safer.c beside creat-safer.c),
  // and the first 200 in corpus order held none of X's kin.
  const xParts = nameParts(xDefinition.name);
  const kin = (f: CorpusFile) =>
    f.analysis.definitions.some(
      (d) =>
        FUNCTION_FAMILY.has(d.kind) === FUNCTION_FAMILY.has(xDefinition.kind) &&
        (namedInPattern(xParts, d.name) || typeVariants(xDefinition.name, file.path, d.name, f.path)),
    );
  for (const f of corpus.files)
    if (directoryOf(f.path) === directory && (files.size <= DIRECTORY_FILES_READ || kin(f))) files.add(f);
  for (const id of sameName) files.add(corpus.files[corpus.chunks[id].fileId]);
  // Names are compared as written only when the qualifier is more than X's pick (qualifierPicksOnly).
  const namesBy = qualifierPicksOnly(files, x, directory, declarationOnly) ? null : by;
  const uses = helpersAndUsers(file, x.definition);
  const extended = baseClassesOf(files, x.definition);
  const xDelegates = delegatesToItsName(file, x.definition);
  // X asks a field of its object for its own name too (rust-std's `Stderr::lock` is `StderrLock
  // { inner: self.inner.lock() }`, as `Stdout::lock` and `Stdin::lock` beside it are): those of
  // X's file that do the same are X's kin, not users of X. Only X's file's: across the folder
  // the rule also took mobx's ObservableSet.delete (`this.data_.delete(value)`) first for
  // ObservableMap.delete, a sibling npm run eval's find-similar set does not count (its answers
  // are other packages' `delete`s), and that row fell (docs/eval/FUSION.md). Nor another class of
  // X's base that does the same: one link of a chain of decorators, each reading what it wraps
  // through the base's field (Phing's filters, `$this->in->read($len)` in each `read` of a
  // BaseParamFilterReader), is X's kin as X is theirs.
  const fieldsOf = declaredFields(files);
  const xAsksAField = callsItsNameOnAField(file, x.definition, fieldsOf);
  const xRefuses = refuses(file, x.definition);
  const xConstructs = isConstructor(x.definition);
  const xHandsOn = handsOnToItsBase(file, x.definition);
  const refused = xRefuses ? refusedBase(file, x.definition) : undefined;
  const parallel = parallelModules(file, x.definition);
  const renamed = renamedModules(file, x.definition);
  const xBase = baseOfContainer(file, x.definition);
  const xByFile = namedByFile(file.path, x.definition);
  const pair = pairedNames(
    x.definition.name,
    [...files].flatMap((f) => f.analysis.definitions.filter((d) => FUNCTION_FAMILY.has(d.kind)).map((d) => d.name)),
  );
  const out: Sibling[] = [];
  for (const f of files) {
    for (const [chunkId, y] of definitionsByChunk(corpus, f)) {
      const chunk = corpus.chunks[chunkId];
      if (chunk.fileId === subject.fileId && overlap(chunk, subject)) continue;
      // X's name again in X's file and container is X (cargo's CrateType has `fmt` for Display and
      // for Debug), never an answer (search/similar.ts, overlapsSubject), so no sibling either: as
      // one, it was the nearest in X's named file and hid every implementation elsewhere
      // (inNamedPlace). A body for another build or other template arguments (ownVariant) is X's sibling.
      if (f === file && isTwin(x.definition, y) && !ownVariant(file, x.definition, y)) continue;
      if (kindAffinity(x.definition.kind, y.kind) === 0) continue;
      if (isConstructor(y) !== xConstructs) continue;
      if (xHasBody && (declarationOnly(f.path, y) || standsInFor(x.definition, y))) continue;
      if (f === file && uses(y)) continue;
      if (callsOnItsObject(f, y, x.definition)) continue;
      if (dispatchesTo(f, y, x.definition)) continue;
      if (wrapsAsModule(file, x.definition, f, y)) continue;
      if (extended.has(y.name)) continue;
      if (!xDelegates && delegatesToItsName(f, y)) continue;
      if (
        y.name === x.definition.name &&
        !xDelegates &&
        !(xAsksAField && (f === file || (xBase !== undefined && baseOfContainer(f, y) === xBase))) &&
        callsItsNameOnAField(f, y, fieldsOf)
      )
        continue;
      const yRefuses = xRefuses && refuses(f, y);
      if (refused !== undefined && y.name === x.definition.name && y.container === refused && !yRefuses) continue;
      const oneRole = yRefuses || (xHandsOn && handsOnToItsBase(f, y));
      // A decorator's method (X hands its call on to its base) is kin to the module's other
      // decorating methods (Doctrine's Logging\Connection::commit beside its rollBack): no other
      // module's namesake is lifted past them.
      const inParallel = !xHandsOn && parallel(f, y);
      // A name an anonymous default export takes from its file (defaultExportName) is no role:
      // another in X's folder is X's function in a parallel module (vega's regression/linear.js
      // beside log.js), a namesake elsewhere only shares a file's name.
      const yByFile = namedByFile(f.path, y);
      const oneModuleFunction = xByFile && yByFile && f !== file && directoryOf(f.path) === directory;
      const fileNamesake = f !== file && y.name === x.definition.name && (xByFile || yByFile);
      const renamedHow = renamed(f, y);
      let yNamed = y;
      // An entry of X's table in another module is X's name in that module's word (tableEntries).
      // A name that is nothing but its file's (awesome's `progressbar` in progressbar.lua, `graph`
      // in graph.lua) shares no word with X's however parallel the modules: it is X's name there.
      const wholeFileName =
        renamedHow === 'file' && spellsItsFile(x.definition.name, file.path) && spellsItsFile(y.name, f.path);
      if (oneModuleFunction || renamedHow === 'table' || wholeFileName) yNamed = { ...y, name: x.definition.name };
      else if (fileNamesake) yNamed = { ...y, name: '' };
      const s = siblingSimilarity(
        x,
        { definition: yNamed, path: f.path, body: bodyNames(f, y) },
        by,
        oneRole,
        pair,
        namesBy,
        f !== file && (importsModule(file, f.path) || importsModule(f, file.path)),
        inParallel,
      );
      // X's function in a module parallel to X's, named by its file or its word: what the named
      // place's X is one of (inNamedPlace).
      const fileModule = renamedHow !== undefined || oneModuleFunction;
      // X's base implemented again, or X's function in a module that writes one word of its own,
      // outside the place the question named X with, is not lifted over that place's siblings: the
      // question asks for code there (inNamedPlace). A module named by its file still is (vega's
      // densityNormal in normal.js for densityUniform in uniform.js).
      const outsideNamedPlace = by?.path !== undefined && !inPlace(f.path, by.path);
      const sameBase =
        (!outsideNamedPlace &&
          ((xBase !== undefined &&
            y.name === x.definition.name &&
            y.container !== x.definition.container &&
            baseOfContainer(f, y) === xBase) ||
            renamedHow === 'word')) ||
        renamedHow === 'file' ||
        renamedHow === 'table' ||
        oneModuleFunction;
      if (s && s.similarity >= SIBLING_MIN_SIMILARITY)
        out.push({
          chunkId,
          name: y.name,
          kind: y.kind,
          ...s,
          ...(inNamedFolder(file.path, f.path, by) ? { namedFolder: true as const } : {}),
          ...(inParallel ? { parallelModule: true as const } : {}),
          ...(sameBase ? { sameBase: true as const } : {}),
          ...(fileModule ? { fileModule: true as const } : {}),
          ...(f === file &&
          (y.name !== x.definition.name || (renamed.byTable && y.container !== x.definition.container))
            ? { ownFile: true as const }
            : {}),
        });
    }
  }
  return inNamedPlace(corpus, out, by).sort((a, b) => b.similarity - a.similarity || a.chunkId - b.chunkId);
}

/**
 * Which definitions of X's name elsewhere are X's implementation in a module parallel to X's:
 * one whose module (its container's functions, or its file's top-level ones when it has none)
 * and X's define the same other functions, at least SIBLING_PARALLEL_MIN_SHARE of the smaller
 * one's and two or more. The family is stated by what the modules define, not by their names:
 * one interface's implementations (etcd's tablePrinter and fieldsPrinter, each with
 * EndpointHealth, EndpointStatus, DBStatus, …; the Mongo driver's Sharded and ReplicaSet
 * topologies), one module per platform (libc's solarish/mod.rs and bsd/mod.rs, each with FD_CLR,
 * FD_ISSET, FD_SET, FD_ZERO). A namesake in a module of another role (the cluster's `servers`,
 * beside none of the topology's predicates) shares one or two. Functions only.
 */
function parallelModules(file: CorpusFile, x: Definition): (f: CorpusFile, y: Definition) => boolean {
  if (!FUNCTION_FAMILY.has(x.kind)) return () => false;
  const xModule = moduleFunctions(file, x.container, x.name);
  if (xModule.size < 2) return () => false;
  return (f, y) => {
    if (y.name !== x.name || (f === file && y.container === x.container)) return false;
    return modulesShare(xModule, moduleFunctions(f, y.container, x.name), (n) => n, false);
  };
}

/**
 * Which definitions of another file are X's implementation in a module that names its functions
 * with its own word where X's module has X's (gnulib's bitset/list.c `lbitset_ones` and table.c
 * `tbitset_ones`; OpenAFS's xdr_rec.c `xdrrec_getbytes` and xdr_mem.c `xdrmem_getbytes`): y's
 * name is X's with one word changed, and the other module's functions, that word changed back,
 * are X's module's, more than SIBLING_PARALLEL_MIN_SHARE of the smaller module's and two or more.
 * parallelModules for modules that write their name into each function's, as C does. More than
 * half, not half: names that meet only once a word is changed meet by chance more often, and
 * echo's key_auth.go (`keyFromHeader`, `keyFromQuery`) shares two of method_override.go's four
 * functions without being one more implementation of them (the C families share most of theirs).
 */
function renamedModules(file: CorpusFile, x: Definition): RenamedModules {
  if (!FUNCTION_FAMILY.has(x.kind)) return NOT_RENAMED;
  if (
    x.container !== undefined &&
    moduleFunctions(file, x.container, x.name).size === 0 &&
    namesItsFile(x.name, file.path)
  )
    return tableEntries(file, x);
  const xParts = nameParts(x.name);
  const xModule = new Set([...moduleFunctions(file, x.container, x.name)].map((n) => nameParts(n).join(' ')));
  if (xModule.size === 0) return NOT_RENAMED;
  // Names that spell their own files' names (download_hg in hg.sh, download_git in git.sh) say
  // the modules are parallel by themselves: X and y count as one name both modules define, so
  // two modules of two functions each qualify. One changed word alone says less (key_auth.go's
  // keyFromHeader beside method_override.go's MethodFromHeader): X and y are not counted.
  const xWithX = new Set([...xModule, xParts.join(' ')]);
  const test = (f: CorpusFile, y: Definition) => {
    if (f === file || !FUNCTION_FAMILY.has(y.kind)) return undefined;
    const yParts = nameParts(y.name);
    const words = renamedWords(xParts, file.path, yParts, f.path);
    if (!words) return undefined;
    const { mine, theirs, how } = words;
    if (how === 'word' && xModule.size < 2) return undefined;
    const yModule = moduleFunctions(f, y.container, y.name);
    const asX = (n: string) =>
      how === 'word'
        ? nameParts(n)
            .map((p) => (p === theirs ? mine : p))
            .join(' ')
        : ` ${nameParts(n).join(' ')} `.split(` ${theirs} `).join(` ${mine} `).trim();
    if (how === 'file') return modulesShare(xWithX, new Set([...yModule, y.name]), asX, true) ? how : undefined;
    return modulesShare(xModule, yModule, asX, true) ? how : undefined;
  };
  return Object.assign(test, { byTable: false });
}

/**
 * renamedModules' test (how y's name is X's in its module: a word, its file's name, or its entry
 * in X's table), and whether X is such a table entry.
 */
type RenamedModules = ((f: CorpusFile, y: Definition) => 'word' | 'file' | 'table' | undefined) & {
  byTable: boolean;
};

const NOT_RENAMED: RenamedModules = Object.assign(() => undefined, { byTable: false });

/**
 * X alone in its table, named after its file, is one entry of a table each module fills with its
 * own (ConTeXt's `openers.zip` in data-zip.lua, `openers.file` in data-fil.lua, each beside the
 * `finders.…` and `loaders.…` of its scheme): an entry of X's table in another file, named after
 * that file, is X's there when that file's entries in tables, its name read as X's, are X's
 * file's, more than SIBLING_PARALLEL_MIN_SHARE of the smaller module's and two or more.
 */
function tableEntries(file: CorpusFile, x: Definition): RenamedModules {
  const entries = (f: CorpusFile, except: Definition) =>
    f.analysis.definitions.filter(
      (d) => d !== except && d.container !== undefined && FUNCTION_FAMILY.has(d.kind) && !isConstructor(d),
    );
  const key = (container: string | undefined, name: string) => [...nameParts(container ?? ''), name].join(' ');
  const mine = x.name.toLowerCase();
  const xModule = new Set(entries(file, x).map((d) => key(d.container, d.name.toLowerCase())));
  const test = (f: CorpusFile, y: Definition) => {
    if (f === file || !FUNCTION_FAMILY.has(y.kind) || y.container !== x.container) return undefined;
    if (y.name === x.name || !namesItsFile(y.name, f.path)) return undefined;
    const theirs = y.name.toLowerCase();
    const yModule = new Set(entries(f, y).map((d) => key(d.container, d.name.toLowerCase())));
    // A key's last word is the entry's name (a name has no space): y's module's word read as X's.
    const asX = (n: string) => {
      const at = n.lastIndexOf(' ') + 1;
      return n.slice(at) === theirs ? n.slice(0, at) + mine : n;
    };
    return modulesShare(xModule, yModule, asX, true) ? 'table' : undefined;
  };
  return Object.assign(test, { byTable: true });
}

/**
 * Whether a table entry's name is its module's word: a word of its file's name begins it or it
 * begins that word (`zip` in data-zip.lua, `file` in data-fil.lua). Go's scan_rr.go holds one
 * `parse` per record type, each alone in its type there, and names a role, not a module.
 */
function namesItsFile(name: string, path: string): boolean {
  const word = name.toLowerCase();
  return (
    word.length >= 3 &&
    nameParts(fileStem(path)).some((part) => part.length >= 3 && (word.startsWith(part) || part.startsWith(word)))
  );
}

/**
 * The words X's module writes where y's module writes its own: when each name spells its own
 * file's name (vega's uniform.js `densityUniform`, lognormal.js `densityLogNormal`), those runs of
 * words, the rest alike; else the one word in which two names of as many words differ.
 */
function renamedWords(
  xParts: string[],
  xPath: string,
  yParts: string[],
  yPath: string,
): { mine: string; theirs: string; how: 'word' | 'file' } | undefined {
  const [xRun, yRun] = [fileNameRun(xParts, xPath), fileNameRun(yParts, yPath)];
  const rest = (parts: string[], [from, to]: [number, number]) =>
    `${parts.slice(0, from).join(' ')}|${parts.slice(to).join(' ')}`;
  const [mine, theirs] = [xRun && xParts.slice(...xRun).join(' '), yRun && yParts.slice(...yRun).join(' ')];
  if (xRun && yRun && mine !== theirs && rest(xParts, xRun) === rest(yParts, yRun))
    return { mine: mine!, theirs: theirs!, how: 'file' };
  const at = onlyDifference(xParts, yParts);
  return at === undefined || at === -1 ? undefined : { mine: xParts[at], theirs: yParts[at], how: 'word' };
}

/** Whether a name's words spell its file's name and nothing more (`progressbar` in progressbar.lua). */
function spellsItsFile(name: string, path: string): boolean {
  const parts = nameParts(name);
  const run = fileNameRun(parts, path);
  return run !== undefined && run[0] === 0 && run[1] === parts.length;
}

/** The run of a name's words that spells its file's name (`log`, `normal` of densityLogNormal in lognormal.js). */
function fileNameRun(parts: string[], path: string): [number, number] | undefined {
  const stem = fileStem(path)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  for (let from = 0; from < parts.length; from++) {
    let spelled = '';
    for (let to = from; to < parts.length && spelled.length < stem.length; to++) {
      spelled += parts[to];
      if (spelled === stem) return [from, to + 1];
    }
  }
  return undefined;
}

/** `export default function (` or `export default (a) =>`: a default export with no name of its own. */
const ANONYMOUS_DEFAULT = /^export\s+default\s+(?!(?:async\s+)?function\s*\*?\s*[A-Za-z_$]|class\s+[A-Za-z_$])/;

/** Whether a definition is an anonymous default export, which the analysis names by its file (defaultExportName). */
function namedByFile(path: string, d: Definition): boolean {
  return ANONYMOUS_DEFAULT.test(d.signature) && d.name === defaultExportName(path);
}

/**
 * Whether two modules share two or more names and at least (`strictly`: more than)
 * SIBLING_PARALLEL_MIN_SHARE of the smaller module's, each of `theirs` read as `asMine` gives it.
 */
function modulesShare(
  mine: ReadonlySet<string>,
  theirs: ReadonlySet<string>,
  asMine: (name: string) => string,
  strictly: boolean,
): boolean {
  let shared = 0;
  for (const n of theirs) if (mine.has(asMine(n))) shared++;
  const share = SIBLING_PARALLEL_MIN_SHARE * Math.min(mine.size, theirs.size);
  return shared >= 2 && (strictly ? shared > share : shared >= share);
}

/** The names of a file's functions and methods in one container (undefined: its top-level ones), `except` left out. */
function moduleFunctions(file: CorpusFile, container: string | undefined, except: string): Set<string> {
  const out = new Set<string>();
  for (const d of file.analysis.definitions)
    if (d.container === container && d.name !== except && FUNCTION_FAMILY.has(d.kind) && !isConstructor(d))
      out.add(d.name);
  return out;
}

/** Whether `y` is X's name again in X's container (X's file is the caller's to check). */
function isTwin(x: Definition, y: Definition): boolean {
  return y.name === x.name && (y.container ?? '') === (x.container ?? '') && y !== x;
}

/**
 * Whether the question's qualifier or path only picked X among the implementations of its name
 * in X's module: another container of X's directory implements X's name too (dns's `zlexer.Next`
 * and `klexer.Next`, containers-storage's `imageStore.Get` and `layerStore.Get`, cargo's
 * `CrateType::fmt in crate_type.rs` and `Unit::fmt`). The user wrote `A::x` because `x` alone
 * names them all, and those other implementations are X's family; the qualifier is then no name
 * part of A's other methods (namedAffinity), which would make every one-word method of A one
 * pattern with X (`zlexer.Err`, `imageStore.Lookup`, `CrateType::serialize`). It still says where
 * X is (the named place, inNamedPlace). When no other container of the module implements the
 * name (SymfonyStyle::warning beside CI's reporter in another folder), the qualifier names the
 * class whose methods are X's kin, as before.
 */
function qualifierPicksOnly(
  files: ReadonlySet<CorpusFile>,
  x: Shaped,
  directory: string,
  declarationOnly: (path: string, definition: Definition) => boolean,
): boolean {
  const xd = x.definition;
  if (xd.container === undefined || !FUNCTION_FAMILY.has(xd.kind)) return false;
  for (const f of files) {
    if (directoryOf(f.path) !== directory) continue;
    for (const d of f.analysis.definitions)
      if (
        d.name === xd.name &&
        d.container !== undefined &&
        d.container !== xd.container &&
        FUNCTION_FAMILY.has(d.kind) &&
        !declarationOnly(f.path, d)
      )
        return true;
  }
  return false;
}

/**
 * The siblings when the question named X's file or folder (`HttpConnector::set_nodelay in
 * client/connect/http.rs`, `Barrett::reduce in Math/BigInteger/Engines/PHP/Reductions`): it asks
 * for code there. A definition elsewhere is still called X's sibling when it is closer to X than
 * every sibling in the named place (hcl's `Body.JustAttributes in hclsyntax/structure.go`: the
 * other bodies' JustAttributes, where the file has none), not otherwise — hyper's server-side
 * `set_nodelay`, a twin in all but its place, led the setters beside X on its words alone. It
 * stays a candidate. X's function in a parallel module (fileModule) stays too: vega's
 * `densityNormal` for `densityUniform in uniform.js`, where uniform.js's own functions are closer;
 * pcp's `_check_logger` in pmlogger_check for `_check_pmie in pmie_check`.
 */
function inNamedPlace(corpus: Corpus, siblings: Sibling[], by: NamedBy | undefined): Sibling[] {
  const place = by?.path;
  if (place === undefined) return siblings;
  const inside = (s: Sibling) => inPlace(corpus.files[corpus.chunks[s.chunkId].fileId].path, place);
  const nearest = Math.max(0, ...siblings.filter(inside).map((s) => s.similarity));
  return siblings.filter((s) => inside(s) || s.fileModule === true || s.similarity > nearest);
}

/** Lines past a definition's first that still make one statement: its body and a closing brace. */
const FORWARDER_MAX_LINES = 2;

/**
 * Whether a definition of X's file is one X calls or one that calls X, when X is a function: its
 * helper or its user, tied to X by a call rather than alike (thor's `delete(key)` is
 * `super(convert_key(key))`, and convert_key shares X's key and X's form). Not a sibling; it
 * stays a candidate, since X may also call a sibling (mobx's `entries` calls `keys`). Another
 * definition of X's own name is not judged so (a recursive twin, an override calling its base),
 * nor one named in X's pattern (onePattern): docutils' `Publisher.set_io` calls `set_source` and
 * `set_destination`, its fellow setters, and a recursive-descent `parse_value` its `parse_array` —
 * unless it calls X and two more of the pattern, the family's driver (`bind_all`), or is one
 * statement calling X, an adapter (`_on_tuple` for `_on_list`).
 */
function helpersAndUsers(file: CorpusFile, x: Definition): (y: Definition) => boolean {
  if (!FUNCTION_FAMILY.has(x.kind)) return () => false;
  // A method's name called on one of the object's fields (`self.ll_sem.try_acquire(n)`) is the
  // field's method, not X: tokio's try_acquire_many is try_acquire's sibling, not its user.
  const onAField = (r: Reference) => x.kind === 'method' && r.receiver !== undefined && FIELD.test(r.receiver);
  const calls = file.analysis.references.filter((r) => (r.kind === 'call' || r.kind === 'new') && !onAField(r));
  const called = new Set(calls.filter((r) => holdsLine(x, r.line)).map((r) => r.name));
  const xParts = nameParts(x.name);
  const callsX = (y: Definition) => calls.some((r) => r.name === x.name && holdsLine(y, r.line));
  // A function calling X and two more of X's pattern in turn drives the family (openpyxl's
  // `bind_all` calls `bind_cells`, `bind_tables`, … `bind_properties`): their user, in their
  // pattern by its name alone. One fellow more is a step of the family's own (`set_io` sets the
  // source and the destination).
  const drives = (y: Definition) => {
    const fellows = new Set(
      calls
        .filter((r) => holdsLine(y, r.line) && r.name !== x.name && r.name !== y.name)
        .map((r) => r.name)
        .filter((n) => onePattern(xParts, nameParts(n))),
    );
    return fellows.size >= 2 && callsX(y);
  };
  // A function of one statement that calls X hands its argument on to X, converted (cloud-init's
  // `_on_tuple` is `return tuple(self._on_list(list(value), merge_with))`): X's adapter, in X's
  // pattern by its name alone, doing none of the work X does.
  const forwards = (y: Definition) => {
    if (y.endLine - y.startLine > FORWARDER_MAX_LINES) return false;
    const own = calls.filter((r) => holdsLine(y, r.line));
    const line = own.find((r) => r.name === x.name)?.line;
    return line !== undefined && own.every((r) => r.line === line);
  };
  return (y) =>
    y.name !== x.name &&
    FUNCTION_FAMILY.has(y.kind) &&
    (onePattern(xParts, nameParts(y.name)) && !numberedApart(x.name, y.name)
      ? drives(y) || forwards(y)
      : called.has(y.name) || callsX(y));
}

/**
 * Whether two names differ only by a number one of them adds as a word of its own: rav1e's
 * `sgrproj_box_f_r1_avx2` and its kernel `sgrproj_box_f_r1_8_avx2` (eight pixels at a time). Digits
 * are left out of a name's parts, so both read as one name; a number in place of another
 * (`…_r0_avx2`, `…_r2_avx2`) is a fellow of the pattern, an added one X's width-specific step.
 */
function numberedApart(a: string, b: string): boolean {
  const numbers = (n: string) => splitIdentifier(n).filter((t) => /^\d+$/.test(t)).length;
  return a !== b && nameParts(a).join(' ') === nameParts(b).join(' ') && numbers(a) !== numbers(b);
}

/**
 * Whether X hands its call on to `y`, X's name in a module, through that module's name: rav1e's
 * `asm/x86/lrf.rs` `sgrproj_box_f_r1` runs the AVX2 kernel when the CPU has it and otherwise
 * calls `rust::sgrproj_box_f_r1`, the portable code in lrf.rs's `mod rust`. X wraps `y`: y is
 * the implementation X falls back on, not code like X (X's family is the other dispatchers).
 * Only a module or a file named by the call's qualifier: a method calling its base class by
 * name (`Command.invoke(self, ctx)` in `Group.invoke`) is an override, still a sibling.
 */
function wrapsAsModule(file: CorpusFile, x: Definition, f: CorpusFile, y: Definition): boolean {
  if (y.name !== x.name || f === file || !FUNCTION_FAMILY.has(x.kind)) return false;
  const inModule =
    y.container === undefined || f.analysis.definitions.some((d) => d.name === y.container && MODULE_KINDS.has(d.kind));
  if (!inModule) return false;
  const module = y.container ?? fileStem(f.path);
  return callsWithin(file, x, x.name, (receiver) => receiver.split(/::|\./).pop() === module);
}

const MODULE_KINDS: ReadonlySet<string> = new Set(['module', 'namespace']);

/**
 * Whether `y`, X's name in another class, calls X by its class's name (`Help.parse(argv)`,
 * `Help::parse`) from a class that does not extend it: the dispatcher that picks one
 * implementation and hands the call on, X's user, not another implementation. Rouge's
 * `CLI.parse` reads the command word and returns `Help.parse(argv)`, `klass.parse(argv)` or
 * `Highlight.parse(argv)`; each subcommand's `parse` is X's family. A subclass calling its base
 * by name (Python's `Command.invoke(self, ctx)` in `Group.invoke`) is an override, still a sibling.
 */
function dispatchesTo(file: CorpusFile, y: Definition, x: Definition): boolean {
  const xClass = x.container?.split(/::|\.|\\/).pop();
  if (y.name !== x.name || xClass === undefined || y.container === x.container || !FUNCTION_FAMILY.has(y.kind))
    return false;
  if (!callsWithin(file, y, x.name, (receiver) => receiver.split(/::|\.|\\/).pop() === xClass)) return false;
  const yClass = file.analysis.definitions.find((d) => d.name === y.container && CLASS_FAMILY.has(d.kind));
  return yClass === undefined || firstBase(yClass) !== xClass;
}

/**
 * Whether `y`, a method of another class than X's, calls X's name on its own object
 * (`$this->newReflectionMember($objectOrClassName)`, `self.parse_body()`): the base class's
 * template method that calls the hook X implements. Symfony's MemberMetadata::getReflectionMember
 * caches what `newReflectionMember` makes, and GetterMetadata and PropertyMetadata each implement
 * it: getReflectionMember is their user, not their sibling, though named in their pattern.
 */
function callsOnItsObject(file: CorpusFile, y: Definition, x: Definition): boolean {
  if (y.kind !== 'method' || y.name === x.name || y.container === undefined || y.container === x.container)
    return false;
  return callsWithin(file, y, x.name, (receiver) => OWN_OBJECT.has(receiver));
}

/**
 * The classes that other classes of X's file and directory extend as their first base, when X
 * is a class none of them extends: a base is what its subclasses are made from (click's
 * `_NumberParamTypeBase`, the base of IntParamType and FloatParamType), not a peer of X, though
 * it shares X's base, words and members. It stays a candidate; it is not called a sibling. A
 * class named as a later base (a mixin: `IntRange(_NumberRangeBase, IntParamType)`) stays one:
 * IntParamType is a concrete parameter type like X. Empty for a function, or when X is itself a base.
 */
function baseClassesOf(files: ReadonlySet<CorpusFile>, x: Definition): Set<string> {
  const out = new Set<string>();
  if (!CLASS_FAMILY.has(x.kind)) return out;
  for (const f of files)
    for (const d of f.analysis.definitions) {
      if (!CLASS_FAMILY.has(d.kind)) continue;
      const base = firstBase(d);
      if (base === x.name) return new Set();
      if (base !== undefined) out.add(base);
    }
  return out;
}

const CLASS_FAMILY: ReadonlySet<DefinitionKind> = new Set(FAMILIES[1]);

/** The first base of the class holding a method (firstBase), when its file defines that class around it. */
function baseOfContainer(file: CorpusFile, d: Definition): string | undefined {
  if (d.kind !== 'method' || d.container === undefined) return undefined;
  const holder = file.analysis.definitions.find(
    (c) => CLASS_FAMILY.has(c.kind) && c.name === d.container && holdsRange(c, d),
  );
  return holder && firstBase(holder);
}

/**
 * The first base a class declaration names: `class A(B, C):` (Python), `class A < B` (Ruby),
 * `class A extends B` (TypeScript, JavaScript, PHP, Java); none for a struct or a class without one.
 */
export function firstBase(d: Definition): string | undefined {
  const head = d.signature.slice(d.signature.indexOf(d.name) + d.name.length);
  const m =
    /^\s*(?:\[[^\]]*\]\s*)?\(\s*(?:[A-Za-z_][\w.]*\.)?([A-Za-z_]\w*)\s*[,)[]/.exec(head) ??
    /^\s*(?:<[^>]*>\s*)?extends\s+(?:[\w$\\]*[.\\])?([A-Za-z_$][\w$]*)/.exec(head) ??
    /^\s+<\s*(?:[A-Za-z_][\w:]*::)?([A-Za-z_]\w*)/.exec(head);
  const base = m?.[1];
  return base === undefined || base === 'object' ? undefined : base;
}

/**
 * Whether a method is its class's constructor by its name: `__init__`/`__new__` (Python),
 * `__construct` (PHP), `initialize` (Ruby), `constructor` (the analyzer gives a TypeScript or
 * Java constructor no definition). It makes the object; it is not one of the object's operations, and
 * a constructor is a sibling of constructors only: docutils' `Publisher.__init__` (nine defaulted
 * parameters, each stored) led X's file for `set_io`, Symfony's `FrozenParameterBag::__construct`
 * for `clear`.
 */
export function isConstructor(d: Definition): boolean {
  if (!FUNCTION_FAMILY.has(d.kind) || d.kind === 'macro') return false;
  return CONSTRUCTORS.has(d.name);
}

/** Constructors, and destructors (`__destruct`, `__del__`), which end the object as they make it. */
const CONSTRUCTORS: ReadonlySet<string> = new Set([...LANGUAGE_CONSTRUCTOR_NAMES, '__destruct', '__del__']);

/**
 * Whether a method hands its call on to its base's method of its own name, `parent::commit()`
 * (PHP), `super().commit()` (Python), `super.commit()`: a decorator's method. Doctrine's
 * Logging\Connection logs, then calls `parent::` of its own name, in `commit()`, `rollBack()`,
 * `query(string $sql)` and `exec(string $sql)`: one another's siblings whatever each takes
 * (formAffinity), as two refusals are.
 */
export function handsOnToItsBase(file: CorpusFile, d: Definition): boolean {
  return d.kind === 'method' && callsItsOwnNameOn(file, d, (receiver) => BASE_RECEIVER.test(receiver));
}

/** Whether `d`'s body calls `d`'s own name on a receiver `receiverFits` accepts. */
function callsItsOwnNameOn(
  file: CorpusFile,
  d: Definition,
  receiverFits: (receiver: string) => boolean,
  /** A receiver that is the object's own reader called bare (readsOwnField) fits too. */
  readers = false,
): boolean {
  return callsWithin(file, d, d.name, receiverFits, readers);
}

/** Whether `body` calls `name` on a receiver `receiverFits` accepts. */
function callsWithin(
  file: CorpusFile,
  body: Definition,
  name: string,
  receiverFits: (receiver: string) => boolean,
  readers = false,
): boolean {
  return file.analysis.references.some(
    (r) =>
      r.kind === 'call' &&
      r.name === name &&
      holdsLine(body, r.line) &&
      r.receiver !== undefined &&
      (receiverFits(r.receiver) || (readers && readsOwnField(file, r))),
  );
}

/** A call's receiver that is the object's base class: `parent::`, `super()`, `super`. */
const BASE_RECEIVER = /^(?:parent|super(?:\(\))?)$/;

/**
 * Whether a function's body only refuses: one `throw`/`raise` statement, or a call of `panic`,
 * `unimplemented!`, `todo!` or `unreachable!` (doc comments and docstrings left out). Symfony's
 * FrozenParameterBag overrides `clear()`, `add(array $parameters)`, `set(string $name, $value)`
 * and `remove(string $name)` each with `throw new LogicException('Impossible to call …() on a
 * frozen ParameterBag.')`: a read-only class's refusals are one another's siblings, whatever each
 * takes (formAffinity), and the method X refuses is not (refusedBase).
 */
export function refuses(file: CorpusFile, d: Definition, throwMacros = false): boolean {
  if (!FUNCTION_FAMILY.has(d.kind)) return false;
  const text = linesOf(file)
    .slice(d.startLine - 1, d.endLine)
    .join('\n');
  const body = bodyOf(text, file.language);
  if (body === null) return false;
  const m = /^(?:throw|raise|panic\s*\(|(?:unimplemented|todo|unreachable)!\s*[([{])/.exec(body);
  if (!m && !(throwMacros && THROW_MACRO.test(body))) return false;
  const end = statementEnd(body, 0);
  return end >= 0 && /^[\s;]*$/.test(body.slice(end));
}

/**
 * A C/C++ library's macro that throws, opening a body: `DUNE_THROW(GridError, …)`,
 * `BOOST_THROW_EXCEPTION(…)` (a prefix, then THROW; not a conditional `…_THROW_IF`).
 */
const THROW_MACRO = /^(?:[A-Z][A-Z0-9]*_)+THROW(?:_EXCEPTION)?\s*\(/;

/**
 * The container whose method of X's name X refuses: the first base (firstBase) of X's class,
 * declared in X's file (`class FrozenParameterBag extends ParameterBag`). Its `clear()` empties
 * the parameters; X's throws. It is what X forbids, not code like X.
 */
function refusedBase(file: CorpusFile, x: Definition): string | undefined {
  if (x.container === undefined) return undefined;
  const holder = file.analysis.definitions.find((d) => d.name === x.container && CLASS_FAMILY.has(d.kind));
  return holder ? firstBase(holder) : undefined;
}

/**
 * A definition's body with its braces, doc strings and comments left out, its strings emptied:
 * what follows the first `{` outside the parameter list (the first `:` for Python; the first
 * line for Ruby and Lua, less the closing `end`). Null when none is found.
 */
function bodyOf(text: string, language: CorpusFile['language']): string | null {
  // A Rust lifetime (`&'a str`) is no quote; `#` opens a comment only where HASH_COMMENTS says.
  const quoted = language === 'rust' ? /"(?:[^"\\\n]|\\.)*"/g : /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
  const bare = text
    .replace(/"""[\s\S]*?"""|'''[\s\S]*?'''/g, '""')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(quoted, '""')
    .replace(HASH_COMMENTS.has(language ?? '') ? /(?:\/\/|#)[^\n]*/g : /\/\/[^\n]*/g, '');
  if (language === 'ruby' || language === 'lua') {
    const nl = bare.indexOf('\n');
    return nl < 0
      ? null
      : bare
          .slice(nl + 1)
          .replace(/\bend\s*$/, '')
          .trim();
  }
  const opener = language === 'python' ? ':' : '{';
  let depth = 0;
  for (let i = 0; i < bare.length; i++) {
    const c = bare[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === opener && depth === 0) {
      const rest = bare.slice(i + 1).trim();
      return opener === '{' ? rest.replace(/\}\s*$/, '').trim() : rest.replace(/^""\s*/, '');
    }
  }
  return null;
}

/** Languages in which `#` starts a comment. */
const HASH_COMMENTS: ReadonlySet<string> = new Set(['python', 'ruby', 'php', 'bash']);

/** Where the statement starting at `from` ends: after a `;` or a line end outside brackets; -1 when it never closes them. */
function statementEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && (c === ';' || c === '\n')) return i + 1;
  }
  return depth === 0 ? text.length : -1;
}

const linesOfFile = new WeakMap<CorpusFile, string[]>();

/** A file's lines, split once. */
function linesOf(file: CorpusFile): string[] {
  let lines = linesOfFile.get(file);
  if (!lines) linesOfFile.set(file, (lines = file.text.split('\n')));
  return lines;
}

/**
 * Whether a function only hands its call on to a function of its own name on one of its
 * object's fields: its one call is `self.0.try_write_vectored(bufs)` (tokio's split halves),
 * `self._file.write(data)`, `c.conn.Write(b)` (a Go receiver's field). A wrapper around what it
 * holds is a user of an implementation, not one: not X's sibling, whether it wraps X's name or
 * another (unless X is such a wrapper too). An adapter forwarding to a variable or a parameter
 * (`destination.next(value)` in an observable operator, `reader.cancel()`) is not judged so: in
 * another package it is the name's other implementation (counting it a wrapper took the main
 * set's find-similar Recall@10 from 0.948 to 0.943).
 */
function delegatesToItsName(file: CorpusFile, d: Definition): boolean {
  if (!FUNCTION_FAMILY.has(d.kind)) return false;
  const calls = file.analysis.references.filter((r) => (r.kind === 'call' || r.kind === 'new') && holdsLine(d, r.line));
  if (calls.length !== 1) return false;
  const [call] = calls;
  return call.name === d.name && call.receiver !== undefined && isField(call.receiver, d);
}

/**
 * Whether a method asks one of its object's fields to do what its own name says, among other
 * calls: Symfony's `Input::getOption` checks the negation and the option, then returns
 * `$this->definition->getOption($name)->getDefault()`. Of X's name, it is a user of X's
 * implementation (the class that holds the definitions), not another one.
 */
function callsItsNameOnAField(
  file: CorpusFile,
  d: Definition,
  fieldsOf: (container: string) => ReadonlySet<string> = () => NO_NAMES,
): boolean {
  if (!FUNCTION_FAMILY.has(d.kind)) return false;
  // Read only for a function: the fields' table is built over every file on its first use.
  const declared = d.container !== undefined ? fieldsOf(d.container) : NO_NAMES;
  return callsItsOwnNameOn(file, d, (receiver) => isField(receiver, d) || declared.has(receiver), true);
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * The fields each class of `files` declares, by class: a C++ method reads its object's field by
 * its bare name (OpenMesh's `BaseDecimaterT<Mesh>::collapse_priority` ends `return
 * cmodule_->collapse_priority(_ci)`, `cmodule_` declared `Module* cmodule_;` in the class's
 * header beside it), which the receiver alone does not tell from a local.
 */
function declaredFields(files: Iterable<CorpusFile>): (container: string) => ReadonlySet<string> {
  let byContainer: Map<string, Set<string>> | undefined;
  return (container) => {
    if (!byContainer) {
      byContainer = new Map();
      for (const f of files)
        for (const d of f.analysis.definitions)
          if (d.kind === 'field' && d.container !== undefined) {
            const names = byContainer.get(d.container) ?? new Set<string>();
            names.add(d.name);
            byContainer.set(d.container, names);
          }
    }
    return byContainer.get(container) ?? NO_NAMES;
  };
}

/**
 * Whether a call's receiver is the object's own reader called bare on the call's line: Ruby's
 * `topology.servers(servers_list.compact)` in the Mongo driver's Cluster, `topology` an
 * `attr_reader` (the parser reads a bare name no assignment made a local as a call). The field
 * it reads is asked, as `@topology.servers` would be.
 */
function readsOwnField(file: CorpusFile, call: Reference): boolean {
  const name = call.receiver;
  return (
    name !== undefined &&
    PLAIN_NAME.test(name) &&
    file.analysis.references.some(
      (r) => r.kind === 'call' && r.name === name && r.receiver === undefined && !r.qualified && r.line === call.line,
    )
  );
}

const PLAIN_NAME = /^[A-Za-z_]\w*$/;

/** A receiver that is a field of the object itself: `self.io`, `this.inner`, `self.0`, `$this->x`. */
const FIELD = /^(?:self|this|\$this)\.[\w$]|^@[\w$]/;

/** Whether a receiver is a field of the object `d` is a method of (a Go method's receiver is named in its signature). */
function isField(receiver: string, d: Definition): boolean {
  if (FIELD.test(receiver)) return true;
  const go = /^func\s*\(\s*([A-Za-z_]\w*)\s/.exec(d.signature);
  return go !== null && receiver.startsWith(`${go[1]}.`);
}

/**
 * Whether `y` is a macro of X's own name standing in for X, a function: `#define setkey
 * unistd_setkey_is_incompatible`, a rename or an alias of X, not another implementation of it.
 */
function standsInFor(x: Definition, y: Definition): boolean {
  return y.kind === 'macro' && x.kind !== 'macro' && y.name === x.name;
}

/**
 * Whether two lines of a C, C++ or C# file lie in different arms of one `#if`/`#elif`/`#else`
 * chain: code of which a build compiles one only. systemtap's linux/regs.c defines
 * `_stp_print_regs` eight times, once under each of `#if defined (__x86_64__)`, `#elif defined
 * (__i386__)`, … `#elif defined (__mips__)`: one function per architecture, each the others'
 * nearest sibling (the same job for another machine), not one X written eight times.
 */
export function inExclusiveArms(file: CorpusFile, a: number, b: number): boolean {
  if (!PREPROCESSED.has(file.language ?? '')) return false;
  const directives = directivesOf(file);
  if (directives.length === 0) return false;
  const [pa, pb] = [armsAt(directives, a), armsAt(directives, b)];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i].chain !== pb[i].chain) return false;
    if (pa[i].arm !== pb[i].arm) return true;
  }
  return false;
}

/**
 * Whether `b` is `a` written again for another build: a body in another arm of one `#if` chain
 * (inExclusiveArms) with its own code — under half its words shared with `a`'s
 * (ARM_COPY_WORDS). systemtap's `_stp_print_regs` for x86_64 and for i386 share 0.35 of their
 * words (each prints its machine's registers), the others less: siblings. apfs's two
 * `apfs_mkdir` for kernels before and after 5.12 share 0.86 (one gained a `mnt_userns`
 * parameter): one function, both X.
 */
export function ownArmVariant(file: CorpusFile, a: Definition, b: Definition): boolean {
  if (!inExclusiveArms(file, a.startLine, b.startLine)) return false;
  const [wa, wb] = [wordsOf(file, a), wordsOf(file, b)];
  return jaccard(wa, wb) < ARM_COPY_WORDS;
}

/**
 * Whether `b` is `a` written for other template arguments: both members of one name in a C++
 * file, each in its own class of one name, one of them a specialisation (`template<> class
 * GmshReaderQuadraticBoundarySegment< 3, 3 >`). DUNE's Gmsh reader defines its quadratic
 * boundary segment for 2D and for 3D so, each with its `backup` writing its own points: one
 * function per case, as a `#if` arm's body is one per build (ownArmVariant), not one X written
 * twice. Specialised for other arguments, the code is the other case's, however alike.
 */
export function ownSpecialisation(file: CorpusFile, a: Definition, b: Definition): boolean {
  if (file.language !== 'cpp' || a.container === undefined || a.container !== b.container) return false;
  const [ha, hb] = [holderOf(file, a), holderOf(file, b)];
  if (ha === undefined || hb === undefined || ha === hb) return false;
  const specialised = new RegExp(`\\b(?:class|struct|union)\\s+${escapeRegExp(ha.name)}\\s*<`);
  return specialised.test(ha.signature) || specialised.test(hb.signature);
}

/** Whether `b` is `a`'s variant: for another build (ownArmVariant) or other template arguments (ownSpecialisation). */
export function ownVariant(file: CorpusFile, a: Definition, b: Definition): boolean {
  return ownArmVariant(file, a, b) || ownSpecialisation(file, a, b);
}

/** The innermost class-like definition of a file holding a member and named as its container. */
function holderOf(file: CorpusFile, d: Definition): Definition | undefined {
  let best: Definition | undefined;
  for (const h of file.analysis.definitions)
    if (
      h !== d &&
      h.name === d.container &&
      !FUNCTION_FAMILY.has(h.kind) &&
      holdsRange(h, d) &&
      (best === undefined || holdsRange(best, h))
    )
      best = h;
  return best;
}

/** Above this share of words (jaccard), a body in another `#if` arm is a copy of X for that build (ownArmVariant). */
export const ARM_COPY_WORDS = 0.5;

/** The words of a definition's lines: its identifiers, and the words of its strings and comments. */
function wordsOf(file: CorpusFile, d: Definition): Set<string> {
  return new Set(
    linesOf(file)
      .slice(d.startLine - 1, d.endLine)
      .join('\n')
      .match(/[A-Za-z_]\w*/g) ?? [],
  );
}

/** Languages whose files are read through a C preprocessor's conditionals. */
const PREPROCESSED: ReadonlySet<string> = new Set(['c', 'cpp', 'csharp']);

/** A conditional directive of a file: where a chain opens (`#if`, `#ifdef`, `#ifndef`), turns to its next arm, or closes. */
interface Directive {
  line: number;
  kind: 'open' | 'arm' | 'close';
}

const directivesOfFile = new WeakMap<CorpusFile, Directive[]>();

function directivesOf(file: CorpusFile): Directive[] {
  const known = directivesOfFile.get(file);
  if (known) return known;
  const out: Directive[] = [];
  const lines = linesOf(file);
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*#\s*(ifdef|ifndef|if|elif|elifdef|elifndef|else|endif)\b/.exec(lines[i]);
    if (!m) continue;
    const word = m[1];
    let kind: Directive['kind'] = 'arm';
    if (word.startsWith('if')) kind = 'open';
    else if (word === 'endif') kind = 'close';
    out.push({ line: i + 1, kind });
  }
  directivesOfFile.set(file, out);
  return out;
}

/** The chains (numbered as they open) and arms (0 for the `#if` arm) a line lies in, outermost first. */
function armsAt(directives: readonly Directive[], line: number): { chain: number; arm: number }[] {
  const stack: { chain: number; arm: number }[] = [];
  let chains = 0;
  for (const d of directives) {
    if (d.line >= line) break;
    if (d.kind === 'open') stack.push({ chain: chains++, arm: 0 });
    else if (d.kind === 'arm' && stack.length > 0) stack[stack.length - 1].arm++;
    else if (d.kind === 'close') stack.pop();
  }
  return stack;
}

/**
 * Whether two definitions of two files lie in the folder the question named X's place with
 * (`AutowireTrait::autowire in Loader/Configurator/Traits`): that folder is one place to the
 * question, as X's file is (place part 1). Symfony's flag setters are one trait per file there;
 * counted only as the same directory (0.5), they fell behind ContainerBuilder's `autowire`
 * elsewhere, on its name alone.
 */
function inNamedFolder(a: string, b: string, by: NamedBy | undefined): boolean {
  return by?.path !== undefined && a !== b && inPlace(a, by.path) && inPlace(b, by.path);
}

/** How a sibling's place part is worded, highest first. */
const PLACE_WORDS: readonly (readonly [number, string])[] = [
  [1, 'same file'],
  [SIBLING_VARIANT_FILE, "file named as X's"],
  [SIBLING_SAME_DIRECTORY, 'same directory'],
];

/** How a sibling's place is worded when the question named no folder of it. */
function placeWording(s: Sibling): string {
  if (s.parallelModule) return "a module like X's";
  return PLACE_WORDS.find(([at]) => s.parts.place >= at)?.[1] ?? 'elsewhere';
}

/** "sibling of MinimumNArgs: function MaximumNArgs, same file, name 0.35, shape 1.00, similarity 0.61". */
export function siblingReason(of: string, s: Sibling): string {
  const place = s.namedFolder ? 'the folder named' : placeWording(s);
  const kind = s.parts.kind === 1 ? '' : `, related kind ${s.parts.kind.toFixed(2)}`;
  const form = s.parts.form === 1 ? '' : `, arity ${s.parts.form.toFixed(2)}`;
  return `sibling of ${of}: ${s.kind} ${s.name}, ${place}, name ${s.parts.name.toFixed(2)}, shape ${s.parts.shape.toFixed(2)}${kind}${form}, similarity ${s.similarity.toFixed(2)}`;
}

/** A file's definitions that have a chunk of their own, by that chunk's id. */
export function definitionsByChunk(corpus: Corpus, file: CorpusFile): Map<number, Definition> {
  const out = new Map<number, Definition>();
  for (const d of file.analysis.definitions) {
    const id = corpus.chunkAt(file.id, d.nameLine);
    const chunk = corpus.chunks[id];
    if (!chunk || out.has(id) || chunk.kind !== 'definition' || chunk.symbol !== d.name) continue;
    if (chunk.definitionKind === d.kind) out.set(id, d);
  }
  return out;
}

/** A file's defined and used names by line, sorted: a definition's body is a binary search away. */
interface NamesByLine {
  lines: Int32Array;
  names: string[];
}

const namesByLineOf = new WeakMap<CorpusFile, NamesByLine>();

function namesByLine(file: CorpusFile): NamesByLine {
  const known = namesByLineOf.get(file);
  if (known) return known;
  const entries: { line: number; name: string }[] = [];
  for (const m of file.analysis.definitions) entries.push({ line: m.nameLine, name: m.name });
  for (const r of file.analysis.references) entries.push({ line: r.line, name: r.name });
  entries.sort((a, b) => a.line - b.line);
  const made = { lines: Int32Array.from(entries, (e) => e.line), names: entries.map((e) => e.name) };
  namesByLineOf.set(file, made);
  return made;
}

/** The names a definition's lines define (its members) and use, its own name left out. */
function bodyNames(file: CorpusFile, d: Definition): Set<string> {
  const { lines, names } = namesByLine(file);
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid] < d.startLine) lo = mid + 1;
    else hi = mid;
  }
  const out = new Set<string>();
  for (let i = lo; i < lines.length && lines[i] <= d.endLine; i++) out.add(names[i]);
  out.delete(d.name);
  return out;
}

function nameParts(name: string): string[] {
  return splitIdentifier(name).filter((t) => !/^\d+$/.test(t));
}

function signatureParts(d: Definition): Set<string> {
  const name = new Set(nameParts(d.name));
  return new Set(subTokens(d.signature).filter((t) => !name.has(t) && !/^\d+$/.test(t)));
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
