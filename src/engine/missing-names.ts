/**
 * Honest answers: when a definition, references or impact question names an identifier that
 * occurs nowhere in the repository, the answer says so first ("no `enqueueRender` here") and
 * offers the nearest names that do exist — MiniSearch's fuzzy search over the definition
 * names — before any loose matches.
 */
import MiniSearch from 'minisearch';
import type { AbsentName, QueryPlan } from './contract';
import { referencedName } from './graph/graph';
import { NAMED_SOURCE_EXTENSIONS } from './structural/grammars';
import { splitIdentifier } from './tokens';

/** Names offered as "did you mean". */
export const MAX_SUGGESTIONS = 5;
/** Edit distance allowed, as a share of the name's length (MiniSearch `fuzzy`), capped below. */
export const SUGGESTION_FUZZINESS = 0.3;
export const SUGGESTION_MAX_EDITS = 3;
/**
 * The longest name looked up fuzzily. Edit-distance search costs grow with the name's length
 * (MiniSearch allocates a matrix per term it walks), and no identifier a user means is this
 * long: a longer one still gets its honest "not here", without suggestions.
 */
export const MAX_SUGGESTED_NAME_CHARS = 100;
/** Words of a name whose shared use is looked up (the first ones: a name's head says most). */
const MAX_NAME_PARTS = 8;
/** A name close in spelling outranks one that only shares some of its words. */
const WHOLE_NAME_BOOST = 4;

const ABOUT_A_NAME = new Set<QueryPlan['intent']>(['find_definition', 'find_references', 'impact_analysis']);
/**
 * `src/util.js`, `utils/date`: a path, which the graph resolves (or not) as a file. One
 * character either side of the `/` or `.` is all the test needs: runs (`[\w@.-]+\/`) would be
 * retried from every start of a long word with no `/`, quadratic in its length.
 */
const PATH_LIKE = new RegExp(`[\\w@.-]\\/[\\w@.-]|[\\w-]\\.(?:${NAMED_SOURCE_EXTENSIONS})\\b`);

/** The identifier a query is about, when the question is about one name (not a path). */
export function nameAskedAbout(plan: QueryPlan): string | null {
  if (!ABOUT_A_NAME.has(plan.intent) || plan.similarToChunk !== undefined || plan.literal) return null;
  if (PATH_LIKE.test(plan.raw)) return null;
  const first = plan.identifiers[0];
  return first ? referencedName(first) : null;
}

/** Normalised spelling: case and separators do not make names far apart (use_effect ≈ useEffect). */
function spelling(name: string): string {
  return name.toLowerCase().replace(/[_$]/g, '');
}

export class NameSuggester {
  private readonly index: MiniSearch<{ id: number; name: string; whole: string; parts: string }>;

  constructor(private readonly names: readonly string[]) {
    this.index = new MiniSearch({
      fields: ['whole', 'parts'],
      storeFields: ['name'],
      tokenize: (text, field) => (field === 'parts' ? text.split(' ') : [text]),
      processTerm: (term) => term || null,
    });
    this.index.addAll(
      names.map((name, id) => ({ id, name, whole: spelling(name), parts: splitIdentifier(name).join(' ') })),
    );
  }

  /** Existing names nearest to `name`, best first; never `name` itself. */
  suggest(name: string, limit = MAX_SUGGESTIONS): string[] {
    if (name.length > MAX_SUGGESTED_NAME_CHARS) return [];
    const whole = this.index.search(spelling(name), {
      fields: ['whole'],
      fuzzy: SUGGESTION_FUZZINESS,
      maxFuzzy: SUGGESTION_MAX_EDITS,
      boost: { whole: WHOLE_NAME_BOOST },
    });
    const parts = splitIdentifier(name)
      .filter((t) => t.length >= 3)
      .slice(0, MAX_NAME_PARTS);
    const shared = parts.length > 0 ? this.index.search(parts.join(' '), { fields: ['parts'], combineWith: 'OR' }) : [];
    const scores = new Map<string, number>();
    for (const r of [...whole, ...shared]) {
      const n = r.name as string;
      if (n === name) continue;
      scores.set(n, (scores.get(n) ?? 0) + r.score);
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([n]) => n);
  }

  get size(): number {
    return this.names.length;
  }
}

/**
 * The name a query asks about, when it occurs nowhere in the repository (no definition, no
 * use, not even in a comment, in any case), with the nearest names that do; else null.
 */
export function absentNameOf(
  plan: QueryPlan,
  occurs: (name: string) => boolean,
  suggester: () => NameSuggester,
): AbsentName | null {
  const name = nameAskedAbout(plan);
  if (!name || occurs(name)) return null;
  return { name, suggestions: suggester().suggest(name) };
}
