/**
 * A fixture corpus parsed as the CLI parses a repository: the Node grammars and the structural
 * analyzer, so chunks, definitions and containers are the ones a real index holds.
 */
import type { SourceFile } from '../../src/engine/contract';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { buildCorpus } from '../../src/engine/structural/corpus';
import { nodeGrammars } from '../../src/node/grammars';

export async function parsedCorpus(files: readonly SourceFile[]) {
  return buildCorpus(files, await StructuralAnalyzer.create(nodeGrammars));
}
