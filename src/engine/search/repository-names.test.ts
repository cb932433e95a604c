/**
 * A question that says the repository's own name ("how does clean-css …") names the product, not
 * the part of it asked about: the rules weighing a file by the question's words read the question
 * without it (engine.ts, search/repository-names.ts). Shapes of clean-css 5 (MIT): lib/clean.js,
 * whose banner and messages say the name, and the colour optimizer's shorten-hex.js, the answer.
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SearchResult, SourceFile } from '../contract';
import { Engine } from '../engine';
import { fuse, scoreFromExplanation } from '../fuse';
import { TextIndex } from '../text/index';
import { fileWordsLookup } from './file-words';
import { memberNameCoverage } from './members';
import { at, chunkOrFiller, merge, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';
import { StructuralAnalyzer } from '../structural/analyzer';
import { nodeGrammars } from '../../node/grammars';
import { repositoryNamesNote, repositoryNamesOf, withoutRepositoryNames } from './repository-names';

const CLEAN_JS = [
  '/**',
  ' * Clean-css - https://github.com/clean-css/clean-css',
  ' * Released under the terms of MIT license',
  ' */',
  '',
  "var level1Optimize = require('./optimizer/level-1/optimize');",
  "var readSources = require('./reader/read-sources');",
  '',
  'var CleanCSS = module.exports = function CleanCSS(options) {',
  '  options = options || {};',
  '  this.options = {',
  '    level: options.level,',
  '    rebaseTo: options.rebaseTo,',
  '    returnPromise: !!options.returnPromise',
  '  };',
  '};',
  '',
  '// for compatibility with optimize-css-assets-webpack-plugin',
  'CleanCSS.process = function(input, opts) {',
  '  var cleanCss;',
  '  var optsTo = opts.to;',
  '  delete opts.to;',
  '  cleanCss = new CleanCSS(Object.assign({ returnPromise: true, rebaseTo: optsTo }, opts));',
  '  return cleanCss.minify(input).then(function(output) {',
  '    return { css: output.styles };',
  '  });',
  '};',
  '',
  'CleanCSS.prototype.minify = function(input, maybeSourceMap, maybeCallback) {',
  '  var options = this.options;',
  '  if (!options.rebaseTo) {',
  "    var message = 'If you are OK with the clean-css output, then you can get rid of this warning by giving clean-css a `rebaseTo: process.cwd()` option.';",
  '    this.warnings.push(message);',
  '  }',
  '  return level1Optimize(readSources(input, this.options), this.options);',
  '};',
  '',
].join('\n');

const SHORTEN_HEX_JS = [
  'var COLORS = {',
  "  aliceblue: '#f0f8ff',",
  "  aqua: '#0ff',",
  "  black: '#000',",
  "  fuchsia: '#f0f',",
  "  white: '#fff',",
  "  yellow: '#ff0'",
  '};',
  '',
  'var toHex = {};',
  'var toName = {};',
  '',
  'for (var name in COLORS) {',
  '  var hex = COLORS[name];',
  '  if (name.length < hex.length) {',
  '    toName[hex] = name;',
  '  } else {',
  '    toHex[name] = hex;',
  '  }',
  '}',
  '',
  "var toHexPattern = new RegExp('(^| |,|\\\\))(' + Object.keys(toHex).join('|') + ')( |,|\\\\)|$)', 'ig');",
  "var toNamePattern = new RegExp('(' + Object.keys(toName).join('|') + ')([^a-f0-9]|$)', 'ig');",
  '',
  'function hexConverter(match, prefix, colorValue, suffix) {',
  '  return prefix + toHex[colorValue.toLowerCase()] + suffix;',
  '}',
  '',
  'function nameConverter(match, colorValue, suffix) {',
  '  return toName[colorValue.toLowerCase()] + suffix;',
  '}',
  '',
  'function shortenHex(value) {',
  "  var hasHex = value.indexOf('#') > -1;",
  '  var shortened = value.replace(toHexPattern, hexConverter);',
  '  if (shortened != value) {',
  '    shortened = shortened.replace(toHexPattern, hexConverter);',
  '  }',
  '  return hasHex',
  '    ? shortened.replace(toNamePattern, nameConverter)',
  '    : shortened;',
  '}',
  '',
  'module.exports = shortenHex;',
  '',
].join('\n');

const COLOR_JS = [
  "var shortenHex = require('./color/shorten-hex');",
  '',
  'var COLOR_PREFIX_PATTERN = /#|rgb|hsl/gi;',
  '',
  'var plugin = {',
  '  level1: {',
  '    value: function color(name, value, options) {',
  '      if (!options.compatibility.properties.colors) {',
  '        return value;',
  '      }',
  '      if (!value.match(COLOR_PREFIX_PATTERN)) {',
  '        return shortenHex(value);',
  '      }',
  '      return value;',
  '    }',
  '  }',
  '};',
  '',
  'module.exports = plugin;',
  '',
].join('\n');

const TOKENIZE_JS = [
  'var IGNORE_END_COMMENT_PATTERN = /\\/\\* clean-css ignore:end \\*\\/$/;',
  'var IGNORE_START_COMMENT_PATTERN = /^\\/\\* clean-css ignore:start \\*\\//;',
  '',
  'function tokenize(source, externalContext) {',
  '  var internalContext = { level: 0, position: { line: 1, column: 0 } };',
  '  return intoTokens(source, externalContext, internalContext, false);',
  '}',
  '',
  'function intoTokens(source, externalContext, internalContext, isNested) {',
  '  var allTokens = [];',
  '  if (IGNORE_START_COMMENT_PATTERN.test(source)) return allTokens;',
  '  return allTokens;',
  '}',
  '',
  'module.exports = tokenize;',
  '',
].join('\n');

const REWRITE_URL_JS = [
  'function rebase(uri, rebaseConfig) {',
  '  return rebaseConfig.toBase ? normalize(path.relative(rebaseConfig.toBase, uri)) : uri;',
  '}',
  '',
  'function normalize(uri) {',
  "  return uri.replace(/\\\\/g, '/');",
  '}',
  '',
  'module.exports = rebase;',
  '',
].join('\n');

const SHORTEN_HEX = 'lib/optimizer/level-1/value-optimizers/color/shorten-hex.js';

const FILES: SourceFile[] = [
  { path: 'lib/clean.js', text: CLEAN_JS },
  { path: SHORTEN_HEX, text: SHORTEN_HEX_JS },
  { path: 'lib/optimizer/level-1/value-optimizers/color.js', text: COLOR_JS },
  { path: 'lib/tokenizer/tokenize.js', text: TOKENIZE_JS },
  { path: 'lib/reader/rewrite-url.js', text: REWRITE_URL_JS },
];

const QUESTION = 'how does clean-css replace colour names with shorter hex codes, and hex codes with shorter names';

describe('the names a repository goes by', () => {
  it('are its folder’s name, and that name without a version after it', () => {
    expect(repositoryNamesOf('clean-css')).toEqual(['clean-css']);
    expect(repositoryNamesOf('/home/me/src/zrender/')).toEqual(['zrender']);
    expect(repositoryNamesOf('tokio-1.24.2')).toEqual(['tokio-1.24.2', 'tokio']);
    expect(repositoryNamesOf('github.com/clean-css/clean-css.git')).toEqual(['clean-css']);
    expect(repositoryNamesOf('')).toEqual([]);
  });
});

describe('what an explanation says of the repository’s names a question said', () => {
  it('names each, quoted, as the CLI and the tab show it; nothing for none', () => {
    expect(repositoryNamesNote(['clean-css'])).toBe("'clean-css' names this repository, not a part of it");
    expect(repositoryNamesNote(['tokio-1.24.2', 'tokio'])).toBe(
      "'tokio-1.24.2', 'tokio' name this repository, not a part of it",
    );
    expect(repositoryNamesNote([])).toBe('');
  });
});

describe('a question without the repository’s names', () => {
  it('leaves out each name said as a word, in any case and with a possessive', () => {
    expect(withoutRepositoryNames(QUESTION, ['clean-css'])).toEqual({
      question: 'how does replace colour names with shorter hex codes, and hex codes with shorter names',
      said: ['clean-css'],
    });
    expect(withoutRepositoryNames("how does Dlib's line search pick a step", ['dlib'])).toEqual({
      question: 'how does line search pick a step',
      said: ['Dlib'],
    });
  });

  it('keeps a name inside a longer word, a file name or a path', () => {
    for (const q of [
      'how does clean-css-cli read its options',
      'how does composer.json get its version',
      'how is npm/lib laid out',
    ])
      expect(withoutRepositoryNames(q, ['clean-css', 'composer', 'npm'])).toEqual({ question: q, said: [] });
  });
});

describe('a how question that says the repository’s name', () => {
  // Ranks like those of the real set: `CleanCSS.process` first in every list but the text's,
  // which has `shortenHex` first.
  const run = async (question: string) => {
    const corpus = await parsedCorpus(FILES);
    const text = TextIndex.build(corpus);
    const process = definitionNamed(corpus, 'process');
    const shorten = definitionNamed(corpus, 'shortenHex');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, process), at(5, shorten)),
      text: merge(at(0, shorten), at(1, process)),
      structural: merge(at(0, process), at(3, shorten)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.js'), {
        limit: 100,
        rankContainersByMembers: true,
        nameCoverageOf: memberNameCoverage(question),
        fileWordsOf: fileWordsLookup(corpus, (w) => text.chunksSaying(w), question),
      }),
    ).filter((r) => !r.path.startsWith('o/'));
  };

  it('weighs the files by the words of the part asked about', async () => {
    // Read as a word a file must say, the name, rare among the files, lifts the file that says it.
    // ("colour" is color/'s word too, as its other spelling: the lift shows in the scores' ratio.)
    const ratio = (results: SearchResult[]) =>
      results.find((r) => r.path === 'lib/clean.js')!.score / results.find((r) => r.path === SHORTEN_HEX)!.score;
    const before = await run(QUESTION);
    const after = await run(withoutRepositoryNames(QUESTION, ['clean-css']).question);
    expect(after.map((r) => r.path)).toEqual([SHORTEN_HEX, 'lib/clean.js']);
    expect(ratio(before)).toBeGreaterThan(ratio(after) * 1.1);
    for (const r of after) expect(scoreFromExplanation(r.explanation)).toBeCloseTo(r.score, 12);
  });

  it('says so in the explanation, and keeps the name when the question asks how to use the product', async () => {
    const engine = await Engine.build(FILES, {
      analyzer: await StructuralAnalyzer.create(nodeGrammars),
      embedder: null,
      repositoryNames: ['clean-css'],
    });
    const asked = (await engine.search(QUESTION)).results;
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) expect(r.explanation.fileWords?.repositoryNames).toEqual(['clean-css']);
    const use = (await engine.search('how do I run clean-css on a string of styles')).results;
    expect(use.length).toBeGreaterThan(0);
    for (const r of use) expect(r.explanation.fileWords?.repositoryNames).toBeUndefined();
  });
});
