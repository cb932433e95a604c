/**
 * Why a result stands where its score alone would not put it: the ordering rules fusion applies
 * after the scores (fuse.ts withEveryListsOrder, withFirstPlacesBreakingTies, nearerCopiesFirst,
 * withStandInsHandingOn) record the result they passed or replaced, and every explanation (the
 * CLI's lines, the app's panel and its ranking page) says it in the same words, from here.
 */
import type { ResultExplanation } from './contract';

/** One ordering rule that moved a result, and the words that say so. */
export interface OrderReason {
  /** The rule, as the explanation's field names it: the app marks each sentence with it. */
  field: 'above-by-every-list' | 'above-by-first-place' | 'above-its-copy' | 'in-place-of';
  text: string;
}

type Ordered = Pick<ResultExplanation, 'aboveByEveryList' | 'aboveByFirstPlace' | 'aboveItsCopy' | 'inPlaceOf'>;

/**
 * The ordering rules that put this result above another, in words; `showPath` writes a path for
 * its reader (the CLI makes it safe for a terminal).
 */
export function orderReasons(e: Ordered, showPath: (path: string) => string = (path) => path): OrderReason[] {
  const reasons: OrderReason[] = [];
  if (e.aboveByEveryList) {
    const { path, startLine } = e.aboveByEveryList;
    reasons.push({
      field: 'above-by-every-list',
      text: `shown above ${showPath(path)}:${startLine}, which every list ranks below it`,
    });
  }
  if (e.aboveByFirstPlace) {
    const { path, startLine } = e.aboveByFirstPlace;
    reasons.push({
      field: 'above-by-first-place',
      text: `shown above ${showPath(path)}:${startLine}, a near tie: a list puts this first and another near its top`,
    });
  }
  if (e.aboveItsCopy) {
    const { path, startLine } = e.aboveItsCopy;
    reasons.push({
      field: 'above-its-copy',
      text: `shown above its copy ${showPath(path)}:${startLine}, which lies in a deeper folder`,
    });
  }
  if (e.inPlaceOf) {
    const { path, startLine, symbol, ownScore } = e.inPlaceOf;
    const took = ownScore !== undefined ? `, and with its score (this one's own ${ownScore.toFixed(5)})` : '';
    reasons.push({
      field: 'in-place-of',
      text: `shown in place of ${showPath(path)}:${startLine}${symbol ? ` ${showPath(symbol)}` : ''}, which only stands in for it (a prototype, or a forwarder whose one call is this)${took}`,
    });
  }
  return reasons;
}
