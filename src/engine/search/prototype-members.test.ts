/**
 * "Similar to X.prototype.m" on stylus's caches: JavaScript names a class's method by assigning it
 * to the prototype, and a question names it so.
 */
import { describe, expect, it } from 'vitest';
import { engineOver } from '../../../test/support/engine';

describe('similar to a method named `X.prototype.m`', () => {
  // stylus's caches: each class assigns its methods to its prototype, one `key` per class.
  const cache = (name: string, key: string) =>
    [
      `var ${name} = module.exports = function(options) {`,
      '  options = options || {};',
      '  this._cache = {};',
      '};',
      '',
      `${name}.prototype.has = function(key) {`,
      '  return !!this._cache[key];',
      '};',
      '',
      `${name}.prototype.key = function(str, options) {`,
      ...key.split('\n'),
      '};',
      '',
    ].join('\n');

  it('takes the named class’s m as X, and the other classes’ m answer', async () => {
    const stylus = await engineOver([
      {
        path: 'lib/cache/memory.js',
        text: cache(
          'MemoryCache',
          "  var hash = crypto.createHash('sha1');\n  hash.update(str + options.prefix);\n  return hash.digest('hex');",
        ),
      },
      {
        path: 'lib/cache/fs.js',
        text: cache(
          'FSCache',
          "  var hash = crypto.createHash('sha1');\n  hash.update(str + version + options.prefix);\n  return hash.digest('hex');",
        ),
      },
      { path: 'lib/cache/null.js', text: cache('NullCache', "  return '';") },
    ]);
    const r = await stylus.search('code similar to MemoryCache.prototype.key');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'key' });
    expect(r.query.similarTo!.taken.map((t) => t.path)).toEqual(['lib/cache/memory.js']);
    expect(
      r.results
        .slice(0, 2)
        .map((row) => `${row.path}:${row.symbol}`)
        .sort(),
    ).toEqual(['lib/cache/fs.js:key', 'lib/cache/null.js:key']);
  });
});
