import { describe, expect, it } from 'vitest';
import { describeFilters, fileFilter, parseQuery } from './query-syntax';

describe('parseQuery: what the query syntax understands', () => {
  it('a plain question is left as it is, pasted spacing and newlines included', () => {
    expect(parseQuery('  who calls parseConfig ')).toEqual({
      text: 'who calls parseConfig',
      paths: [],
      excludedPaths: [],
      languages: [],
      excludedLanguages: [],
      caseSensitive: false,
    });
    expect(parseQuery('Traceback (most recent call last):\n  File "a.py", line 3').text).toBe(
      'Traceback (most recent call last):\n  File "a.py", line 3',
    );
  });

  it('filters, a regex and case:yes combine with a question', () => {
    const q = parseQuery('how is retry scheduled path:src/**/*.ts -path:test lang:ts -lang:js case:yes /retry\\w+/');
    expect(q).toEqual({
      text: 'how is retry scheduled',
      regex: 'retry\\w+',
      paths: ['src/**/*.ts'],
      excludedPaths: ['test'],
      languages: ['typescript'],
      excludedLanguages: ['javascript'],
      caseSensitive: true,
    });
    expect(describeFilters(q)).toEqual(['path:src/**/*.ts', '-path:test', 'lang:typescript', '-lang:javascript']);
  });

  it('"exact phrase" stays in the question (the classifier makes it an exact match); a quoted filter value may hold spaces', () => {
    expect(parseQuery('"connection refused" path:"my dir/src"')).toMatchObject({
      text: '"connection refused"',
      paths: ['my dir/src'],
    });
  });

  it('a regex may hold spaces and slashes inside a class or escaped', () => {
    expect(parseQuery('/foo bar/').regex).toBe('foo bar');
    expect(parseQuery('/a\\/b [/]c/ x').regex).toBe('a\\/b [/]c');
  });

  it('words that only look like syntax stay text: Error:, URLs, paths and stack frames', () => {
    expect(parseQuery('Error: connect ECONNREFUSED').text).toBe('Error: connect ECONNREFUSED');
    expect(parseQuery('fetch http://x/y failed').text).toBe('fetch http://x/y failed');
    expect(parseQuery('at render (/app/src/index.js:10:5)').text).toBe('at render (/app/src/index.js:10:5)');
    expect(parseQuery('read /usr/lib/x.so').regex).toBeUndefined();
    // A certificate's subject as OpenSSL prints it (RubyGems' `certificate #{signer.subject} not valid after …`).
    const subject = 'certificate /CN=alice/DC=example/DC=com not valid after 2023-05-01 12:00:00 UTC';
    expect(parseQuery(subject)).toMatchObject({ text: subject });
    expect(parseQuery(subject).error).toBeUndefined();
    expect(parseQuery('and/or').regex).toBeUndefined();
  });

  it('a name qualified with `::` whose qualifier is a filter key stays text (PHP_CodeSniffer’s `File::`, Rust’s `Path::`)', () => {
    for (const q of ['File::findEndOfStatement', 'code similar to Path::extension', 'who calls Case::Upper'])
      expect(parseQuery(q)).toMatchObject({ text: q, paths: [], languages: [] });
    expect(parseQuery('File::findEndOfStatement').error).toBeUndefined();
    // A report's heading in capitals, a label in a paste of several lines: text, not a filter with no value.
    const report = 'FILE: /var/www/shop/public/js/vendor.min.js\n---\n 1 | WARNING | File appears to be minified';
    expect(parseQuery(report)).toMatchObject({ text: report, paths: [] });
    expect(parseQuery(report).error).toBeUndefined();
    expect(parseQuery('Path: /tmp/x\nPermission denied').error).toBeUndefined();
    expect(parseQuery('path: src').errorCode).toBe('filter-needs-value');
    // A filter is still one when written key:value.
    expect(parseQuery('findEndOfStatement file:src/Files').paths).toEqual(['src/Files']);
  });

  it('a Lua method `Type:method` or call `obj:method(…)` whose left side is a filter key stays text (pgf’s `Path:appendArc`, `file:read`)', () => {
    for (const q of [
      'where is Path:appendArc defined',
      'Path:appendArc',
      'who calls File:close',
      'local s = file:read("*a")',
    ])
      expect(parseQuery(q)).toMatchObject({ text: q, paths: [], languages: [] });
    expect(parseQuery('where is Path:appendArc defined').error).toBeUndefined();
    // Filters are typed in lower case before a value that is no call: still filters.
    expect(parseQuery('appendArc path:model').paths).toEqual(['model']);
    expect(parseQuery('appendArc file:Path_arced.lua').paths).toEqual(['Path_arced.lua']);
    expect(parseQuery('appendArc lang:lua').languages).toEqual(['lua']);
    expect(parseQuery('appendArc Path:src/model').paths).toEqual(['src/model']);
  });

  it('a slash between words of a pasted message opens no pattern (phpseclib’s `… for successful C / b decodes`)', () => {
    const pasted = '[ERROR] At least one byte needs to be present for successful C / b decodes';
    expect(parseQuery(pasted)).toMatchObject({ text: pasted });
    expect(parseQuery(pasted).error).toBeUndefined();
    expect(parseQuery('read / write /fo+/').regex).toBe('fo+');
  });

  it("a command’s switches in a pasted line open no pattern (composer’s `sprintf('xcopy %s %s /E /I /Q /Y', …)`)", () => {
    const pasted = '[ERROR] xcopy vendor/a C:\\tmp\\a /E /I /Q /Y';
    expect(parseQuery(pasted)).toMatchObject({ text: pasted });
    expect(parseQuery(pasted).error).toBeUndefined();
    // Typed first, or longer than a switch, a slash still opens a pattern.
    expect(parseQuery('/E').error).toBeDefined();
    expect(parseQuery('copy /unterminated').error).toBeDefined();
  });

  it('a root folder named inside a sentence opens no pattern (rustix: "the opened /proc directory")', () => {
    const question = 'how does it check that the opened /proc directory is the real procfs root';
    expect(parseQuery(question)).toMatchObject({ text: question });
    expect(parseQuery(question).error).toBeUndefined();
    // Last in the question, or holding a pattern's characters, it still opens one.
    expect(parseQuery('check the opened /proc').error).toBeDefined();
    expect(parseQuery('check the /pro+c directory').error).toBeDefined();
  });

  it('a root folder closing a printed message is its value, no pattern (pcp: "…, not /root")', () => {
    for (const pasted of [
      'Error: expect current directory to be .../pmdas/apache, not /root',
      'cannot create lock file: /tmp',
    ]) {
      expect(parseQuery(pasted)).toMatchObject({ text: pasted });
      expect(parseQuery(pasted).error).toBeUndefined();
    }
    // Typed after words with no clause closed before it, it still opens a pattern.
    expect(parseQuery('check the opened /proc').error).toBeDefined();
    expect(parseQuery('lang:go check /proc').error).toBeDefined();
  });

  it('bad input gets a clear message', () => {
    expect(parseQuery('/unterminated(').error).toBe(
      'The regular expression /unterminated( has no closing /: write /pattern/ (or put the text in "quotes").',
    );
    expect(parseQuery('who calls x path:').error).toBe('path: needs a value, e.g. path:src/**.');
    expect(parseQuery('x -path:').error).toBe('-path: needs a value, e.g. -path:src/**.');
    // A pasted line ending with the word and its colon, the message going on below it, is text.
    const pasted =
      'index.rst:3: (SEVERE/4) Problems with "include" directive path:\nInputError: [Errno 2] No such file';
    expect(parseQuery(pasted)).toMatchObject({ text: pasted });
    expect(parseQuery(pasted).error).toBeUndefined();
    // A message with `file: ` and its value inside it (found by bench/real/mined-messages.ts) is text too.
    expect(parseQuery('error writing to key log file: permission denied')).toMatchObject({
      text: 'error writing to key log file: permission denied',
      paths: [],
    });
    expect(parseQuery('error writing to key log file: permission denied').error).toBeUndefined();
    // Typed first, or negated, it is still a filter missing its value.
    expect(parseQuery('path: src').error).toBe('path: needs a value, e.g. path:src/**.');
    expect(parseQuery('x -path: src').error).toBe('-path: needs a value, e.g. -path:src/**.');
    expect(parseQuery('x lang:klingon').error).toMatch(
      /^lang:klingon: unknown language\. Known: typescript, tsx, javascript/,
    );
    expect(parseQuery('x case:maybe').error).toBe('case:maybe: write case:yes or case:no.');
    expect(parseQuery('//').error).toMatch(/empty regular expression/);
  });

  it('50 filters parse, each kept', () => {
    const q = parseQuery(Array.from({ length: 50 }, (_, i) => `-path:gen${i}`).join(' ') + ' parseConfig');
    expect(q.excludedPaths).toHaveLength(50);
    expect(q.text).toBe('parseConfig');
  });
});

describe('fileFilter', () => {
  const paths = ['src/a.ts', 'src/deep/b.tsx', 'test/a.test.ts', 'lib/c.js', 'docs/README.md', 'go/main.go'];
  const pick = (query: string) => paths.filter(fileFilter(parseQuery(query)));

  it('globs match the path or any tail of it; plain text is a substring; a leading / anchors', () => {
    expect(pick('x path:*.ts')).toEqual(['src/a.ts', 'test/a.test.ts']);
    expect(pick('x path:src/**')).toEqual(['src/a.ts', 'src/deep/b.tsx']);
    expect(pick('x path:deep')).toEqual(['src/deep/b.tsx']);
    expect(pick('x path:/src')).toEqual(['src/a.ts', 'src/deep/b.tsx']);
    expect(pick('x path:src -path:deep')).toEqual(['src/a.ts']);
  });

  it('languages by extension, with aliases; every filter must hold', () => {
    expect(pick('x lang:typescript')).toEqual(['src/a.ts', 'src/deep/b.tsx', 'test/a.test.ts']);
    expect(pick('x lang:md')).toEqual(['docs/README.md']);
    expect(pick('x lang:golang')).toEqual(['go/main.go']);
    expect(pick('x lang:ts -path:test')).toEqual(['src/a.ts', 'src/deep/b.tsx']);
    expect(pick('x lang:go path:src')).toEqual([]);
  });
});
