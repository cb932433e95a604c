/**
 * A question that quotes text the repository does not hold ("how does meson join a list of names
 * into 'a, b and c'") quotes what the code makes, not a phrase to find: it is asked in its words
 * and answered by the code that makes it, not by an empty exact match. A quoted text the
 * repository holds stays an exact match (meson's mlog.py shape, with real tree-sitter).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from './engine';
import { engineOver } from '../../test/support/engine';

const FILES = [
  {
    path: 'mlog.py',
    text: `import typing as T

def bold(text: str) -> str:
    return '\\033[1m' + text + '\\033[0m'

# Format a list for logging purposes as a string. It separates
# all but the last item with commas, and the last with 'and'.
def format_list(input_list: T.List[str]) -> str:
    l = len(input_list)
    if l > 2:
        return ' and '.join([', '.join(input_list[:-1]), input_list[-1]])
    elif l == 2:
        return ' and '.join(input_list)
    elif l == 1:
        return input_list[0]
    else:
        return ''
`,
  },
  {
    path: 'interpreter.py',
    text: `from . import mlog

def report_unknown(names):
    print('Unknown options: ' + mlog.format_list(names))
`,
  },
];

describe('a question quoting text the repository does not hold', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(FILES);
  });

  it('is asked in its words: the function that makes the text answers', async () => {
    const r = await engine.search("how does it join a list of names into 'a, b and c' in its messages", {
      limit: 5,
    });
    expect(r.query.intent).toBe('understand_code');
    // Without the model, the words alone (the order is the model's part): format_list is in the
    // answer, where the exact match on the absent text answered nothing.
    expect(r.results.flatMap((x) => [x, ...(x.subResults ?? [])]).map((x) => x.symbol)).toContain('format_list');
  });

  it('stays an exact match when the repository holds the quoted text', async () => {
    const r = await engine.search("where is 'Unknown options: ' printed", { limit: 5 });
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0]).toMatchObject({ path: 'interpreter.py' });
  });
});
