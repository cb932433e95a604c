/**
 * Similar to one link of a chain of decorators: each class of X's base reads what it wraps
 * through the base's field and asks it for X's own name (`$this->in->read($len)` in each of
 * Phing's line filters). Fixtures: phing 2.17.4 (LGPL-3.0), licence in their first line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineOver } from '../../../test/support/engine';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('similar to a method of a decorator that asks the object it wraps for its own name', () => {
  it('is answered by the other decorators of its base doing the same (Phing SuffixLines::read → PrefixLines::read), not by the streams they wrap', async () => {
    const phing = await engineOver([
      { path: 'filters/SuffixLines.php', text: fixture('phing-SuffixLines.php.txt') },
      { path: 'filters/PrefixLines.php', text: fixture('phing-PrefixLines.php.txt') },
      { path: 'system/io/InputStream.php', text: fixture('phing-InputStream.php.txt') },
      { path: 'system/io/StringReader.php', text: fixture('phing-StringReader.php.txt') },
    ]);
    const r = await phing.search('code similar to SuffixLines::read in filters/SuffixLines.php');
    expect(r.results[0]).toMatchObject({ path: 'filters/PrefixLines.php', symbol: 'read' });
    expect(r.results[0].explanation.sibling?.of).toBe('read');
  });
});
