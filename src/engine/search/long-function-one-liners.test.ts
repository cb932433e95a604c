/**
 * One-liners inside a function too long to read as one are chunks of their own (chunks.ts,
 * LONE_LINER_HOST_LINES), so a similar-phrase question can take one as X and answer with the
 * others.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult, SourceFile } from '../contract';
import { engineOver } from '../../../test/support/engine';

function everyRow(response: SearchResponse): (SearchResult | NonNullable<SearchResult['subResults']>[number])[] {
  return response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
}

describe('one-liners inside a function too long to read as one (CodeMirror’s keymap/vim.js, 5,450 lines in Vim())', () => {
  // A module's wrapper function holding the program: its ex commands are an object literal's
  // one-line methods, `imap`, `nmap`, `vmap` calling the general `map` with their mode.
  const filler = Array.from({ length: 240 }, (_, i) => `    var option${i} = defineOption('option${i}', ${i});`);
  const VIM: SourceFile[] = [
    {
      path: 'keymap/vim.js',
      text: [
        '(function(mod) { mod(CodeMirror); })(function(CodeMirror) {',
        '  var Vim = function() {',
        ...filler,
        '    var exCommands = {',
        '      map: function(cm, params, ctx) {',
        '        var mapArgs = params.args;',
        '        if (!mapArgs || mapArgs.length < 2) { return; }',
        '        exCommandDispatcher.map(mapArgs[0], mapArgs[1], ctx);',
        '      },',
        "      imap: function(cm, params) { this.map(cm, params, 'insert'); },",
        "      nmap: function(cm, params) { this.map(cm, params, 'normal'); },",
        "      vmap: function(cm, params) { this.map(cm, params, 'visual'); },",
        '      sort: function(cm, params) {',
        '        var reverse = params.argString && params.argString[0] == "!";',
        '        cm.replaceRange(lines.sort(reverse), start, end);',
        '      }',
        '    };',
        '    return exCommands;',
        '  };',
        '  CodeMirror.Vim = Vim();',
        '});',
      ].join('\n'),
    },
  ];

  it('are chunks of their own: `code similar to imap` is answered by nmap and vmap, imap left out', async () => {
    const vim = await engineOver(VIM);
    const r = await vim.search('code similar to imap in keymap/vim.js');
    expect(r.query.similarTo?.taken.map((t) => `${t.path}:${t.startLine}`)).toEqual(['keymap/vim.js:249']);
    expect(
      everyRow(r)
        .slice(0, 2)
        .map((row) => row.symbol)
        .sort(),
    ).toEqual(['nmap', 'vmap']);
    expect(everyRow(r).filter((row) => row.symbol === 'imap')).toEqual([]);
  });
});
