/**
 * The index summary counts files per language and what each got: a language with a grammar is
 * parsed (structural, graph), one without is searched by text (and meaning) and says so.
 */
import { describe, expect, it } from 'vitest';
import { engineOver } from '../../test/support/engine';

describe('files per language in the index summary', () => {
  it('counts a Ruby, a Markdown and a JSON file, with the modalities each got', async () => {
    const files = [
      { path: 'lib/greeter.rb', text: 'class Greeter\n  def hello(name)\n    "hi #{name}"\n  end\nend\n' },
      { path: 'lib/farewell.rb', text: 'module Farewell\n  def self.bye\n    :bye\n  end\nend\n' },
      { path: 'README.md', text: '# Greeter\n\nSays hello.\n' },
      { path: 'config/settings.json', text: '{ "greeting": "hello" }\n' },
      { path: 'NOTES', text: 'no extension at all\n' },
    ];
    const engine = await engineOver(files);
    expect(engine.stats.languages).toEqual([
      { language: 'ruby', files: 2, parsed: 2, modalities: ['text', 'structural', 'graph'] },
      { language: 'json', files: 1, parsed: 0, modalities: ['text'] },
      { language: 'markdown', files: 1, parsed: 0, modalities: ['text'] },
      { language: 'other', files: 1, parsed: 0, modalities: ['text'] },
    ]);
  });
});
