/**
 * A parse worker's answer on its way to the index worker: the FileAnalysis as JSON text, not as
 * the object itself. postMessage of an object is a structured clone — every definition and
 * reference a small object, serialized on the parse worker and rebuilt on the index worker,
 * both on threads a 2-core build is short of (the parse workers' postMessage was their largest
 * cost after tree-sitter in a profile of the 10 MB tier). A string crosses as one copy, and
 * JSON.stringify / JSON.parse make and rebuild the same objects for less (docs/bench/HISTORY.md,
 * 2026-12-03). Nothing is lost: an analysis holds only strings, finite numbers, `true`, arrays
 * and plain objects, and the analyzer leaves an absent field out rather than set it undefined.
 */
import type { FileAnalysis } from '../engine/contract';

/** An analysis as the parse worker sends it. */
export type AnalysisWire = string & { readonly __analysisWire: unique symbol };

export function toWire(analysis: FileAnalysis): AnalysisWire {
  return JSON.stringify(analysis) as AnalysisWire;
}

export function fromWire(wire: AnalysisWire): FileAnalysis {
  return JSON.parse(wire) as FileAnalysis;
}
