/**
 * An engine over fixture files as most engine tests build one: every grammar Node has and no
 * embedder (the structure and the text alone); and the corpus it built, private to the engine,
 * which tests read to rebuild the lists of a real run.
 */
import type { SourceFile } from '../../src/engine/contract';
import { Engine } from '../../src/engine/engine';
import type { Corpus } from '../../src/engine/modality';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';

export async function engineOver(files: SourceFile[]): Promise<Engine> {
  return Engine.build(files, { analyzer: await StructuralAnalyzer.create(nodeGrammars), embedder: null });
}

export function corpusOf(engine: Engine): Corpus {
  return (engine as unknown as { corpus: Corpus }).corpus;
}
