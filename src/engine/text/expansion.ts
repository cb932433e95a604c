/**
 * The learned lexical expansion: question words → code tokens that come with them in the
 * model's (doc sentence, code) training pairs ("readable" → `access`), mined by
 * scripts/model-expansion.ts and shipped beside the model as `expansion.json`. The host reads
 * the file; this parses and checks it and, for a plain-words question, lists the tokens the
 * text index adds to its BM25 query at a lower weight, each kept with the word it stands for so
 * the explanation can say "matched `access` for 'readable'".
 */
import type { ExpandedTerm, QueryPlan } from '../contract';
import {
  asksInPlainWords,
  type LanguageReadings,
  type MeasuredLanguage,
  EXPANSION_MAX_WORDS,
  EXPANSION_MIN_STRENGTH,
  EXPANSION_PER_WORD,
  EXPANSION_WEIGHT,
} from '../ranking';
import { baseForms } from '../tokens';

/** The file's name in the model's folder. */
export const EXPANSION_FILE = 'expansion.json';
export const EXPANSION_VERSION = 1;
export type { MeasuredLanguage };

/** expansion.json: per word, its associated code tokens, strongest first, with their normalised PMI in (0, 1]. */
export interface ExpansionTable {
  version: number;
  /** Training pairs it was mined from. */
  pairs: number;
  settings: Record<string, number>;
  /** The model's training pairs per language ("go", "typescript"…), the pairs this table is mined from. */
  languages?: Record<string, number>;
  /** The id of the model this table was made for (scripts/model-measured.ts); absent in older tables. */
  model?: string;
  /**
   * What that model measured of itself on held-out pairs it never trained on, per language
   * (scripts/model-measured.ts): the engine's language gate reads it (ranking.ts learnedLanguage).
   * Absent in older tables: the gate then stays off.
   */
  measured?: { pairs: number; packages: number; languages: Record<string, MeasuredLanguage> };
  words: Record<string, [token: string, strength: number][]>;
}

/** Why a table was refused: another format version, or not the shape above. */
export type ExpansionRejection = 'version' | 'shape';

export type ExpansionLoad = { ok: true; expansion: LexicalExpansion } | { ok: false; rejection: ExpansionRejection };

/** How many tokens a word may add, how strong each must be, and the weight of a match relative to the word's own. */
export interface ExpansionSettings {
  weight: number;
  minStrength: number;
  perWord: number;
  /** A question of more content words than this is not expanded. */
  maxWords: number;
}

export const DEFAULT_EXPANSION_SETTINGS: ExpansionSettings = {
  weight: EXPANSION_WEIGHT,
  minStrength: EXPANSION_MIN_STRENGTH,
  perWord: EXPANSION_PER_WORD,
  maxWords: EXPANSION_MAX_WORDS,
};

export class LexicalExpansion {
  private constructor(
    private readonly words: ReadonlyMap<string, readonly [string, number][]>,
    readonly settings: ExpansionSettings,
    /**
     * What the language gate reads of the model this table was made for: its training pairs and
     * held-out figures per language, or null when the table does not say (the gate then stays off).
     */
    readonly readings: LanguageReadings | null = null,
  ) {}

  /** The table of expansion.json's text, or why it is refused. */
  static parse(text: string, settings: ExpansionSettings = DEFAULT_EXPANSION_SETTINGS): ExpansionLoad {
    let table: unknown;
    try {
      table = JSON.parse(text);
    } catch {
      return { ok: false, rejection: 'shape' };
    }
    if (!isRecord(table) || !isRecord(table.words)) return { ok: false, rejection: 'shape' };
    if (table.version !== EXPANSION_VERSION) return { ok: false, rejection: 'version' };
    const words = new Map<string, [string, number][]>();
    for (const [word, list] of Object.entries(table.words)) {
      if (!Array.isArray(list) || !list.every(isEntry)) return { ok: false, rejection: 'shape' };
      words.set(word, list);
    }
    let readings: LanguageReadings | null = null;
    if (table.measured !== undefined) {
      const m = table.measured;
      if (typeof table.model !== 'string' || !isRecord(m) || !isRecord(m.languages) || !isRecord(table.languages))
        return { ok: false, rejection: 'shape' };
      const pairs = new Map<string, number>();
      for (const [language, n] of Object.entries(table.languages)) {
        if (typeof n !== 'number') return { ok: false, rejection: 'shape' };
        pairs.set(language, n);
      }
      const measured = new Map<string, MeasuredLanguage>();
      for (const [language, x] of Object.entries(m.languages)) {
        if (!isMeasure(x)) return { ok: false, rejection: 'shape' };
        measured.set(language, x);
      }
      readings = { model: table.model, pairs, measured };
    }
    return { ok: true, expansion: new LexicalExpansion(words, settings, readings) };
  }

  /** The same table served with other settings (for experiments). */
  withSettings(settings: ExpansionSettings): LexicalExpansion {
    return new LexicalExpansion(this.words, settings, this.readings);
  }

  get wordCount(): number {
    return this.words.size;
  }

  /**
   * The tokens each query word adds: the word's own entry, else its base form's ("parses" →
   * parse), strong enough, never a word the query already has.
   */
  expand(terms: readonly string[]): ExpandedTerm[] {
    const out: ExpandedTerm[] = [];
    if (terms.length > this.settings.maxWords) return out;
    const asked = new Set(terms);
    for (const word of terms) {
      const list =
        this.words.get(word) ??
        baseForms(word)
          .map((b) => this.words.get(b))
          .find((l) => l !== undefined);
      if (!list) continue;
      let added = 0;
      for (const [token, strength] of list) {
        if (added >= this.settings.perWord) break;
        if (strength < this.settings.minStrength || asked.has(token)) continue;
        if (out.some((e) => e.token === token)) continue;
        out.push({ code: 'learned-expansion', word, token, weight: this.settings.weight * strength });
        added++;
      }
    }
    return out;
  }
}

/**
 * The expansion of a plan: only a question in plain words about behaviour (understand_code,
 * no name, literal, pattern or snippet). A definition or an exact match asks for the words
 * themselves, and a name says what it means.
 */
export function planExpansion(
  plan: QueryPlan,
  expansion: LexicalExpansion | null | undefined | (() => LexicalExpansion | null),
): ExpandedTerm[] {
  if (!expansion || !asksInPlainWords(plan)) return [];
  // A table read on demand is read here, for the first question that expands.
  const table = typeof expansion === 'function' ? expansion() : expansion;
  return table ? table.expand(plan.terms) : [];
}

/**
 * The explanation's words for the expansions a hit matched: "matched `access` for 'readable'";
 * a token standing for several words once, with its words ("matched `edgelist` for 'edge list'").
 */
export function expansionReason(matched: readonly ExpandedTerm[]): string {
  const words = new Map<string, string[]>();
  for (const e of matched) {
    const list = words.get(e.token);
    if (!list) words.set(e.token, [e.word]);
    else if (!list.includes(e.word)) list.push(e.word);
  }
  return [...words].map(([token, ws]) => `matched \`${token}\` for '${ws.join(' ')}'`).join(', ');
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const MEASURE_FIELDS = ['pairs', 'semantic', 'bm25', 'keywordPairs', 'keywordSemantic', 'keywordBm25'] as const;

function isMeasure(x: unknown): x is MeasuredLanguage {
  return isRecord(x) && MEASURE_FIELDS.every((f) => typeof x[f] === 'number');
}

function isEntry(x: unknown): x is [string, number] {
  return Array.isArray(x) && x.length === 2 && typeof x[0] === 'string' && typeof x[1] === 'number';
}
