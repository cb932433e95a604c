/**
 * Evidence or nothing (docs/design.md#clean-up): a references or impact answer lists
 * only chunks with a line that calls, uses or imports what was asked about, or that depends on
 * it through a chain the graph shows. The other modalities only re-rank those chunks: a word in
 * a comment, or the definition itself, is not an answer. Uses the graph could tie only by name
 * come last, apart.
 */
import {
  EVIDENCE_ORDER,
  type Evidence,
  type EvidenceCount,
  type Modality,
  type ModalityHit,
  type QueryPlan,
  type SearchResult,
} from '../contract';

/**
 * The chunks the graph found evidence for, when the answer is held to evidence; null otherwise.
 * `subjectIsFiles`: whether the graph resolves the question's subject to files of the repository
 * (asked only when its list holds no evidence). Then a graph list without evidence is the answer
 * "nothing imports or uses them" (an empty map, so no results), not a reason to fall back to
 * whatever the words match: file dependencies are what the graph records in every language it
 * parses. A subject that names definitions keeps the fallback, since calls the graph cannot see
 * (dynamic dispatch, a language without call sites) are no proof of none.
 */
export function evidenceOfChunks(
  plan: QueryPlan,
  lists: Partial<Record<Modality, ModalityHit[]>>,
  subjectIsFiles: () => boolean = () => false,
): Map<number, Evidence> | null {
  if (plan.intent !== 'find_references' && plan.intent !== 'impact_analysis') return null;
  const graph = lists.graph;
  // No graph list: the graph is not built yet, or not run at this preset; nothing to hold to.
  if (!graph) return null;
  if (!graph.some((h) => h.evidence)) return subjectIsFiles() ? new Map() : null;
  const out = new Map<number, Evidence>();
  for (const hit of graph) if (hit.evidence && !out.has(hit.chunkId)) out.set(hit.chunkId, hit.evidence);
  return out;
}

/** Each modality's list cut to the chunks with evidence. */
export function keepEvidenced(
  lists: Partial<Record<Modality, ModalityHit[]>>,
  evidence: ReadonlyMap<number, Evidence>,
): Partial<Record<Modality, ModalityHit[]>> {
  const out: Partial<Record<Modality, ModalityHit[]>> = {};
  for (const [m, list] of Object.entries(lists) as [Modality, ModalityHit[]][])
    out[m] = list.filter((h) => evidence.has(h.chunkId));
  return out;
}

/**
 * The fused results grouped by their evidence (resolved, then chain, then by name; fused order
 * within a group), each marked with it, cut to `limit`; and the count of all of them.
 */
export function byEvidence(
  fused: SearchResult[],
  evidence: ReadonlyMap<number, Evidence>,
  limit: number,
): { results: SearchResult[]; count: EvidenceCount } {
  const groups = new Map<Evidence, SearchResult[]>(EVIDENCE_ORDER.map((e) => [e, []]));
  for (const r of fused) {
    const e = evidence.get(r.chunkId);
    if (!e) continue;
    r.evidence = e;
    groups.get(e)!.push(r);
  }
  const ordered = EVIDENCE_ORDER.flatMap((e) => groups.get(e)!);
  return {
    results: ordered.slice(0, limit),
    count: {
      total: ordered.length,
      resolved: groups.get('resolved')!.length,
      chain: groups.get('chain')!.length,
      byName: groups.get('by-name')!.length,
    },
  };
}
