import { describe, expect, it } from 'vitest';
import { planQuery } from '../classify';
import { SPELLING_WEIGHTS } from '../ranking';
import { corpusFromTexts } from '../structural/corpus';
import {
  abbreviates,
  looksShortened,
  phraseReadings,
  spellingsOf,
  verbForms,
  type SpellingVocabulary,
} from './spellings';
import { TextIndex } from './index';

function vocabulary(terms: string[]): SpellingVocabulary {
  return { has: (t) => terms.includes(t), startingWith: (l) => terms.filter((t) => t[0] === l) };
}

describe('abbreviates', () => {
  it("takes a word's start, or its first letter and consonants in order", () => {
    for (const [short, long] of [
      ['env', 'environment'],
      ['doc', 'documentation'],
      ['config', 'configuration'],
      ['blk', 'block'],
      ['cfg', 'config'],
      ['ctx', 'context'],
      ['msg', 'message'],
      ['pkg', 'package'],
      ['txt', 'text'],
    ])
      expect(abbreviates(short, long), `${short} ${long}`).toBe(true);
  });

  it('refuses two letters, another first letter, a vowel out of order, the word itself and non-letters', () => {
    expect(abbreviates('fn', 'function')).toBe(false);
    expect(abbreviates('lck', 'block')).toBe(false);
    expect(abbreviates('bolk', 'block')).toBe(false);
    expect(abbreviates('block', 'block')).toBe(false);
    expect(abbreviates('md5', 'md5sum')).toBe(false);
  });

  it("takes a builtin type's name only as the start of a word", () => {
    expect(abbreviates('int', 'initialize')).toBe(false);
    expect(abbreviates('int', 'insert')).toBe(false);
    expect(abbreviates('str', 'selector')).toBe(false);
    expect(abbreviates('int', 'integer')).toBe(true);
    expect(abbreviates('str', 'string')).toBe(true);
    expect(abbreviates('char', 'character')).toBe(true);
  });

  it('knows a typed shortening by its missing vowels', () => {
    expect(looksShortened('cfg')).toBe(true);
    expect(looksShortened('env')).toBe(true);
    expect(looksShortened('config')).toBe(false);
    expect(looksShortened('id')).toBe(false);
  });
});

describe('verbForms', () => {
  it('proposes the verb a noun of action is made from', () => {
    expect(verbForms('resolution')).toContain('resolve');
    expect(verbForms('installation')).toContain('install');
    expect(verbForms('compilation')).toContain('compile');
    expect(verbForms('deletion')).toContain('delete');
    expect(verbForms('selections')).toContain('select');
    expect(verbForms('expansion')).toContain('expand');
    expect(verbForms('conversion')).toContain('convert');
    expect(verbForms('definition')).toContain('define');
    expect(verbForms('assignment')).toContain('assign');
  });

  it('leaves other words alone', () => {
    expect(verbForms('union')).toEqual([]);
    expect(verbForms('cache')).toEqual([]);
  });
});

describe('spellingsOf', () => {
  const v = vocabulary(['afs', 'mem', 'write', 'blk', 'cache', 'edgelist', 'read', 'astar', 'rbtree', 'dnlc', 'lhash']);

  it('finds the shortenings the code writes, each for its word', () => {
    expect(spellingsOf(['write', 'block', 'memory', 'cache'], 'write block to memory cache', v)).toEqual([
      { code: 'abbreviation', word: 'block', token: 'blk', weight: SPELLING_WEIGHTS.abbreviation },
      { code: 'abbreviation', word: 'memory', token: 'mem', weight: SPELLING_WEIGHTS.abbreviation },
    ]);
  });

  it('joins adjacent words, a stop word too, for each content word joined', () => {
    expect(spellingsOf(['load', 'edge', 'list', 'file'], 'load from edge list file', v)).toMatchObject([
      { code: 'compound', word: 'edge', token: 'edgelist' },
      { code: 'compound', word: 'list', token: 'edgelist' },
    ]);
    expect(spellingsOf(['star', 'search'], 'a star search', v)).toMatchObject([
      { code: 'compound', word: 'star', token: 'astar' },
    ]);
  });

  it('joins no words across a comma: a list names each', () => {
    const lists = vocabulary(['mapset', 'map', 'set']);
    expect(spellingsOf(['iterates', 'map', 'set', 'array'], 'Each iterates a map, set or array', lists)).toEqual([]);
    expect(spellingsOf(['map', 'set'], 'map set', lists).map((e) => e.token)).toEqual(['mapset', 'mapset']);
  });

  it('reads initials before a whole word, and initials alone of three words or more', () => {
    expect(spellingsOf(['linear', 'hash'], 'linear hash', v).map((e) => e.token)).toEqual(['lhash', 'lhash']);
    expect(spellingsOf(['red', 'black', 'tree'], 'red black tree', v).filter((e) => e.token === 'rbtree')).toHaveLength(
      3,
    );
    expect(
      spellingsOf(['directory', 'name', 'lookup', 'cache'], 'directory name lookup cache', v).map((e) => e.word),
    ).toEqual(['directory', 'name', 'lookup', 'cache']);
  });

  it('spells a typed shortening out only when the code does not write it as typed', () => {
    const both = vocabulary(['cfg', 'config']);
    expect(spellingsOf(['cfg'], 'cfg', vocabulary(['config']))).toMatchObject([{ word: 'cfg', token: 'config' }]);
    expect(spellingsOf(['cfg'], 'cfg', both)).toEqual([]);
  });
});

describe('the text index with the spellings', () => {
  const corpus = corpusFromTexts([
    {
      path: 'src/afs/afs_memcache.c',
      text: 'int afs_MemWriteBlk(struct osi_file *fP, int offset, void *src, int size)\n{\n    return afs_MemWritevBlk(fP, offset, src, size);\n}\n',
    },
    {
      path: 'src/afs/afs_dcache.c',
      text: 'struct dcache *afs_GetDCache(struct vcache *avc, int abyte)\n{\n    return NULL;\n}\n',
    },
    {
      path: 'internal/gocommand/invoke.go',
      text: 'package gocommand\n\nfunc (i *Invocation) Run(ctx context.Context) error {\n\treturn i.run(ctx)\n}\n',
    },
  ]);
  const index = TextIndex.build(corpus);

  it('finds the function that writes the words shortened, and says which token stood for which word', () => {
    const hits = index.search(planQuery('write block to memory cache'), 10);
    expect(corpus.chunks[hits[0].chunkId].path).toBe('src/afs/afs_memcache.c');
    expect(hits[0].reason).toContain("matched `blk` for 'block'");
    expect(hits[0].expanded).toMatchObject([
      { code: 'abbreviation', word: 'block', token: 'blk' },
      { code: 'abbreviation', word: 'memory', token: 'mem' },
    ]);
  });

  it("reads a compound in a folder's name", () => {
    const hits = index.search(planQuery('run go command'), 10);
    expect(corpus.chunks[hits[0].chunkId].path).toBe('internal/gocommand/invoke.go');
    expect(hits[0].reason).toContain("matched `gocommand` for 'go command'");
  });

  it("spells nothing for a doc sentence: it says the code's words already", () => {
    const hits = index.search(planQuery('Writes a block of data into the memory cache file of the client'), 10);
    expect(hits.every((h) => h.expanded === undefined)).toBe(true);
  });

  it("does not read a builtin type's name inside a word: `int` is no spelling of 'initialize'", () => {
    const streams = corpusFromTexts([
      { path: 'src/io/stream.c', text: 'int stream_flush(struct stream *s)\n{\n    int n = 0;\n    return n;\n}\n' },
      { path: 'src/io/stdio.c', text: 'void stdio_init(struct stream *s)\n{\n    s->pos = 0;\n}\n' },
    ]);
    const hits = TextIndex.build(streams).search(planQuery('initialize a stream'), 10);
    const stdio = hits.find((h) => streams.chunks[h.chunkId].path === 'src/io/stdio.c');
    expect(stdio?.reason).toContain("matched `init` for 'initialize'");
    const flush = hits.find((h) => streams.chunks[h.chunkId].path === 'src/io/stream.c');
    expect(flush?.reason).toBe(`terms stream (BM25 ${flush?.score.toFixed(2)})`);
    expect(hits.some((h) => h.reason.includes('`int`'))).toBe(false);
  });

  it('spells nothing for a question that names a symbol', () => {
    const hits = index.search(planQuery('where is afs_MemWriteBlk defined'), 10);
    expect(hits.every((h) => h.expanded === undefined)).toBe(true);
  });
});

describe('phraseReadings', () => {
  const v = vocabulary(['count', 'number']);
  const terms = (raw: string) => planQuery(raw).terms;

  it('reads "the number of" as `count`, on a doc sentence of any length', () => {
    const raw = 'Returns the number of procedures present inside this database';
    expect(phraseReadings(terms(raw), raw, v)).toEqual([
      { code: 'phrase', word: 'number', token: 'count', weight: SPELLING_WEIGHTS.phrase },
    ]);
    const bytes = 'Returns specified number of bytes from the buffer.';
    expect(phraseReadings(terms(bytes), bytes, v)).toMatchObject([{ word: 'number', token: 'count' }]);
  });

  it('does not read "a number of" or "any number of" (several), "number" alone, a count said, or a token the code lacks', () => {
    for (const raw of [
      'Readpages reads a number of pages for a particular file',
      'Accepts any number of arguments',
      'Formats a number for display',
      'Count the number of valid tokens in a jar.',
    ])
      expect(phraseReadings(terms(raw), raw, v), raw).toEqual([]);
    const raw = 'Returns the number of procedures';
    expect(phraseReadings(terms(raw), raw, vocabulary(['number']))).toEqual([]);
  });
});

describe('the text index with a phrase read', () => {
  const corpus = corpusFromTexts([
    {
      path: 'src/nodes/procedures.ts',
      text: 'export function getProcedures(database) {\n  return database.procedures.filter((procedure) => procedure.database === database.name);\n}\n',
    },
    {
      path: 'src/nodes/procedure-count.ts',
      text: 'export function getProcedureCount(database) {\n  return database.count("procedure");\n}\n',
    },
  ]);
  const index = TextIndex.build(corpus);

  it('finds the count a doc sentence asks for as "the number of", and says what `count` stood for', () => {
    const hits = index.search(planQuery('Returns the number of procedures present inside this database'), 10);
    expect(corpus.chunks[hits[0].chunkId].path).toBe('src/nodes/procedure-count.ts');
    expect(hits[0].reason).toContain("matched `count` for 'number'");
    expect(hits[0].expanded).toMatchObject([{ code: 'phrase', word: 'number', token: 'count' }]);
  });
});
