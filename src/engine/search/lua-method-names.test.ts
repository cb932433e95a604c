/**
 * Lua names a method `Type:method`. Asked "where is Path:appendArc defined", the answer is the
 * `function Path:appendArc(…)` of the file that defines it, even when the class's own file only
 * points at it through a loader. Shape of pgf 3.1.10 (LPPL/GPL-2.0), graphdrawing's
 * model/Path.lua (`Path.appendArc = lib.ondemand("Path_arced", Path, "appendArc")`) and
 * model/Path_arced.lua (the method itself).
 */
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { engineOver } from '../../../test/support/engine';

const FILES: SourceFile[] = [
  {
    path: 'pgf/gd/model/Path.lua',
    text: [
      'local Path = {}',
      'Path.__index = Path',
      '',
      'local lib = require "pgf.gd.lib"',
      '',
      '-- Appends an arc to a path.',
      '-- @function Path:appendArc(start_angle,end_angle,radius,trans)',
      'Path.appendArc   = lib.ondemand("Path_arced", Path, "appendArc")',
      '',
      'function Path:appendMoveto(x, y)',
      '  self[#self + 1] = "moveto"',
      '  self[#self + 1] = { x = x, y = y }',
      'end',
      '',
      'return Path',
      '',
    ].join('\n'),
  },
  {
    path: 'pgf/gd/model/Path_arced.lua',
    text: [
      "local Path = require 'pgf.gd.model.Path'",
      '',
      'local function arc(path, start, start_angle, end_angle, radius, trans)',
      '  path[#path + 1] = "curveto"',
      'end',
      '',
      '-- Doc see Path.lua',
      '',
      'function Path:appendArc(start_angle,end_angle,radius, trans)',
      '  local start = self[#self]',
      '  assert(type(start) == "table", "trying to append an arc to a path that does not end with a coordinate")',
      '  arc (self, start, start_angle, end_angle, radius, trans)',
      'end',
      '',
    ].join('\n'),
  },
];

describe('a Lua method asked for as Type:method', () => {
  it('is found where it is defined, not read as a path: filter', async () => {
    const engine = await engineOver(FILES);
    for (const q of ['where is Path:appendArc defined', 'Path:appendArc']) {
      const r = await engine.search(q, { preset: 'default', limit: 5 });
      expect(r.query.understood.paths).toEqual([]);
      expect(r.query.intent).toBe('find_definition');
      expect(r.results[0]).toMatchObject({ path: 'pgf/gd/model/Path_arced.lua', startLine: 9 });
    }
  });
});
