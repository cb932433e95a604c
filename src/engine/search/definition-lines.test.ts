/**
 * "Where is X defined" for a constant, a variable or a one-line field answers with X's own line,
 * not with the first lines of the window or class that holds it. Shapes of real code: a Go
 * package's constants below a long file comment (miekg/dns's `const ( DefaultMsgSize = 4096 …)`),
 * a Python module constant after its imports, a Rust associated constant inside its `impl`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { SearchResult, SourceFile } from '../contract';
import { Engine } from '../engine';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { planQuery } from '../classify';
import { placeDefinitionResults } from './definition-lines';

const comment = (n: number, mark: string) => Array.from({ length: n }, (_, i) => `${mark} note ${i + 1}`);

const FILES: SourceFile[] = [
  {
    path: 'dns/msg.go',
    text: [
      'package dns',
      '',
      ...comment(20, '//'),
      'const (',
      '\t// DefaultMsgSize is the standard default for messages larger than 512 bytes.',
      '\tDefaultMsgSize = 4096',
      '\tMinMsgSize = 512',
      ')',
      '',
      'func size(n int) int { if n < MinMsgSize { return DefaultMsgSize }; return n }',
      '',
    ].join('\n'),
  },
  {
    path: 'retry/policy.py',
    text: ['import time', '', ...comment(12, '#'), 'MAX_RETRIES = 5', '', 'def wait(n):', '    time.sleep(n)', ''].join(
      '\n',
    ),
  },
  {
    path: 'src/pool.rs',
    text: [
      'pub struct Pool {',
      '    size: usize,',
      '}',
      '',
      'impl Pool {',
      '    pub const MAX_SIZE: usize = 10;',
      '',
      '    pub fn take(&self) -> usize {',
      '        Self::MAX_SIZE',
      '    }',
      '}',
      '',
    ].join('\n'),
  },
];

let engine: Engine;
beforeAll(async () => {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['go', 'python', 'rust'] });
  engine = await Engine.build(FILES, { analyzer, embedder: null });
});

const first = async (question: string) => (await engine.search(question)).results[0];

describe('a definition that makes no chunk is answered at its own lines', () => {
  it('a Go constant in a const block below the file comment', async () => {
    const r = await first('where is DefaultMsgSize defined');
    expect(r).toMatchObject({ path: 'dns/msg.go', startLine: 25, endLine: 25, line: 25, symbol: 'DefaultMsgSize' });
    expect(r.definitionKind).toBe('constant');
  });

  it('a Python module constant after the imports, asked in lower case', async () => {
    const r = await first('where is max_retries defined');
    expect(r).toMatchObject({ path: 'retry/policy.py', startLine: 15, endLine: 15, line: 15, symbol: 'MAX_RETRIES' });
  });

  it('an associated constant, not the impl block holding it', async () => {
    const r = await first('Pool::MAX_SIZE');
    expect(r).toMatchObject({ path: 'src/pool.rs', startLine: 6, endLine: 6, line: 6, symbol: 'MAX_SIZE' });
  });

  it('a definition that is its own chunk keeps its range', async () => {
    const r = await first('where is wait defined');
    expect(r).toMatchObject({ path: 'retry/policy.py', startLine: 17, endLine: 18, symbol: 'wait' });
    expect(r.line).toBeUndefined();
  });

  it('other intents keep the chunk the fusion chose', async () => {
    const response = await engine.search('MAX_RETRIES', { intent: 'find_references' });
    for (const r of response.results) expect(r.line).toBeUndefined();
  });
});

// Monolog's shape: a level constant beside the method of the same name in another case.
const LOGGER = {
  path: 'src/Logger.php',
  text: [
    '<?php',
    'class Logger',
    '{',
    '    public const DEBUG = 100;',
    '',
    '    public function debug(string $message): void',
    '    {',
    '        $this->addRecord(static::DEBUG, $message);',
    '    }',
    '}',
    '',
  ].join('\n'),
};

describe('a result of the class chunk', () => {
  it('is not narrowed to a constant when the method asked for has a chunk of its own', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['php'] });
    const corpus = buildCorpus([LOGGER], analyzer);
    const classChunk = corpus.chunks.find((c) => c.symbol === 'Logger')!;
    const asked = (question: string) => {
      const result = {
        chunkId: classChunk.id,
        path: LOGGER.path,
        startLine: classChunk.startLine,
        endLine: classChunk.endLine,
        symbol: 'Logger',
        score: 1,
        foldedChunks: 0,
      } as SearchResult;
      placeDefinitionResults([result], planQuery(question), corpus);
      return result;
    };
    expect(asked('where is debug defined')).toMatchObject({ startLine: 2, endLine: 10, symbol: 'Logger' });
    expect(asked('where is DEBUG defined')).toMatchObject({ startLine: 4, endLine: 4, line: 4, symbol: 'DEBUG' });
  });
});
