/**
 * The labelled query set: sampled deterministically from the oracle's facts about each
 * corpus, phrased the many ways people ask, and written to docs/eval/queries/*.jsonl so the
 * set is reviewable, committed and stable. The phrasings come from how developers write
 * (search logs, IDE commands, chat questions), not from the classifier's keyword list:
 * several of them name no rule of the classifier at all.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedCorpus } from './corpora';
import { REPO_ROOT } from './corpora';
import { type OracleDeclaration, TsOracle } from './oracle';
import { SeededRandom } from './rng';

export const QUERY_DIR = join(REPO_ROOT, 'docs', 'eval', 'queries');

/** The five intents this evaluation labels (find_similar has no compiler oracle). */
export type EvalIntent = 'find_definition' | 'find_references' | 'impact_analysis' | 'exact_match' | 'understand_code';
export const EVAL_INTENTS: readonly EvalIntent[] = [
  'find_definition',
  'find_references',
  'impact_analysis',
  'exact_match',
  'understand_code',
];
export const INTENT_FILES: Record<EvalIntent, string> = {
  find_definition: 'definition.jsonl',
  find_references: 'references.jsonl',
  impact_analysis: 'impact.jsonl',
  exact_match: 'exact.jsonl',
  understand_code: 'understand.jsonl',
};

/** Queries sampled per intent per corpus (7 corpora → ~56 per intent). */
export const QUERIES_PER_CORPUS = 8;
/** Referencing files a name must have to be a references/impact query (the design: 2–30). */
export const MIN_REFERENCING_FILES = 2;
export const MAX_REFERENCING_FILES = 30;
/** Files a literal may occur in to be an exact-match query. */
export const MAX_LITERAL_FILES = 3;
export const MIN_LITERAL_LENGTH = 8;
export const MAX_LITERAL_LENGTH = 100;
/** Doc sentences shorter than this say too little to be a question ("Inject a slice."). */
export const MIN_DOC_WORDS = 5;
export const MAX_DOC_WORDS = 30;
/** Names shorter than this are too generic to be asked for on their own. */
export const MIN_NAME_LENGTH = 4;
/** find-references calls tried per corpus before giving up on filling the quota. */
const MAX_REFERENCE_PROBES = 400;

export interface TruthItem {
  path: string;
  /** 2 = the answer (or a direct user); 1 = related (a file importing a user, for impact). */
  grade: number;
  startLine?: number;
  endLine?: number;
  /** Lines of the declared name (definition truth at line level). */
  nameLines?: number[];
}

/** What a user would type into grep or a BM25 box for the same question. */
export interface BaselineTerms {
  /** 'word': whole-word identifier; 'fixed': the literal as is; 'words': any of the content words, case-insensitive. */
  mode: 'word' | 'fixed' | 'words';
  terms: string[];
}

export interface EvalQuery {
  id: string;
  corpus: string;
  /** Content fingerprint of the corpus the truth was computed on. */
  fingerprint: string;
  intent: EvalIntent;
  query: string;
  /** Which phrasing template produced the query. */
  phrasing: string;
  /** The name or literal the question is about. */
  subject: string;
  kind?: string;
  truth: TruthItem[];
  baseline: BaselineTerms;
}

const DEFINITION_KINDS = new Set(['function', 'class', 'interface', 'type', 'enum', 'method']);
const KIND_WORD: Record<string, string> = {
  function: 'function',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  method: 'method',
};

type Template = {
  id: string;
  weight: number;
  when?: (d: OracleDeclaration) => boolean;
  text: (d: OracleDeclaration) => string;
};

const codeLike = (name: string) => /[a-z][A-Z]|_|^[A-Z][a-z0-9]+[A-Z]/.test(name);
const callable = (d: OracleDeclaration) => d.kind === 'function' || d.kind === 'method';

const DEFINITION_TEMPLATES: Template[] = [
  { id: 'where-defined', weight: 3, text: (d) => `where is ${d.name} defined` },
  { id: 'bare-name', weight: 3, when: (d) => codeLike(d.name), text: (d) => d.name },
  { id: 'definition-of', weight: 2, text: (d) => `definition of ${d.name}` },
  { id: 'kind-keyword', weight: 2, text: (d) => `${KIND_WORD[d.kind]} ${d.name}` },
  { id: 'def-keyword', weight: 1, when: (d) => d.kind === 'function', text: (d) => `def ${d.name}` },
  { id: 'find-the-kind', weight: 2, text: (d) => `find the ${d.name} ${KIND_WORD[d.kind]}` },
  { id: 'implementation', weight: 2, when: callable, text: (d) => `${d.name} implementation` },
  { id: 'declared', weight: 1, text: (d) => `where's ${d.name} declared` },
  { id: 'show-me', weight: 1, text: (d) => `show me ${d.name}` },
  { id: 'go-to', weight: 1, text: (d) => `go to definition ${d.name}` },
  { id: 'which-file', weight: 1, text: (d) => `which file declares ${d.name}` },
  {
    id: 'container-dot',
    weight: 2,
    when: (d) => d.kind === 'method' && !!d.container,
    text: (d) => `${d.container}.${d.name}`,
  },
  { id: 'where-does-live', weight: 1, text: (d) => `where does ${d.name} live` },
];

const REFERENCE_TEMPLATES: Template[] = [
  { id: 'who-calls', weight: 3, when: callable, text: (d) => `who calls ${d.name}` },
  { id: 'usages-of', weight: 3, text: (d) => `usages of ${d.name}` },
  { id: 'where-used', weight: 3, text: (d) => `where is ${d.name} used` },
  { id: 'what-uses', weight: 2, text: (d) => `what uses ${d.name}` },
  { id: 'callers-suffix', weight: 2, when: callable, text: (d) => `${d.name} callers` },
  { id: 'references-to', weight: 2, text: (d) => `find references to ${d.name}` },
  { id: 'which-files-reference', weight: 1, text: (d) => `which files reference ${d.name}` },
  { id: 'call-sites', weight: 1, when: callable, text: (d) => `all call sites of ${d.name}` },
  { id: 'where-do-we-use', weight: 1, text: (d) => `where do we use ${d.name}` },
  { id: 'usages-suffix', weight: 1, text: (d) => `${d.name} usages` },
  { id: 'code-that-uses', weight: 1, text: (d) => `show code that uses ${d.name}` },
  { id: 'consumers-of', weight: 1, text: (d) => `consumers of ${d.name}` },
];

const IMPACT_TEMPLATES: Template[] = [
  { id: 'what-depends', weight: 3, text: (d) => `what depends on ${d.name}` },
  { id: 'impact-of-changing', weight: 2, text: (d) => `impact of changing ${d.name}` },
  { id: 'what-breaks', weight: 3, text: (d) => `what breaks if I change ${d.name}` },
  { id: 'blast-radius', weight: 2, text: (d) => `blast radius of ${d.name}` },
  { id: 'rename-affected', weight: 1, text: (d) => `if I rename ${d.name} what is affected` },
  { id: 'files-affected', weight: 1, text: (d) => `which files are affected by a change to ${d.name}` },
  { id: 'would-break', weight: 1, text: (d) => `what would break if ${d.name} changed` },
  { id: 'downstream', weight: 1, text: (d) => `downstream of ${d.name}` },
  { id: 'safe-to-modify', weight: 1, text: (d) => `is it safe to modify ${d.name}` },
  { id: 'needs-updating', weight: 1, text: (d) => `what else needs updating if I change ${d.name}` },
];

type LiteralTemplate = { id: string; weight: number; when?: (l: string) => boolean; text: (l: string) => string };
const ERROR_CODE = /^(E[A-Z]{3,}[A-Z0-9]*|[A-Z][A-Za-z0-9]*(Error|Exception)|[A-Z][A-Z0-9]*(_[A-Z0-9]+)+)$/;
const ERROR_MESSAGE =
  /\b(cannot|can't|must|invalid|not|expected|failed|unknown|missing|error|unable|should|only|no)\b/i;

const EXACT_TEMPLATES: LiteralTemplate[] = [
  { id: 'quoted', weight: 4, text: (l) => `"${l}"` },
  { id: 'find-quoted', weight: 3, text: (l) => `find "${l}"` },
  { id: 'single-quoted', weight: 1, when: (l) => !l.includes("'"), text: (l) => `'${l}'` },
  { id: 'where-from', weight: 2, text: (l) => `where does "${l}" come from` },
  { id: 'grep', weight: 1, text: (l) => `grep "${l}"` },
  { id: 'bare-error-token', weight: 4, when: (l) => ERROR_CODE.test(l), text: (l) => l },
  { id: 'pasted-message', weight: 1, when: (l) => /\s/.test(l) && ERROR_MESSAGE.test(l), text: (l) => l },
];

function pickTemplate<T extends { weight: number; when?: (x: never) => boolean }>(
  rng: SeededRandom,
  templates: T[],
  subject: unknown,
): T {
  const usable = templates.filter((t) => !t.when || (t.when as (x: unknown) => boolean)(subject));
  let r = rng.next() * usable.reduce((s, t) => s + t.weight, 0);
  for (const t of usable) if ((r -= t.weight) < 0) return t;
  return usable[usable.length - 1];
}

/** English words a grep user leaves out of a content-word search. */
const BASELINE_STOP_WORDS = new Set(
  'a an the and or of to in on at by for from with into as is are was were be been it its this that these those if then than so such can may will would should not no all any each every when which who what how why where we you they them their there here do does did has have had via also just only up out over under more most some other same own both either'.split(
    ' ',
  ),
);

export function contentWords(sentence: string): string[] {
  const seen = new Set<string>();
  for (const w of sentence.toLowerCase().match(/[a-z][a-z0-9_$]*/g) ?? [])
    if (w.length > 2 && !BASELINE_STOP_WORDS.has(w)) seen.add(w);
  return [...seen];
}

/** Builds the whole query set for one corpus. */
export function generateQueries(corpus: LoadedCorpus, perCorpus = QUERIES_PER_CORPUS): EvalQuery[] {
  const oracle = new TsOracle(corpus.files, corpus.spec.paths);
  const declarations = oracle.declarations();
  const nameCount = new Map<string, number>();
  for (const d of declarations) nameCount.set(d.name, (nameCount.get(d.name) ?? 0) + 1);
  const unique = declarations.filter(
    (d) =>
      nameCount.get(d.name) === 1 &&
      DEFINITION_KINDS.has(d.kind) &&
      d.name.length >= MIN_NAME_LENGTH &&
      /^[A-Za-z_$][\w$]*$/.test(d.name),
  );
  const base = { corpus: corpus.spec.name, fingerprint: corpus.fingerprint };
  const out: EvalQuery[] = [];
  const id = (intent: string, n: number) => `${intent}:${corpus.spec.name}:${String(n).padStart(2, '0')}`;

  // Definitions: names declared exactly once; truth is the declaration's file and lines.
  {
    const rng = new SeededRandom(`${corpus.spec.name}:definition`);
    rng
      .shuffle(unique)
      .slice(0, perCorpus)
      .forEach((d, n) => {
        const t = pickTemplate(rng, DEFINITION_TEMPLATES, d);
        out.push({
          ...base,
          id: id('def', n),
          intent: 'find_definition',
          query: t.text(d),
          phrasing: t.id,
          subject: d.name,
          kind: d.kind,
          truth: [{ path: d.path, grade: 2, startLine: d.startLine, endLine: d.endLine, nameLines: d.nameLines }],
          baseline: { mode: 'word', terms: [d.name] },
        });
      });
  }

  // References and impact: names with 2–30 referencing files by find-references.
  {
    const importers = reverse(oracle.imports());
    const refRng = new SeededRandom(`${corpus.spec.name}:references`);
    const impactRng = new SeededRandom(`${corpus.spec.name}:impact`);
    const withRefs: { d: OracleDeclaration; files: string[] }[] = [];
    for (const d of refRng.shuffle(unique).slice(0, MAX_REFERENCE_PROBES)) {
      const files = oracle.referencingFiles(d);
      if (files.length >= MIN_REFERENCING_FILES && files.length <= MAX_REFERENCING_FILES) withRefs.push({ d, files });
      if (withRefs.length >= perCorpus * 2) break;
    }
    // Disjoint halves, so references and impact ask about different names.
    withRefs.slice(0, perCorpus).forEach(({ d, files }, n) => {
      const t = pickTemplate(refRng, REFERENCE_TEMPLATES, d);
      out.push({
        ...base,
        id: id('ref', n),
        intent: 'find_references',
        query: t.text(d),
        phrasing: t.id,
        subject: d.name,
        kind: d.kind,
        truth: files.map((path) => ({ path, grade: 2 })),
        baseline: { mode: 'word', terms: [d.name] },
      });
    });
    withRefs.slice(perCorpus, perCorpus * 2).forEach(({ d, files }, n) => {
      const t = pickTemplate(impactRng, IMPACT_TEMPLATES, d);
      const users = new Set(files);
      const second = new Set<string>();
      for (const f of files) for (const imp of importers.get(f) ?? []) if (!users.has(imp)) second.add(imp);
      out.push({
        ...base,
        id: id('imp', n),
        intent: 'impact_analysis',
        query: t.text(d),
        phrasing: t.id,
        subject: d.name,
        kind: d.kind,
        truth: [
          ...files.map((path) => ({ path, grade: 2 })),
          ...[...second].sort().map((path) => ({ path, grade: 1 })),
        ],
        baseline: { mode: 'word', terms: [d.name] },
      });
    });
  }

  // Exact match: string literals found (as text) in 1–3 files.
  {
    const rng = new SeededRandom(`${corpus.spec.name}:exact`);
    const literals = [...new Set(oracle.stringLiterals().map((s) => s.text.trim()))].filter(isSearchableLiteral).sort();
    const picked: { literal: string; files: string[] }[] = [];
    // Most literals in code are identifiers in quotes (property keys, event names); keep them
    // to a third so that messages, error codes and paths make up the rest.
    const maxNameLike = Math.floor(perCorpus / 3);
    let nameLike = 0;
    for (const literal of rng.shuffle(literals)) {
      const isName = /^[\w$]+$/.test(literal);
      if (isName && nameLike >= maxNameLike) continue;
      const files = corpus.files.filter((f) => f.text.includes(literal)).map((f) => f.path);
      if (files.length < 1 || files.length > MAX_LITERAL_FILES) continue;
      picked.push({ literal, files });
      if (isName) nameLike++;
      if (picked.length >= perCorpus) break;
    }
    picked.forEach(({ literal, files }, n) => {
      const t = pickTemplate(rng, EXACT_TEMPLATES, literal);
      out.push({
        ...base,
        id: id('exact', n),
        intent: 'exact_match',
        query: t.text(literal),
        phrasing: t.id,
        subject: literal,
        truth: files.map((path) => ({ path, grade: 2 })),
        baseline: { mode: 'fixed', terms: [literal] },
      });
    });
  }

  // Understand: a function's first doc sentence, searched where comments are blanked.
  {
    const rng = new SeededRandom(`${corpus.spec.name}:understand`);
    // Doc sentences come from the original text; the blanked copy keeps every line where it was.
    const documented = declarations.filter(
      (d) => (d.kind === 'function' || d.kind === 'method') && d.docSentence && isQuestionSentence(d.docSentence),
    );
    const sentenceCount = new Map<string, number>();
    for (const d of documented) sentenceCount.set(d.docSentence!, (sentenceCount.get(d.docSentence!) ?? 0) + 1);
    rng
      .shuffle(documented.filter((d) => sentenceCount.get(d.docSentence!) === 1))
      .slice(0, perCorpus)
      .forEach((d, n) => {
        const query = d.docSentence!.replace(/[.!]$/, '');
        out.push({
          ...base,
          id: id('und', n),
          intent: 'understand_code',
          query,
          phrasing: 'doc-first-sentence',
          subject: d.name,
          kind: d.kind,
          truth: [{ path: d.path, grade: 2, startLine: d.startLine, endLine: d.endLine, nameLines: d.nameLines }],
          baseline: { mode: 'words', terms: contentWords(query) },
        });
      });
  }
  return out;
}

function isSearchableLiteral(s: string): boolean {
  if (s.length < MIN_LITERAL_LENGTH || s.length > MAX_LITERAL_LENGTH) return false;
  if (/["\n\r\t\\]/.test(s)) return false;
  // At least two letters in a row and not just one lower-case word (those are identifiers/keywords, not messages).
  if ((s.match(/[A-Za-z]/g) ?? []).length < 4) return false;
  if (/^[a-z]+$/.test(s)) return false;
  return true;
}

function isQuestionSentence(s: string): boolean {
  const words = s.split(/\s+/).length;
  if (words < MIN_DOC_WORDS || words > MAX_DOC_WORDS) return false;
  // A sentence, not a note: starts with a capital, is not shouted.
  if (!/^[A-Z]/.test(s)) return false;
  const letters = s.replace(/[^A-Za-z]/g, '');
  if (letters.replace(/[^A-Z]/g, '').length > letters.length / 2) return false;
  return !/\b(TODO|FIXME|eslint|istanbul|prettier|ts-ignore|ts-expect-error|@internal|@deprecated|deprecated)\b/i.test(
    s,
  );
}

function reverse(edges: Map<string, Set<string>>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [from, tos] of edges)
    for (const to of tos) {
      let s = out.get(to);
      if (!s) out.set(to, (s = new Set()));
      s.add(from);
    }
  return out;
}

/** Writes one JSONL file per intent, queries in corpus order. */
export async function writeQueries(queries: EvalQuery[], dir = QUERY_DIR): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const intent of EVAL_INTENTS) {
    const lines = queries.filter((q) => q.intent === intent).map((q) => JSON.stringify(q));
    await writeFile(join(dir, INTENT_FILES[intent]), `${lines.join('\n')}\n`);
  }
}

/** Reads the committed query set; null when any file is missing. */
export async function readQueries(dir = QUERY_DIR): Promise<EvalQuery[] | null> {
  const out: EvalQuery[] = [];
  for (const intent of EVAL_INTENTS) {
    const file = join(dir, INTENT_FILES[intent]);
    if (!existsSync(file)) return null;
    for (const line of (await readFile(file, 'utf8')).split('\n'))
      if (line.trim()) out.push(JSON.parse(line) as EvalQuery);
  }
  return out;
}
