/**
 * `npx tsx bench/languages.ts`: does Fourfold find where a name is defined in each language
 * beyond the first seven, on real code? Universal Ctags is the reference.
 *
 * For each language: the code of a package (Debian's, or npm's where Debian ships none; laid
 * out under .cache/lang/ as the README of docs/quality.md says, not committed), tagged by
 * `ctags-universal` with the kinds listed below. From the names ctags tags exactly once (a
 * name defined in two places has no single answer), 30 are drawn with a fixed seed; each is
 * asked as "where is NAME defined" of Fourfold's structural index (the modality that answers
 * find_definition) over the package's files of that language (C and C++ together: a header
 * may be either), parsed by the analyzer. A hit is a top result in the tagged file whose
 * chunk holds a definition of NAME that starts on or before the tagged line and names it on
 * or after it (ctags tags the name's line; a definition may open earlier with attributes, a
 * template line or a doc comment; a one-line method's chunk is its class's). Names ctags
 * makes up for anonymous code (`__anon…`) are not drawn.
 *
 * Ctags has no Swift or Scala parser: for those two, regex definitions given to ctags on the
 * command line tag the declarations (SWIFT_REGEX, SCALA_REGEX below): weaker references.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Language } from '../src/engine/contract';
import { planQuery } from '../src/engine/classify';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { corpusFromAnalyses } from '../src/engine/structural/corpus';
import { languageForFile } from '../src/engine/structural/grammars';
import { StructuralIndex } from '../src/engine/structural/index';
import { nodeGrammars } from '../src/node/grammars';
import { seededUniform } from './eval/rng';

const ROOT = join(import.meta.dirname, '..');
/** The code's folder: .cache/lang/, or FOURFOLD_LANG_DIR where a worktree shares its .cache read-only. */
const CACHE = process.env.FOURFOLD_LANG_DIR ?? join(ROOT, '.cache/lang');
const SAMPLE = 30;

const SWIFT_REGEX = [
  '--langdef=SwiftRe',
  '--map-SwiftRe=+.swift',
  '--kinddef-SwiftRe=c,class,classes, structs, enums, protocols, actors',
  '--kinddef-SwiftRe=f,function,functions and methods',
  '--regex-SwiftRe=/^[ \\t]*(@[A-Za-z]+(\\([^)]*\\))?[ \\t]+)*((public|private|internal|fileprivate|open|final|indirect)[ \\t]+)*(class|struct|enum|protocol|actor)[ \\t]+([A-Za-z_][A-Za-z0-9_]*)/\\6/c/',
  '--regex-SwiftRe=/^[ \\t]*(@[A-Za-z]+(\\([^)]*\\))?[ \\t]+)*((public|private|internal|fileprivate|open|final|static|class|override|mutating|nonisolated|@objc)[ \\t]+)*func[ \\t]+([A-Za-z_][A-Za-z0-9_]*)/\\5/f/',
];
const SCALA_REGEX = [
  '--langdef=ScalaRe',
  '--map-ScalaRe=+.scala',
  '--kinddef-ScalaRe=c,class,classes, objects, traits',
  '--kinddef-ScalaRe=m,method,defs',
  '--kinddef-ScalaRe=t,type,type members',
  '--regex-ScalaRe=/^[ \\t]*((private|protected|final|sealed|abstract|implicit|case|override|lazy)(\\[[^]]*\\])?[ \\t]+)*(class|object|trait)[ \\t]+([A-Za-z_][A-Za-z0-9_]*)/\\5/c/',
  '--regex-ScalaRe=/^[ \\t]*((private|protected|final|implicit|override|lazy|inline)(\\[[^]]*\\])?[ \\t]+)*def[ \\t]+([A-Za-z_][A-Za-z0-9_]*)/\\4/m/',
  '--regex-ScalaRe=/^[ \\t]*((private|protected|final|override)(\\[[^]]*\\])?[ \\t]+)*type[ \\t]+([A-Za-z_][A-Za-z0-9_]*)/\\4/t/',
];

interface LanguageCorpus {
  language: Language;
  /** Where the code is (under .cache/lang/) and what package it came from. */
  dir: string;
  source: string;
  /** ctags options choosing the parser and the kinds compared. */
  ctags: string[];
  kinds: string;
  /** Files the analyzer is given under another name: extensionless completion scripts are Bash. */
  rename?: (path: string) => string;
}

const CORPORA: LanguageCorpus[] = [
  {
    language: 'c',
    dir: 'bluez/bluez-source/src',
    source: 'Debian bluez-source 5.66 (src/)',
    ctags: ['--languages=C', '--kinds-C=fsugtd'],
    kinds: 'function, struct, union, enum, typedef, macro',
  },
  {
    language: 'cpp',
    dir: 'googletest/usr/src/googletest',
    source: 'Debian googletest 1.12.1',
    ctags: ['--languages=C++', '--map-C++=+.h', '--kinds-C++=fcsugt'],
    kinds: 'function, class, struct, union, enum, typedef',
  },
  {
    language: 'csharp',
    dir: 'npm/com.cysharp.unitask-2.2.5/package/Runtime',
    source: 'npm com.cysharp.unitask 2.2.5',
    ctags: ['--languages=C#', '--kinds-C#=cimsg'],
    kinds: 'class, interface, method, struct, enum',
  },
  {
    language: 'ruby',
    dir: 'rake/usr/share/rubygems-integration/all/gems/rake-13.0.6/lib',
    source: 'Debian rake 13.0.6',
    ctags: ['--languages=Ruby', '--kinds-Ruby=cfmS'],
    kinds: 'class, method, module, singleton method',
  },
  {
    language: 'php',
    dir: 'php-symfony-console/usr/share/php',
    source: 'Debian php-symfony-console 5.4',
    ctags: ['--languages=PHP', '--kinds-PHP=citf'],
    kinds: 'class, interface, trait, function (methods included)',
  },
  {
    language: 'kotlin',
    dir: 'npm/expo-modules-core-58.1.0/package/android',
    source: 'npm expo-modules-core 58.1.0 (android/)',
    ctags: ['--languages=Kotlin', '--kinds-Kotlin=icomT'],
    kinds: 'interface, class, object, method, typealias',
  },
  {
    language: 'swift',
    dir: 'npm/expo-modules-core-58.1.0/package/ios',
    source: 'npm expo-modules-core 58.1.0 (ios/)',
    ctags: [...SWIFT_REGEX, '--languages=SwiftRe'],
    kinds: 'class/struct/enum/protocol/actor, func (regex)',
  },
  {
    language: 'scala',
    dir: 'scala-parser-combinators',
    source: 'scala-parser-combinators (GitHub snapshot)',
    ctags: [...SCALA_REGEX, '--languages=ScalaRe'],
    kinds: 'class/object/trait, def, type (regex)',
  },
  {
    language: 'bash',
    dir: 'bash-completion/usr/share/bash-completion',
    source: 'Debian bash-completion 2.11',
    ctags: ['--languages=Sh', '--language-force=Sh', '--kinds-Sh=f'],
    kinds: 'function',
    rename: (path) => (/\.(sh|bash)$/.test(path) ? path : `${path}.bash`),
  },
  {
    language: 'lua',
    dir: 'lua-penlight/usr/share/lua/5.1',
    source: 'Debian lua-penlight 1.13.1',
    ctags: ['--languages=Lua', '--kinds-Lua=f'],
    kinds: 'function',
  },
];

interface Tag {
  name: string;
  path: string;
  line: number;
  kind: string;
}

function ctagsTags(dir: string, options: string[]): Tag[] {
  const out = execFileSync(
    'ctags-universal',
    ['-R', '--fields=+nK', '--output-format=json', '-f', '-', ...options, '.'],
    { cwd: dir, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  );
  const tags: Tag[] = [];
  for (const line of out.split('\n')) {
    if (!line.startsWith('{')) continue;
    const tag = JSON.parse(line) as { _type: string; name: string; path: string; line: number; kind: string };
    if (tag._type === 'tag')
      tags.push({ name: tag.name, path: tag.path.replace(/^\.\//, ''), line: tag.line, kind: tag.kind });
  }
  return tags;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.isFile() && statSync(full).size < 1_000_000 ? [full] : [];
  });
}

const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
const rows: string[] = [];
const only = process.argv[2]?.split(',');
for (const corpus of CORPORA) {
  if (only && !only.includes(corpus.language)) continue;
  const dir = join(CACHE, corpus.dir);
  if (!existsSync(dir)) {
    console.log(`${corpus.language}: ${dir} is missing (see docs/quality.md)`);
    continue;
  }
  const tags = ctagsTags(dir, corpus.ctags);
  const byName = new Map<string, Tag[]>();
  for (const tag of tags) byName.set(tag.name, [...(byName.get(tag.name) ?? []), tag]);
  const unique = [...byName.values()]
    .filter((list) => list.length === 1 && !list[0].name.startsWith('__anon'))
    .map((list) => list[0]);
  unique.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
  // Seeded: the same sample on every run.
  const next = seededUniform(21);
  const sample: Tag[] = [];
  const pool = unique.slice();
  while (sample.length < SAMPLE && pool.length > 0) sample.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);

  const rename = corpus.rename ?? ((path: string) => path);
  const entries = [];
  for (const full of walk(dir)) {
    const path = relative(dir, full);
    const text = readFileSync(full, 'utf8');
    const name = rename(path);
    const language = languageForFile(name, text);
    if (
      language !== corpus.language &&
      !(corpus.language === 'cpp' && language === 'c') &&
      !(corpus.language === 'c' && language === 'cpp')
    )
      continue;
    entries.push({ path, text, analysis: { ...(await analyzer.analyzeAsync(name, text)), path } });
  }
  const index = StructuralIndex.build(corpusFromAnalyses(entries));
  const corpusChunks = (
    index as unknown as { corpus: { chunks: { path: string; startLine: number; endLine: number; symbol?: string }[] } }
  ).corpus.chunks;
  let hits = 0;
  const misses: string[] = [];
  for (const tag of sample) {
    const top = index.search(planQuery(`where is ${tag.name} defined`), 5)[0];
    const chunk = top === undefined ? undefined : corpusChunks[top.chunkId];
    // `A::b` is b in A; an operator's name may hold `::` itself (`operator ::testing::Matcher<F>`).
    // A table of that name is no operator: penlight's `operator.ge` is `ge` in `operator`.
    const operator = tag.name.search(/\boperator\b(?!\.)/);
    const name =
      operator >= 0
        ? tag.name.slice(operator)
        : tag.name.slice(Math.max(tag.name.lastIndexOf('.'), tag.name.lastIndexOf(':')) + 1);
    const held =
      chunk?.path !== tag.path
        ? undefined
        : entries
            .find((e) => e.path === chunk.path)
            ?.analysis.definitions.find(
              (d) =>
                d.name === name &&
                d.startLine <= tag.line &&
                tag.line <= d.nameLine &&
                chunk.startLine <= d.startLine &&
                d.nameLine <= chunk.endLine,
            );
    const hit = held !== undefined;
    if (hit) hits++;
    else
      misses.push(
        `${tag.name} (${tag.kind}) ${tag.path}:${tag.line} → ${chunk ? `${chunk.path}:${chunk.startLine} ${chunk.symbol ?? ''}` : 'nothing'}`,
      );
  }
  const parsed = entries.filter((e) => e.analysis.parsed).length;
  const row = `| ${corpus.language} | ${corpus.source} | ${entries.length} (${parsed} parsed) | ${corpus.kinds} | ${tags.length} | ${sample.length} | ${(hits / Math.max(1, sample.length)).toFixed(2)} |`;
  rows.push(row);
  console.log(row);
  for (const miss of misses) console.log(`    miss: ${miss}`);
}
console.log(
  '\n| language | code | files | ctags kinds compared | tags | n | hit@1 |\n| --- | --- | --- | --- | --- | --- | --- |',
);
for (const row of rows) console.log(row);
analyzer.dispose();
