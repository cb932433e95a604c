/**
 * A question asked in British English finds code written in American English: the shape of
 * sysdig 0.29.3's chisels (Apache-2.0), ansiterminal.lua's `enable_color`, which blanks every
 * colour escape, asked "how can I turn off the colours in the terminal output".
 */
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { engineOver } from '../../../test/support/engine';

const FILES: SourceFile[] = [
  {
    path: 'ansiterminal.lua',
    text: [
      'local ansiterminal = {}',
      'local colors = { black = 30, red = 31, green = 32 }',
      '',
      'local function makecolor(name, value)',
      "\tansiterminal[name] = string.char(27) .. '[' .. tostring(value) .. 'm'",
      'end',
      '',
      'function ansiterminal.enable_color(enable_colors)',
      '\tif enable_colors == true then',
      '\t\tfor c, v in pairs(colors) do',
      '\t\t\tmakecolor(c, v)',
      '\t\tend',
      '\telse',
      '\t\tfor name, v in pairs(colors) do',
      '\t\t\tansiterminal[name] = ""',
      '\t\tend',
      '\tend',
      'end',
      '',
      'return ansiterminal',
      '',
    ].join('\n'),
  },
  {
    path: 'topprocs.lua',
    text: [
      'function on_capture_start()',
      '\tislive = sysdig.is_live()',
      '\toutput_format = sysdig.get_output_format()',
      '\tif islive then',
      '\t\tchisel.set_interval_s(1)',
      '\t\tif output_format ~= "json" then',
      '\t\t\tterminal.clearscreen()',
      '\t\t\tterminal.hidecursor()',
      '\t\tend',
      '\tend',
      '\treturn true',
      'end',
      '',
    ].join('\n'),
  },
];

describe('a British spelling reads as the American one the code writes', () => {
  it('"colours" finds enable_color, which the question names in no other word', async () => {
    const engine = await engineOver(FILES);
    const response = await engine.search('how can I turn off the colours in the terminal output', {
      preset: 'default',
      limit: 5,
    });
    expect(response.results[0]?.path).toBe('ansiterminal.lua');
    expect(response.results[0]?.symbol).toBe('enable_color');
  });
});
