/**
 * "Which files use the X class": a use inside X's own body (a method of X making another X) is
 * X using itself, listed after the files that use it. The PHP below is written for this test.
 */
import { describe, expect, it } from 'vitest';
import { engineOver } from '../../../test/support/engine';

const converter = `<?php
class text_converter
{
    private $html;

    public function __construct($html = '', $width = 75)
    {
        $this->html = $html;
    }

    public function get_text()
    {
        return strip_tags($this->html);
    }

    protected function convert_pre($text)
    {
        $inner = new text_converter($text, 1024);
        return $inner->get_text();
    }
}
`;

const user = (name: string) => `<?php
class ${name}
{
    public function plain($body)
    {
        $conv = new text_converter($body);
        return $conv->get_text();
    }
}
`;

describe('a class using itself is no file using it', () => {
  it('the files using the class come first, its own file after them (still listed)', async () => {
    const engine = await engineOver([
      { path: 'lib/text_converter.php', text: converter },
      { path: 'lib/spellchecker.php', text: user('spellchecker') },
      { path: 'lib/message.php', text: user('message') },
    ]);
    const r = await engine.search('which files use the text_converter class');
    expect(r.query.intent).toBe('find_references');
    const paths = r.results.map((x) => x.path);
    expect(paths.slice(0, 2).sort()).toEqual(['lib/message.php', 'lib/spellchecker.php']);
    expect(paths).toContain('lib/text_converter.php');
  });
});
