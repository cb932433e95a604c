/**
 * The first steps of a search: the files the query's filters and /regex/ leave, and the plan of
 * its question (classified, pasted text routed, or the chunk "find similar" starts from).
 */
import { optionNamedIn, optionPattern, planQuery, routeDefinedName, routePastedText } from '../classify';
import type { Chunk, QueryPlan, SearchOptions, SimilarSubjectChoice, UnderstoodQuery } from '../contract';
import type { Corpus } from '../modality';
import { describeFilters, fileFilter, hasFileFilter } from '../query-syntax';
import { InvalidRegex, RegexRejected, type TextGrepResult, type TextIndex } from '../text/index';
import {
  errorVariantRaisers,
  findFormatStrings,
  helperCallSites,
  valueLiterals,
  type FormatMatch,
  type MessageSources,
} from './messages';
import { optionDeclarations, optionReads } from './options';
import { regexPlan } from './route';
import {
  hintedSubject,
  markedName,
  namedBy,
  similarSubject,
  subjectChoice,
  type SimilarSubject,
  type SubjectChunks,
} from './similar';

/** Lines a /regex/ combined with a question reads to find the files it narrows the search to. */
const REGEX_FILTER_SCAN_LIMIT = 20_000;

/** The files a query may return (null: any), with notes on how they were narrowed; or why it cannot run. */
export type FileScope = { only: Set<number> | null; notes: string[]; filters: string | null } | { error: string };

/** path:/lang: filters and a /regex/ narrow the files every list may return. */
export function narrowFiles(
  understood: UnderstoodQuery,
  options: SearchOptions,
  corpus: Corpus,
  text: TextIndex,
): FileScope {
  const notes: string[] = [];
  let only: Set<number> | null = null;
  const filters = hasFileFilter(understood) ? describeFilters(understood).join(' ') : null;
  if (filters !== null) {
    const accept = fileFilter(understood);
    only = new Set(corpus.files.filter((f) => accept(f.path)).map((f) => f.id));
    if (only.size === 0)
      return { error: `No file of this repository (${corpus.files.length} files) matches ${filters}.` };
    notes.push(`Filters ${filters}: ${only.size} of ${corpus.files.length} files.`);
  }
  if (understood.regex !== undefined) {
    let matched: TextGrepResult;
    try {
      matched = text.grep(understood.regex, {
        regex: true,
        caseSensitive: understood.caseSensitive,
        limit: REGEX_FILTER_SCAN_LIMIT,
      });
    } catch (e) {
      if (e instanceof InvalidRegex || e instanceof RegexRejected) return { error: e.message };
      throw e;
    }
    const within = only;
    const files = new Set(matched.matches.map((m) => m.fileId).filter((id) => !within || within.has(id)));
    if (understood.text) only = files;
    if (matched.truncated)
      notes.push(
        `/${understood.regex}/ matches more than the ${matched.matches.length} lines read; ${truncationEffect(matched)}.`,
      );
    if (files.size === 0)
      notes.push(`No line matches /${understood.regex}/${filters !== null ? ` in ${filters}` : ''}.`);
  }
  if (!understood.text && understood.regex === undefined && options.similarToChunk === undefined && filters !== null) {
    return { error: `Add a question, a "phrase" or a /pattern/ to search within ${filters}.` };
  }
  return { only, notes, filters };
}

function truncationEffect(matched: TextGrepResult): string {
  return matched.truncatedBy === 'limit'
    ? 'the files of those lines are searched'
    : 'the search stopped at its time budget';
}

/** What planning needs from the engine: whether a text occurs verbatim, and the chunk "find similar" starts from. */
export interface PlanSources {
  occursVerbatim(text: string): boolean;
  /**
   * Whether the text occurs on a line of code: not in a comment, a docstring or a document
   * (`commentsCount`: not in a document), in the text's own case when `caseSensitive`.
   */
  occursInCode?(text: string, commentsCount?: boolean, caseSensitive?: boolean): boolean;
  /** Whether a regular expression (RE2, case-insensitive) matches a line of the corpus. */
  matchesPattern?(pattern: string): boolean;
  /** The corpus's lines, for matching a pasted message to the format strings that print it. */
  messages?: MessageSources;
  chunk(id: number): Chunk;
  chunkText(chunk: Chunk): string;
  /** The chunks of the definitions a "similar to X" question names (none before the structural index). */
  subjectChunks?(subject: SimilarSubject): SubjectChunks | undefined;
  /**
   * The names the repository defines that equal `name` ignoring case, `name` itself when it is
   * defined (none before the structural index): whether the repository defines a name is read here.
   */
  spellingsOf?(name: string): readonly string[];
  /**
   * The same text lookups over the code outside tests, when the repository has tests: a pasted
   * message is planned against them first (planSearch).
   */
  outsideTests?: PastedTextSources;
}

/** The lookups routing pasted text reads (PlanSources's, or the same over the code outside tests). */
export type PastedTextSources = Pick<PlanSources, 'occursVerbatim' | 'occursInCode' | 'matchesPattern' | 'messages'>;

/** The query's plan and the note saying when pasted text was routed to an exact match. */
export function planSearch(
  understood: UnderstoodQuery,
  options: SearchOptions,
  sources: PlanSources,
): { plan: QueryPlan; notes: string[]; similarTo?: SimilarSubjectChoice } {
  const notes: string[] = [];
  let choice: SimilarSubjectChoice | undefined;
  const question = understood.text;
  let similarTo = options.similarToChunk;
  /** A query that is only a /regex/ is planned as an exact match on it. */
  const onlyRegex = !question && similarTo === undefined ? understood.regex : undefined;
  const intent = similarTo !== undefined ? 'find_similar' : options.intent;
  let plan = onlyRegex !== undefined ? regexPlan(onlyRegex) : planQuery(question, intent);
  if (understood.caseSensitive) plan.caseSensitive = true;
  // Each name's spellings are read once, for whether it is defined and for its other cases.
  const spellingsRead = new Map<string, readonly string[]>();
  const spellingsOf = (name: string): readonly string[] => {
    let spellings = spellingsRead.get(name);
    if (!spellings) spellingsRead.set(name, (spellings = sources.spellingsOf?.(name) ?? []));
    return spellings;
  };
  const defines = (name: string) => spellingsOf(name).includes(name);
  if (similarTo === undefined && plan.rule !== 'user-choice' && plan.rule !== 'query-syntax') {
    if (sources.spellingsOf) plan = routeDefinedName(plan, defines);
    let formats: FormatMatch[] = [];
    const routed = (from: PastedTextSources): QueryPlan => {
      formats = [];
      const messages = from.messages;
      return routePastedText(
        plan,
        (text) => from.occursVerbatim(text),
        from.matchesPattern && ((pattern) => from.matchesPattern!(pattern)),
        messages &&
          ((text) =>
            (formats = errorVariantRaisers(
              valueLiterals(helperCallSites(findFormatStrings(text, messages), text, messages), messages),
              messages,
            ))),
        from.occursInCode &&
          ((text, commentsCount, caseSensitive) => from.occursInCode!(text, commentsCount, caseSensitive)),
      );
    };
    // A pasted message is what the code printed; a test that holds it whole, values and all, as
    // its expected output holds what the code printed once. The code outside tests answers a
    // paste when it holds it or its format; the tests only when it does not.
    const outside = sources.outsideTests ? routed(sources.outsideTests) : undefined;
    plan = outside?.pasted ? outside : routed(sources);
    const via = formats[0]?.printedBy;
    const raised = formats[0]?.raisedAs;
    if (plan.pasted && plan.regex !== undefined && raised)
      notes.push(
        `Pasted message: printed by the format string "${raised.literal}" (${raised.path}:${raised.line}) of the error variant ${raised.variant}, whose constant text accounts for ${Math.round(100 * formats[0].coverage)}% of it with the values; raised where the code builds ${raised.variant}: ${formats.map((f) => `${f.path}:${f.line}`).join(', ')} (exact match, rule ${plan.rule}).`,
      );
    else if (plan.pasted && plan.regex !== undefined && via)
      notes.push(
        `Pasted message: printed by the format string "${via.literal}" (${via.path}:${via.line}), whose constant text and values account for ${Math.round(100 * formats[0].coverage)}% of it; its value ${formats.map((f) => `"${f.literal}" (${f.path}:${f.line})`).join(', ')} is the code's own text, where the message was made (exact match, rule ${plan.rule}).`,
      );
    else if (plan.pasted && plan.regex !== undefined && formats.length > 0)
      notes.push(
        `Pasted message: printed by the format string ${formats.map((f) => `"${f.literal}" (${f.path}:${f.line})`).join(', ')}, whose constant text accounts for ${Math.round(100 * formats[0].coverage)}% of it with the values (exact match, rule ${plan.rule}).`,
      );
    else if (plan.pasted && plan.regex !== undefined)
      notes.push(
        `Pasted message: its values left out, it matches /${plan.regex}/ in this repository, the format string that printed it (exact match, rule ${plan.rule}).`,
      );
    else if (plan.pasted)
      notes.push(
        `Pasted text: "${plan.literal}" occurs verbatim in this repository, so the files containing it lead (exact match, rule ${plan.rule}).`,
      );
  }
  if (plan.option !== undefined && plan.regex !== undefined) plan = withOptionDeclarations(plan, sources, notes);
  else if (plan.intent === 'understand_code' && similarTo === undefined) plan = withOptionReads(plan, sources, notes);
  if (similarTo === undefined && plan.intent === 'find_similar' && plan.snippet === undefined) {
    const typed = similarSubject(question);
    const subject = typed && sources.spellingsOf ? markedName(typed, defines) : typed;
    const hinted = subject ? hintedSubject(subject, (s) => sources.subjectChunks?.(s), spellingsOf) : undefined;
    if (hinted) {
      const { subject, found } = hinted;
      similarTo = found.chunks[0].id;
      if (found.chunks.length > 1) plan.similarAlso = found.chunks.slice(1).map((c) => c.id);
      const by = namedBy(subject, found.chunks[0]);
      if (by) plan.similarNamedBy = by;
      const worded = subjectChoice(subject, found);
      choice = worded.choice;
      notes.push(worded.note);
    }
  }
  if (similarTo !== undefined) {
    const chunk = sources.chunk(similarTo);
    plan.similarToChunk = similarTo;
    plan.snippet = sources.chunkText(chunk);
    if (!plan.raw)
      plan.raw = chunk.symbol ? `similar to ${chunk.symbol}` : `similar to ${chunk.path}:${chunk.startLine}`;
  }
  return { plan, notes, ...(choice ? { similarTo: choice } : {}) };
}

/**
 * A command-line option asked for alone: its declarations (optionDeclarations) lead, read in the
 * code outside tests first. When no line names it, the repository may still define it by its
 * name's spelling alone (clap's derived `max_age` field for `--max-age`): the name is asked for as
 * a definition.
 */
function withOptionDeclarations(plan: QueryPlan, sources: PlanSources, notes: string[]): QueryPlan {
  const typed = plan.option!;
  const name = typed.replace(/^-+/, '');
  if (sources.matchesPattern && !sources.matchesPattern(plan.regex!)) {
    const spelled = name.replace(/-/g, '_');
    notes.push(
      `Command-line option: no line of this repository names ${typed}, so its name is looked for as a definition, ${spelled} (rule ${plan.rule}).`,
    );
    return { ...planQuery(spelled), raw: plan.raw };
  }
  const read = (from: PastedTextSources | undefined) =>
    from?.messages ? optionDeclarations(typed, name, plan.regex!, from.messages) : [];
  const outside = read(sources.outsideTests);
  const lines = outside.length > 0 ? outside : read(sources);
  if (lines.length === 0) {
    notes.push(
      `Command-line option: ${typed} is named in this repository but no line gives it to an option parser, so the lines naming it lead (exact match, rule ${plan.rule}).`,
    );
    return plan;
  }
  notes.push(
    `Command-line option: ${typed} is declared where the code gives it to its option parser: ${lines.map((l) => `${l.path}:${l.line}`).join(', ')} (exact match, rule ${plan.rule}).`,
  );
  return { ...plan, answerLines: lines.map((l) => ({ path: l.path, line: l.line })) };
}

/**
 * A question about what a command-line option does (`what does --max-age do`): the option's
 * declarations bind its value to a name (optionReads), and the code reading that name is where the
 * option acts. Its lines are the answer's lines (QueryPlan.answerLines), read in the code outside
 * tests first; the question's words still rank the functions holding them.
 */
function withOptionReads(plan: QueryPlan, sources: PlanSources, notes: string[]): QueryPlan {
  const named = optionNamedIn(plan.raw);
  // "started without --core", "when no --isolation is given": the question is about the default,
  // the path the option's absence takes, not the code reading it.
  if (!named || ABSENT_BEFORE.test(plan.raw.slice(0, plan.raw.indexOf(named.typed)))) return plan;
  const pattern = optionPattern(named.typed, named.name);
  const read = (from: PastedTextSources | undefined) =>
    from?.messages ? optionReads(named.typed, named.name, pattern, from.messages) : null;
  const found = read(sources.outsideTests) ?? read(sources);
  if (!found) return plan;
  const reading = found.reads.filter((l) => !l.stores);
  const shown = reading.slice(0, NOTED_READS).map((l) => `${l.path}:${l.line}`);
  const more = reading.length - shown.length;
  notes.push(
    `Command-line option: ${declared(named.typed, found.declarations)}; the code reading the value it is given leads: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''} (rule ${plan.rule}).`,
  );
  return {
    ...plan,
    optionRead: named.typed,
    answerLines: found.reads.map((l) => ({
      path: l.path,
      line: l.line,
      ...(l.decides ? { decides: true } : {}),
      ...(l.stores ? { stores: true } : {}),
    })),
  };
}

/** Where an option is declared, as a note says it; by its spellings when no parser call declares it. */
function declared(typed: string, declarations: readonly { path: string; line: number }[]): string {
  if (declarations.length === 0)
    return `no option parser's call declares ${typed}, so its value is looked for by its name's spellings`;
  return `${typed} is declared at ${declarations.map((l) => `${l.path}:${l.line}`).join(', ')}`;
}

/** Words right before an option that say it is not given (`without`, `no`, `unless`, `omitting`). */
const ABSENT_BEFORE = /\b(?:without|no|not|unless|omit(?:s|ted|ting)?|missing)\s+(?:the\s+|a\s+|an\s+|any\s+)?$/i;

/** Lines reading an option's value a note names, at most. */
const NOTED_READS = 5;
