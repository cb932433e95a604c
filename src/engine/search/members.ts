/**
 * Which of a file's definitions answers a question about behaviour (docs/ranking.md#members).
 * The importance boost orders files; inside one file it favours the hub that every sibling
 * calls, while the question asks for one member. So among a file's strong chunks the one shown
 * is the one most relevant before the boost, weighed by how much of its name the question says
 * ("lowest common ancestor in tree": `lowest_common_ancestor` over
 * `all_pairs_lowest_common_ancestor`; "Return True if list is a list of ints": `is_list_of_ints`
 * over `make_list_of_ints`).
 */
import type { Chunk } from '../contract';
import { baseForms, splitIdentifier, subTokens } from '../tokens';
import { MEMBER_NAME_GAIN } from '../ranking';

/** A name part this short is no abbreviation of a question word ("a", "is" stand for themselves). */
const MIN_ABBREVIATION = 3;
/** A question word this long may be the stem of a longer name part ("parse" → `parser`; "set" is no stem of `settings`). */
const MIN_STEM = 5;

/** The question's words as a name may spell them: sub-tokens, lower-cased, with their base forms. */
export function questionForms(question: string): ReadonlySet<string> {
  const forms = new Set<string>();
  for (const t of subTokens(question)) {
    forms.add(t);
    for (const b of baseForms(t)) forms.add(b);
  }
  return forms;
}

/**
 * The share of a name's word parts (digits left out) that the question says, in [0, 1]: a part
 * counts when it is a question word, one of its base forms, the start of a longer question word
 * (`min` for "minimum", `env` for "environment"), or starts with a question word of 5+ letters
 * (`suggestions` for "suggest", `parser` for "parse").
 */
export function nameCoverage(name: string | undefined, forms: ReadonlySet<string>): number {
  if (!name) return 0;
  const parts = splitIdentifier(name).filter((t) => !/^\d+$/.test(t));
  if (parts.length === 0) return 0;
  let said = 0;
  for (const part of parts) if (saysPart(part, forms)) said++;
  return said / parts.length;
}

function saysPart(part: string, forms: ReadonlySet<string>): boolean {
  if (forms.has(part) || baseForms(part).some((b) => forms.has(b))) return true;
  if (part.length < MIN_ABBREVIATION) return false;
  for (const f of forms) {
    if (f.length > part.length && f.startsWith(part)) return true;
    if (f.length >= MIN_STEM && part.length > f.length && part.startsWith(f)) return true;
  }
  return false;
}

/** A question's coverage of each chunk's name, for fuse's member choice (FusionInput.nameCoverageOf). */
export function memberNameCoverage(question: string): (chunk: Chunk) => number {
  const forms = questionForms(question);
  return (chunk) => nameCoverage(chunk.symbol, forms);
}

/** The factor a member's relevance is weighed by when its file's chunks are compared: 1 + gain × coverage. */
export function nameMatchFactor(coverage: number): number {
  return 1 + MEMBER_NAME_GAIN * coverage;
}
