/**
 * The two question kinds of the real-size understand set:
 *
 * - `doc`: a function's or method's first doc sentence (docViews, as the model's training
 *   pairs take it: 5–30 words, unique in the project), asked of the comment-blanked copy.
 *   Sampled with a seed from the documented functions outside tests, once, and kept in
 *   docs/eval/understand/doc-questions.jsonl: sampled at every run, the set moved whenever the
 *   analyzer found a new kind of definition (Go interface method specs reshuffled a project's
 *   sixty questions between the halves), and a score could no longer be compared with the last.
 * - `keyword`: short queries written by hand the way people type in a search box, each
 *   aimed at one function that was read and checked (docs/eval/understand/keywords.jsonl:
 *   project, query, path, symbol). Asked of the same blanked copy.
 *
 * Truth, both kinds: the function's file and its lines. Function level: a result is right
 * when its line range contains the function's name line (so the function's own chunk, or a
 * chunk that holds the whole function's head). File level: the result's file is the file.
 * Every question is in the tuning half or the held-out half by a hash of its id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTION_KINDS, type Definition } from '../../src/engine/contract';
import type { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { docViews } from '../../scripts/model-pairs';
import { REPO_ROOT } from '../eval/corpora';
import { contentWords } from '../eval/queries';
import { hashSeed, SeededRandom } from '../eval/rng';
import type { LoadedProject } from './projects';

export const UNDERSTAND_DIR = join(REPO_ROOT, 'docs', 'eval', 'understand');
export const KEYWORDS_FILE = join(UNDERSTAND_DIR, 'keywords.jsonl');
/** The doc-sentence questions as sampled (`npx tsx bench/understand/freeze-doc-questions.ts`). */
export const DOC_QUESTIONS_FILE = join(UNDERSTAND_DIR, 'doc-questions.jsonl');
/** Doc-sentence questions per project. */
export const DOC_PER_PROJECT = 60;

/**
 * `keyword-kept`: the keyword questions asked again of the shipped copy, comments kept, as a user's
 * repository has them (a doc sentence would find its own comment there; a typed query does not).
 */
export type QuestionKind = 'doc' | 'keyword' | 'keyword-kept';
export type Half = 'tuning' | 'held-out';

export interface UnderstandQuestion {
  id: string;
  project: string;
  kind: QuestionKind;
  half: Half;
  query: string;
  path: string;
  symbol: string;
  startLine: number;
  endLine: number;
  nameLine: number;
  /** Content words, for the BM25 baseline. */
  terms: string[];
}

const TEST_PATH =
  /(^|\/)(tests?|testing|benches|examples|spec)\/|(^|\/)test_[^/]*\.py$|_test\.go$|conftest\.py$|_spec\.rb$|Test\.php$/;

/** Same rule as the model miner: the language's doc-comment convention. */
function isDocComment(doc: string, language: string): boolean {
  const t = doc.trimStart();
  if (language === 'rust') return t.startsWith('///') || t.startsWith('/**');
  if (language === 'python') return /^[rRuU]?("{3}|'{3})/.test(t);
  // YARD / RDoc: `#` lines above the method; PHPDoc: `/**` (a `//` or `#` note is not the API's doc).
  if (language === 'ruby') return t.startsWith('#') || t.startsWith('=begin');
  if (language === 'php') return t.startsWith('/**');
  return t.startsWith('//') || t.startsWith('/*');
}

export function halfOf(id: string): Half {
  return hashSeed(`half:${id}`) % 2 === 0 ? 'tuning' : 'held-out';
}

/** A project's doc-sentence questions: the kept ones, or a fresh sample for a project not kept yet. */
export function docQuestions(project: LoadedProject, analyzer: StructuralAnalyzer): UnderstandQuestion[] {
  const kept = keptDocQuestions().filter((q) => q.project === project.spec.name);
  return kept.length > 0 ? kept : sampleDocQuestions(project, analyzer);
}

/**
 * A project's questions: its doc sentences, then its keyword lines (`keywords` holds every
 * project's, as keywordQuestions gives them); only those of `half` when it is given.
 */
export function projectQuestions(
  project: LoadedProject,
  analyzer: StructuralAnalyzer,
  keywords: readonly UnderstandQuestion[],
  half?: Half,
): UnderstandQuestion[] {
  return [...docQuestions(project, analyzer), ...keywords.filter((k) => k.project === project.spec.name)].filter(
    (q) => !half || q.half === half,
  );
}

function keptDocQuestions(): UnderstandQuestion[] {
  let text: string;
  try {
    text = readFileSync(DOC_QUESTIONS_FILE, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as UnderstandQuestion);
}

/** Samples a project's doc-sentence questions from its analyzed definitions (seeded). */
export function sampleDocQuestions(
  project: LoadedProject,
  analyzer: StructuralAnalyzer,
  perProject = DOC_PER_PROJECT,
): UnderstandQuestion[] {
  const candidates: { path: string; def: Definition; sentence: string }[] = [];
  const count = new Map<string, number>();
  for (const f of project.files) {
    if (TEST_PATH.test(f.path)) continue;
    for (const def of analyzer.analyze(f.path, f.text).definitions) {
      if (def.kind !== 'function' && def.kind !== 'method') continue;
      if (!def.doc || !isDocComment(def.doc, project.spec.language)) continue;
      const views = docViews(def.doc, def.name);
      if (!views) continue;
      const words = views.sentence.split(/\s+/).length;
      if (words < 5 || words > 30) continue;
      const key = views.sentence.toLowerCase();
      count.set(key, (count.get(key) ?? 0) + 1);
      candidates.push({ path: f.path, def, sentence: views.sentence });
    }
  }
  const unique = candidates.filter((c) => count.get(c.sentence.toLowerCase()) === 1);
  const rng = new SeededRandom(hashSeed(`understand-doc:${project.spec.name}`));
  return rng
    .shuffle(unique)
    .slice(0, perProject)
    .map((c, i) => {
      const id = `${project.spec.name}:doc:${i}`;
      return {
        id,
        project: project.spec.name,
        kind: 'doc' as const,
        half: halfOf(id),
        query: c.sentence,
        path: c.path,
        symbol: c.def.container ? `${c.def.container}.${c.def.name}` : c.def.name,
        startLine: c.def.startLine,
        endLine: c.def.endLine,
        nameLine: c.def.nameLine,
        terms: contentWords(c.sentence),
      };
    });
}

interface KeywordLine {
  project: string;
  query: string;
  path: string;
  /** name or Container.name */
  symbol: string;
}

/**
 * The definition a keyword line's `symbol` (`name` or `Container.name`) names in its file. Each
 * line aims at a function: where the file defines the name more than once, the function is the
 * answer (cargo's resolver/mod.rs declares `mod resolve;` 39 lines above `pub fn resolve`).
 */
export function keywordDefinition(definitions: readonly Definition[], symbol: string): Definition | undefined {
  const [container, name] = symbol.includes('.') ? symbol.split('.', 2) : [undefined, symbol];
  const named = definitions.filter((d) => d.name === name && (container === undefined || d.container === container));
  return named.find((d) => FUNCTION_KINDS.has(d.kind)) ?? named[0];
}

/** The hand-written keyword questions, resolved to their function's lines through the analyzer. */
export function keywordQuestions(projects: LoadedProject[], analyzer: StructuralAnalyzer): UnderstandQuestion[] {
  const lines = readFileSync(KEYWORDS_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('//'));
  const out: UnderstandQuestion[] = [];
  const perProject = new Map<string, number>();
  for (const line of lines) {
    const k = JSON.parse(line) as KeywordLine;
    const project = projects.find((p) => p.spec.name === k.project);
    if (!project) continue;
    const file = project.files.find((f) => f.path === k.path);
    if (!file) throw new Error(`keywords.jsonl: no file ${k.path} in ${k.project}`);
    const def = keywordDefinition(analyzer.analyze(file.path, file.text).definitions, k.symbol);
    if (!def) throw new Error(`keywords.jsonl: no definition ${k.symbol} in ${k.project}/${k.path}`);
    const i = perProject.get(k.project) ?? 0;
    perProject.set(k.project, i + 1);
    const id = `${k.project}:keyword:${i}`;
    out.push({
      id,
      project: k.project,
      kind: 'keyword',
      half: halfOf(id),
      query: k.query,
      path: k.path,
      symbol: k.symbol,
      startLine: def.startLine,
      endLine: def.endLine,
      nameLine: def.nameLine,
      terms: contentWords(k.query),
    });
  }
  return out;
}
