import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GrepSearcher, MAX_REGEX_LINE_LENGTH, requiredTrigrams, type GrepResult, type TextMatch } from './grep';
import { RE2JS } from 're2js';
import { InvalidRegex, RegexRejected } from './regex';
import { andQuery, orQuery, TrigramIndex, type TrigramQuery } from './trigrams';

/** Real source files from installed packages: JS, TS declarations, Markdown, JSON. */
function realFiles(): { id: number; path: string; text: string }[] {
  const root = join(process.cwd(), 'node_modules');
  const out: { id: number; path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (/\.(js|cjs|mjs|ts|md|json)$/.test(name) && st.size < 400_000)
        out.push({ id: out.length, path: relative(root, full), text: readFileSync(full, 'utf8') });
    }
  };
  for (const pkg of ['minisearch', 'idb', 'comlink']) walk(join(root, pkg));
  return out;
}

const EXTRA_FILES = [
  '<!doctype html>\n<html><body><script>alert("x")</script>\n<div class="Ünïcode">Grüße, naïve café — 日本語のテキスト</div>\n</body></html>\n',
  '',
  'line one\r\nStraße and STRASSE\r\nΣίσυφος ΣΊΣΥΦΟΣ σίσυφος\r\n',
  'x'.repeat(3000) + 'needleAtTheEnd\nshort line needleAtTheEnd\n',
  'no trailing newline ECONNREFUSED',
];

function corpus() {
  const files = realFiles();
  for (const text of EXTRA_FILES) files.push({ id: files.length, path: `extra/${files.length}.txt`, text });
  return files;
}

const FILES = corpus();
const INDEX = TrigramIndex.build(FILES);
const GREP = new GrepSearcher(FILES, INDEX);
const NO_LIMIT = 10_000_000;

/** grep's line model, written independently: split on \n, drop a final empty line, strip \r. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

type Key = string;
const key = (m: Pick<TextMatch, 'fileId' | 'line' | 'column' | 'length'>): Key =>
  `${m.fileId}:${m.line}:${m.column}:${m.length}`;

function bruteRegex(regex: RegExp, truncate: boolean): Key[] {
  const out: Key[] = [];
  for (const f of FILES) {
    linesOf(f.text).forEach((full, i) => {
      const line = truncate ? full.slice(0, MAX_REGEX_LINE_LENGTH) : full;
      regex.lastIndex = 0;
      for (let m = regex.exec(line); m; m = regex.exec(line)) {
        out.push(key({ fileId: f.id, line: i + 1, column: m.index + 1, length: m[0].length }));
        if (m[0].length === 0) regex.lastIndex++;
      }
    });
  }
  return out;
}

/** The reference for regex search: RE2 (the engine grep uses) over every line of every file. */
function bruteRe2(pattern: string, caseSensitive: boolean): Key[] {
  const re = RE2JS.compile(pattern, RE2JS.LOOKBEHINDS | (caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE));
  const out: Key[] = [];
  for (const f of FILES) {
    linesOf(f.text).forEach((full, i) => {
      const m = re.matcher(full.slice(0, MAX_REGEX_LINE_LENGTH));
      while (m.find()) out.push(key({ fileId: f.id, line: i + 1, column: m.start() + 1, length: m.end() - m.start() }));
    });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function bruteLiteral(text: string, caseSensitive: boolean, wholeWord = false): Key[] {
  const w = '[A-Za-z0-9_$]';
  const source = wholeWord ? `(?<!${w})${escape(text)}(?!${w})` : escape(text);
  return bruteRegex(new RegExp(source, caseSensitive ? 'g' : 'gi'), false);
}

/** A tiny seeded PRNG so failures reproduce. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sampleSubstring(random: () => number, minLen: number, maxLen: number): string {
  for (;;) {
    const f = FILES[Math.floor(random() * FILES.length)];
    const lines = linesOf(f.text).filter((l) => l.trim().length >= minLen && l.length < 500);
    if (lines.length === 0) continue;
    const line = lines[Math.floor(random() * lines.length)];
    const len = minLen + Math.floor(random() * (maxLen - minLen + 1));
    const start = Math.floor(random() * Math.max(1, line.length - len));
    const s = line.slice(start, start + len);
    if (s.trim().length >= minLen) return s;
  }
}

describe('literal search', () => {
  it('is case-sensitive or case-insensitive on request', () => {
    const sensitive = GREP.searchLiteral('MiniSearch', { caseSensitive: true, limit: NO_LIMIT });
    const insensitive = GREP.searchLiteral('MiniSearch', { caseSensitive: false, limit: NO_LIMIT });
    expect(sensitive.matches.length).toBeGreaterThan(0);
    expect(insensitive.matches.length).toBeGreaterThan(sensitive.matches.length); // "minisearch" occurs too
    for (const m of sensitive.matches)
      expect(m.lineText.substr(m.column - 1 - m.lineTextStart, m.length)).toBe('MiniSearch');
    for (const m of insensitive.matches)
      expect(m.lineText.substr(m.column - 1 - m.lineTextStart, m.length).toLowerCase()).toBe('minisearch');
    expect(sensitive.matches.map(key)).toEqual(bruteLiteral('MiniSearch', true));
    expect(insensitive.matches.map(key)).toEqual(bruteLiteral('MiniSearch', false));
  });

  it('reads only candidate files for a selective literal', () => {
    const r = GREP.searchLiteral('promisifyRequest', { caseSensitive: true, limit: NO_LIMIT });
    expect(r.usedIndex).toBe(true);
    expect(r.matches.length).toBeGreaterThan(0);
    expect(r.candidateFiles).toBeLessThan(r.filesTotal / 4);
    expect(r.filesVerified).toBe(r.candidateFiles);
    expect(new Set(r.matches.map((m) => FILES[m.fileId].path.split('/')[0]))).toEqual(new Set(['idb']));
  });

  it('matches whole words only when asked', () => {
    const all = GREP.searchLiteral('search', { caseSensitive: true, limit: NO_LIMIT });
    const whole = GREP.searchLiteral('search', { caseSensitive: true, wholeWord: true, limit: NO_LIMIT });
    expect(whole.matches.length).toBeGreaterThan(0);
    expect(whole.matches.length).toBeLessThan(all.matches.length);
    expect(whole.matches.map(key)).toEqual(bruteLiteral('search', true, true));
  });

  it('finds text in HTML and non-ASCII files, folding case like the regex engine', () => {
    const html = GREP.searchLiteral('<script>alert("x")</script>', { caseSensitive: true, limit: 10 });
    expect(html.matches).toHaveLength(1);
    expect(html.matches[0].lineText).toContain('<html><body><script>');
    const cafe = GREP.searchLiteral('NAÏVE CAFÉ', { caseSensitive: false, limit: 10 });
    expect(cafe.matches.map((m) => m.lineText.substr(m.column - 1, m.length))).toEqual(['naïve café']);
    expect(GREP.searchLiteral('NAÏVE CAFÉ', { caseSensitive: true, limit: 10 }).matches).toHaveLength(0);
    const japanese = GREP.searchLiteral('日本語の', { caseSensitive: true, limit: 10 });
    expect(japanese.usedIndex).toBe(true);
    expect(japanese.candidateFiles).toBe(1);
    expect(japanese.matches).toHaveLength(1);
    const greek = GREP.searchLiteral('σίσυφος', { caseSensitive: false, limit: 10 });
    expect(greek.matches.map(key)).toEqual(bruteLiteral('σίσυφος', false));
    expect(greek.matches.length).toBe(3);
  });

  it('reports CRLF lines without the carriage return, and columns past 2,000 chars', () => {
    const r = GREP.searchLiteral('STRASSE', { caseSensitive: true, limit: 10 });
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0]).toMatchObject({ line: 2, column: 12, lineText: 'Straße and STRASSE' });
    const far = GREP.searchLiteral('needleAtTheEnd', { caseSensitive: true, limit: 10 });
    expect(far.matches.map((m) => [m.line, m.column])).toEqual([
      [1, 3001],
      [2, 12],
    ]);
    const m = far.matches[0];
    expect(m.lineText.length).toBeLessThanOrEqual(1000);
    expect(m.lineText.substr(m.column - 1 - m.lineTextStart, m.length)).toBe('needleAtTheEnd');
  });

  it('handles empty files, empty queries, short queries and match limits', () => {
    expect(GREP.searchLiteral('', { caseSensitive: false, limit: 10 }).matches).toEqual([]);
    expect(GREP.searchLiteral('a\nb', { caseSensitive: false, limit: 10 }).matches).toEqual([]);
    const short = GREP.searchLiteral('=>', { caseSensitive: true, limit: NO_LIMIT });
    expect(short.usedIndex).toBe(false); // fewer than 3 characters: no trigram narrows it
    expect(short.matches.map(key)).toEqual(bruteLiteral('=>', true));
    const limited = GREP.searchLiteral('function', { caseSensitive: true, limit: 5 });
    expect(limited.matches).toHaveLength(5);
    expect(limited).toMatchObject({ truncated: true, truncatedBy: 'limit' });
    const only = new GrepSearcher([{ id: 0, text: '' }], TrigramIndex.build([{ id: 0, text: '' }]));
    expect(only.searchLiteral('anything', { caseSensitive: false, limit: 10 }).matches).toEqual([]);
    expect(only.searchRegex('^$', { caseSensitive: false, limit: 10 }).matches).toEqual([]);
  });

  it('gives the same matches as a brute-force scan for random literals from the corpus', () => {
    const random = rng(42);
    for (let i = 0; i < 60; i++) {
      let text = sampleSubstring(random, 3, 14);
      const caseSensitive = random() < 0.5;
      if (!caseSensitive) text = [...text].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
      const wholeWord = random() < 0.2;
      const r = GREP.searchLiteral(text, { caseSensitive, wholeWord, limit: NO_LIMIT });
      expect(r.truncated).toBe(false);
      expect(r.matches.map(key), JSON.stringify({ text, caseSensitive, wholeWord })).toEqual(
        bruteLiteral(text, caseSensitive, wholeWord),
      );
    }
  });
});

describe('what a search says it read', () => {
  it('is said alike by a literal, a regex and an empty search: truncatedBy only when truncated', () => {
    const results: [string, GrepResult][] = [
      ['literal', GREP.searchLiteral('function', { caseSensitive: true, limit: NO_LIMIT })],
      ['regex', GREP.searchRegex('func\\w+', { caseSensitive: true, limit: NO_LIMIT })],
      ['empty', GREP.searchLiteral('a\nb', { caseSensitive: false, limit: 10 })],
      ['limited', GREP.searchRegex('func\\w+', { caseSensitive: true, limit: 2 })],
    ];
    for (const [what, r] of results) {
      expect(r.filesTotal, what).toBe(FILES.length);
      expect(r.filesVerified, what).toBeLessThanOrEqual(r.candidateFiles);
      expect(r.truncated, what).toBe(what === 'limited');
      expect('truncatedBy' in r, what).toBe(r.truncated);
      expect(Object.keys(r), what).toEqual([
        'matches',
        'filesTotal',
        'candidateFiles',
        'filesVerified',
        'usedIndex',
        'trigramQuery',
        'truncated',
        ...(r.truncated ? ['truncatedBy'] : []),
        'elapsedMs',
      ]);
    }
  });
});

describe('requiredTrigrams', () => {
  const t = (text: string): TrigramQuery => ({ op: 'trigram', text });
  it('takes every trigram of an AND and only those all branches of an OR share', () => {
    expect(requiredTrigrams(andQuery(t('FUN'), t('UNC'), t('ERR'))).sort()).toEqual(['ERR', 'FUN', 'UNC']);
    expect(
      requiredTrigrams(andQuery(t('ERR'), orQuery(andQuery(t('GET'), t('ITE')), andQuery(t('SET'), t('ITE'))))).sort(),
    ).toEqual(['ERR', 'ITE']);
    expect(requiredTrigrams(orQuery(t('ABC'), t('XYZ')))).toEqual([]);
    expect(requiredTrigrams({ op: 'all' })).toEqual([]);
  });
});

describe('regex search', () => {
  const cases: [string, boolean][] = [
    ['export (default )?(class|function) \\w+', true],
    ['^import .* from', true],
    ['(get|set|has)[A-Z][a-z]+\\(', true],
    ['\\bIDB[A-Z]\\w+', true],
    ['colou?r|behaviou?r', false],
    ['[Mm]ini[Ss]earch\\.(add|search)', true],
    ['\\d{2,}px$', false],
    ['@(param|returns) \\{[^}]+\\}', true],
    ['(?<=\\.)then\\(', true],
    ['(?<!\\.)then\\(', true],
    ['x{2}y?|ab[^c]', false],
    ['\\$\\{[^}]*\\}', true],
    ['Σίσυφος', false],
    ['<div class="[^"]*">', true],
    ['\\x{00fc}|\\x41PI', false],
    ['(.|\\n)*Proxy', true],
    ['(?i)minisearch\\.add', true],
    ['(?P<name>get|set)Item\\b', false],
    ['\\Q$.x\\E|[[:upper:]]{3}Error', true],
    ['[]a]bc|\\pL\\p{Greek}', false],
    ['(a+)+$', false],
    ['(x*)*y|(\\w+\\s?)*$', false],
    ['k+ey|\\x{212A}ey|pars[eE]', false],
    ['(?:ab|c)?(?:de|f)gh', false],
    ['(?:Mini)?Search(?:able)?Map', true],
    ['a{3}|Prox{1,2}y', false],
    ['[A-Z]{2}[a-z]*Error\\b', true],
    // Several literals per match: lines are checked for every implied trigram before re2js.
    ['function\\s+\\w+Error', false],
    ['return new \\w+Error\\(', true],
    ['(?:const|let) \\w+ = require\\(', false],
    ['(?:import|export)[^;]*from [\'"]idb', false],
    // Minified bundles (comlink, idb): long lines, checked for the rarest trigrams before re2js too.
    ['Symbol\\("Comlink\\.\\w+"\\)', false],
    ['new Error\\(\\w+\\.value\\.message\\)', false],
    ['instanceof (?:IDBTransaction|IDBCursor)\\b', true],
    ['"function"==typeof \\w+', false],
    ['case"(?:GET|SET|APPLY)":\\w=', true],
    ['^\\s*throw\\b|\\bthrow new \\w+Error$', false],
  ];

  it.each(cases)('/%s/ (case-sensitive %s) equals a brute-force RE2 scan', (pattern, caseSensitive) => {
    const r = GREP.searchRegex(pattern, { caseSensitive, limit: NO_LIMIT, timeBudgetMs: Infinity });
    expect(r.truncated).toBe(false);
    expect(r.matches.map(key)).toEqual(bruteRe2(pattern, caseSensitive));
  });

  it('narrows the candidates for selective patterns and scans everything when it cannot', () => {
    const selective = GREP.searchRegex('promisify(Request|Value)', { caseSensitive: false, limit: NO_LIMIT });
    expect(selective.usedIndex).toBe(true);
    expect(selective.candidateFiles).toBeLessThan(selective.filesTotal / 4);
    expect(selective.matches.length).toBeGreaterThan(0);
    const open = GREP.searchRegex('\\d+', { caseSensitive: false, limit: 50 });
    expect(open.usedIndex).toBe(false);
    expect(open.candidateFiles).toBe(open.filesTotal);
    expect(open).toMatchObject({ truncated: true, truncatedBy: 'limit' });
    expect(open.matches).toHaveLength(50);
  });

  it('gives the same matches as a brute-force scan for random regexes built from corpus text', () => {
    const random = rng(7);
    for (let i = 0; i < 60; i++) {
      const a = sampleSubstring(random, 3, 10);
      const b = sampleSubstring(random, 3, 10);
      // Mutate one character: a dot, a class around it, make it optional, or insert \w*.
      const pieces = [...a].map((c) => escape(c));
      const at = Math.floor(random() * pieces.length);
      const roll = random();
      if (roll < 0.25) pieces[at] = '.';
      else if (roll < 0.5) pieces[at] = `[${a[at].replace(/[\\\]^-]/, '\\$&')}_Q]`;
      else if (roll < 0.7) pieces[at] = `${pieces[at]}?`;
      else if (roll < 0.85) pieces.splice(at, 0, '\\w*');
      let pattern = pieces.join('');
      if (random() < 0.4) pattern = `${pattern}|${escape(b)}`;
      if (random() < 0.2) pattern = `(?:${pattern})\\s`;
      if (random() < 0.15) pattern = `^\\s*${pattern}`;
      const caseSensitive = random() < 0.5;
      const r = GREP.searchRegex(pattern, { caseSensitive, limit: NO_LIMIT });
      expect(r.truncated).toBe(false);
      expect(r.matches.map(key), pattern).toEqual(bruteRe2(pattern, caseSensitive));
    }
  });

  it('runs patterns that backtrack catastrophically elsewhere in linear time', () => {
    // Each of these takes exponential time in a backtracking engine on a line like 'aaaa…b'.
    const only = [{ id: 0, text: `${'a'.repeat(1900)}b\n${'x'.repeat(1900)}\n` }];
    const hostile = new GrepSearcher(only, TrigramIndex.build(only));
    for (const pattern of ['(a+)+$', '(.*a){20}', '(x*)*y', '(a|aa)+$', '(\\w+\\s?)*$', '(a?){25}a{25}', '(a|a?)+c']) {
      const r = hostile.searchRegex(pattern, { caseSensitive: false, limit: NO_LIMIT });
      expect(r.truncated, pattern).toBe(false);
      expect(r.filesVerified, pattern).toBe(r.candidateFiles);
    }
    expect(hostile.searchRegex('(a+)+b', { caseSensitive: false, limit: 10 }).matches).toEqual([
      expect.objectContaining({ line: 1, column: 1, length: 1901 }),
    ]);
  });

  it('names the construct when a pattern needs backtracking to mean anything', () => {
    const rejected: [string, RegExp][] = [
      ['(a)\\1', /a backreference \(\\1\)/],
      ['(?<n>a)\\k<n>', /a named backreference/],
      ['fuzzy(?!:)', /a negative lookahead/],
      ['foo(?=bar)', /a lookahead/],
      ['(?>ab)c', /an atomic group/],
      ['a++b', /a possessive quantifier \(\+\+\)/],
      ['(?<=(a))b', /a capturing group inside a lookbehind/],
      ['(?R)', /recursion/],
    ];
    for (const [pattern, message] of rejected) {
      expect(() => GREP.searchRegex(pattern, { caseSensitive: false, limit: 10 }), pattern).toThrow(RegexRejected);
      expect(() => GREP.searchRegex(pattern, { caseSensitive: false, limit: 10 }), pattern).toThrow(message);
    }
    expect(() => GREP.searchRegex('(a)\\1', { caseSensitive: false, limit: 10 })).toThrow(/linear time \(RE2 syntax\)/);
  });

  it('reports invalid patterns clearly, with the RE2 spelling of JavaScript-only syntax', () => {
    expect(() => GREP.searchRegex('foo(bar', { caseSensitive: false, limit: 10 })).toThrow(InvalidRegex);
    expect(() => GREP.searchRegex('foo(bar', { caseSensitive: false, limit: 10 })).toThrow(
      /Invalid regular expression \/foo\(bar\/: missing closing \)/,
    );
    expect(() => GREP.searchRegex('[z-a]', { caseSensitive: false, limit: 10 })).toThrow(InvalidRegex);
    expect(() => GREP.searchRegex('*x', { caseSensitive: false, limit: 10 })).toThrow(InvalidRegex);
    expect(() => GREP.searchRegex('\\u00fc', { caseSensitive: false, limit: 10 })).toThrow(/write \\x\{00FC\}/);
    expect(() => GREP.searchRegex('a[^]b', { caseSensitive: false, limit: 10 })).toThrow(/write \(\?s:\.\)/);
    expect(() => GREP.searchRegex('\\p{Script=Han}', { caseSensitive: false, limit: 10 })).toThrow(/write \\p\{Han\}/);
  });

  it('cuts long lines for regex verification and stops at the step budget', () => {
    const r = GREP.searchRegex('needleAtTheEnd', { caseSensitive: true, limit: 10 });
    expect(r.matches.map((m) => m.line)).toEqual([2]); // line 1 has it only after 3,000 chars
    const budget = GREP.searchRegex('[a-z]+q[a-z]+', { caseSensitive: false, limit: NO_LIMIT, maxLineTests: 1000 });
    expect(budget).toMatchObject({ truncated: true, truncatedBy: 'budget' });
    expect(budget.filesVerified).toBeLessThan(budget.candidateFiles);
    const time = GREP.searchRegex('[a-z]+q[a-z]+', { caseSensitive: false, limit: NO_LIMIT, timeBudgetMs: 0 });
    expect(time).toMatchObject({ truncated: true, truncatedBy: 'budget' });
  });

  it('under the default budget, a pause of the whole process does not cut a small scan; an explicit budget still does', () => {
    // Every read of the clock says ten seconds have passed: a machine whose load starves the process.
    let t = 0;
    const clock = vi.spyOn(globalThis.performance, 'now').mockImplementation(() => (t += 10_000));
    try {
      const literal = GREP.searchLiteral('MiniSearch', { caseSensitive: false, limit: NO_LIMIT });
      expect(literal.truncated).toBe(false);
      expect(literal.filesVerified).toBe(literal.candidateFiles);
      const regex = GREP.searchRegex('[a-z]+q[a-z]+', { caseSensitive: false, limit: NO_LIMIT });
      expect(regex.truncated).toBe(false);
      expect(regex.matches.length).toBeGreaterThan(0);
      const bounded = GREP.searchRegex('[a-z]+q[a-z]+', { caseSensitive: false, limit: NO_LIMIT, timeBudgetMs: 1500 });
      expect(bounded).toMatchObject({ truncated: true, truncatedBy: 'budget' });
    } finally {
      clock.mockRestore();
    }
  });

  it('within one question, a scan with a lower limit is the first scan cut, as a scan of its own gives it', async () => {
    const compile = vi.spyOn(RE2JS, 'compile');
    const scansOf = (pattern: string) => compile.mock.calls.filter(([p]) => p === pattern).length;
    const omitTime = ({ elapsedMs: _, ...rest }: GrepResult) => rest;
    try {
      for (const [pattern, caseSensitive] of [
        ['export (default )?(class|function) \\w+', true],
        ['(get|set|has)[A-Z][a-z]+\\(', false],
        ['\\bIDB[A-Z]\\w+', true],
      ] as const) {
        const all = GREP.searchRegex(pattern, { caseSensitive, limit: NO_LIMIT }).matches.length;
        expect(all, pattern).toBeGreaterThan(3);
        // Limits below, at and above the number of matches: cut, whole and unchanged.
        for (const limit of [1, 2, Math.floor(all / 2), all - 1, all, all + 1]) {
          const alone = GREP.searchRegex(pattern, { caseSensitive, limit });
          compile.mockClear();
          const [wide, cut] = await GREP.sharingScans(async () => [
            GREP.searchRegex(pattern, { caseSensitive, limit: all + 10 }),
            GREP.searchRegex(pattern, { caseSensitive, limit }),
          ]);
          expect(scansOf(pattern), `${pattern} limit ${limit}`).toBe(1);
          expect(omitTime(cut), `${pattern} limit ${limit}`).toEqual(omitTime(alone));
          expect(wide.matches).toHaveLength(all);
        }
      }
      // Outside a question nothing is kept: the same scan runs again.
      compile.mockClear();
      GREP.searchRegex('visit[A-Z]\\w+', { caseSensitive: false, limit: 10 });
      GREP.searchRegex('visit[A-Z]\\w+', { caseSensitive: false, limit: 10 });
      expect(scansOf('visit[A-Z]\\w+')).toBe(2);
      // Nor are a scan with another case or a higher limit taken from a kept one.
      compile.mockClear();
      await GREP.sharingScans(async () => {
        GREP.searchRegex('minisearch', { caseSensitive: false, limit: 5 });
        GREP.searchRegex('minisearch', { caseSensitive: true, limit: 5 });
        GREP.searchRegex('minisearch', { caseSensitive: false, limit: 50 });
      });
      expect(scansOf('minisearch')).toBe(3);
    } finally {
      compile.mockRestore();
    }
  });

  it('matches Unicode classes (\\p{Han}) by code point', () => {
    const r = GREP.searchRegex('\\p{Han}{3}', { caseSensitive: true, limit: NO_LIMIT });
    expect(r.matches.map((m) => m.lineText.substr(m.column - 1, m.length))).toEqual(['日本語']);
  });
});
