/**
 * A pasted message a Rust program printed: its error enum's `#[error("…")]` (thiserror) or
 * `Display` arm is the format, and the line building the variant is where it was raised; a
 * command-line logger's level written in punctuation (`!! `) and `io::Error`'s `(os error N)`
 * are taken off. Fixtures: rav1e 0.5.1 (BSD-2-Clause, licence in their first line).
 */
import { describe, expect, it } from 'vitest';
import { fixture, matchingLines } from '../../../../test/support/messages';
import { engineOver } from '../../../../test/support/engine';
import { errorVariantRaisers } from './followed';
import { findFormatStrings } from './match';
import { unwrapMessage } from './paste';
import { formatLinePattern } from './place';
import type { MessageSources } from './shared';

const CONFIG = 'rav1e-config-mod.rs.txt';
const CONFIG_PATH = 'api/config/mod.rs';

describe('an error enum’s message is raised where the variant is built', () => {
  it('thiserror’s `#[error("…")]` on `InvalidTileCols(usize)`: the line building it, the format cited', () => {
    const lines = fixture(CONFIG);
    const sources = sourcesOfTexts([[CONFIG_PATH, lines]]);
    const formats = findFormatStrings('invalid tile cols 3 (expected power of 2)', sources);
    expect(formats.map((f) => f.line)).toEqual([45]);
    const raised = errorVariantRaisers(formats, sources);
    expect(raised.map((f) => f.line)).toEqual([108]);
    expect(lines[107]).toContain('return Err(InvalidTileCols(config.tile_cols));');
    expect(raised[0].raisedAs).toEqual({
      variant: 'InvalidTileCols',
      literal: 'invalid tile cols {0} (expected power of 2)',
      path: CONFIG_PATH,
      line: 45,
    });
    // The pattern finds the declaration too; the builder is the chosen line (answerLines).
    expect(matchingLines(lines, formatLinePattern(raised))).toEqual([46, 108]);
  });

  it('a match on the variant, a `use` or a test of it builds nothing; without a builder the format stays', () => {
    const text = [
      '// Excerpt written for the test, in the shape of rav1e 0.5.1 src/api/config/mod.rs (BSD-2-Clause).',
      '#[derive(Debug, Error)]',
      'pub enum InvalidConfig {',
      '  /// Tile columns is invalid.',
      '  #[error("invalid tile cols {0} (expected power of 2)")]',
      '  InvalidTileCols(usize),',
      '}',
      'use InvalidConfig::InvalidTileCols;',
      'fn describe(e: &InvalidConfig) -> bool {',
      '  match e {',
      '    InvalidConfig::InvalidTileCols(n) => *n > 0,',
      '  }',
      '}',
      'fn check(r: Result<(), InvalidConfig>) -> bool {',
      '  if let Err(InvalidConfig::InvalidTileCols(_)) = r { return true; }',
      '  matches!(r, Err(InvalidConfig::InvalidTileCols(_)))',
      '}',
    ];
    const sources = sourcesOfLines('config.rs', text);
    const formats = findFormatStrings('invalid tile cols 3 (expected power of 2)', sources);
    expect(formats.map((f) => f.line)).toEqual([5]);
    expect(errorVariantRaisers(formats, sources)).toEqual(formats);
  });

  it('a `Display` impl’s arm: the variant it prints, built in its enum’s module; built elsewhere, the format answers', () => {
    const error = [
      '// Excerpt written for the test, in the shape of a Rust error enum with a hand-written Display (MIT).',
      'pub enum ParseError {',
      '  BadTileCount(usize),',
      '  Truncated,',
      '}',
      'impl fmt::Display for ParseError {',
      '  fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {',
      '    match self {',
      '      ParseError::BadTileCount(n) => write!(f, "bad tile count {} in header", n),',
      '      ParseError::Truncated => write!(f, "header truncated before its tile table"),',
      '    }',
      '  }',
      '}',
      'fn read_header(b: &[u8]) -> Result<Header, ParseError> {',
      '  let n = b[0] as usize;',
      '  if n == 0 {',
      '    return Err(ParseError::BadTileCount(n));',
      '  }',
      '  Ok(Header { n })',
      '}',
    ];
    const reader = [
      '// Excerpt written for the test (MIT).',
      'fn read_tiles(b: &[u8]) -> Result<Tiles, ParseError> {',
      '  if b.len() < 4 {',
      '    return Err(ParseError::Truncated);',
      '  }',
      '  Ok(Tiles::new(b))',
      '}',
    ];
    const sources = sourcesOfTexts([
      ['error.rs', error],
      ['reader.rs', reader],
    ]);
    const formats = findFormatStrings('bad tile count 0 in header', sources);
    expect(formats.map((f) => [f.path, f.line])).toEqual([['error.rs', 9]]);
    expect(errorVariantRaisers(formats, sources).map((f) => [f.path, f.line])).toEqual([['error.rs', 17]]);
    // Truncated is built in another module only: its format's line answers.
    const truncated = findFormatStrings('header truncated before its tile table', sources);
    expect(truncated.map((f) => [f.path, f.line])).toEqual([['error.rs', 10]]);
    expect(errorVariantRaisers(truncated, sources)).toEqual(truncated);
  });

  it('the engine answers rav1e’s pasted line with Config::validate, the function raising it', async () => {
    const engine = await engineOver([{ path: 'api/config/mod.rs', text: fixture(CONFIG).join('\n') }]);
    const r = await engine.search('!! Invalid encoder settings: invalid tile cols 3 (expected power of 2)');
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0]).toMatchObject({ path: 'api/config/mod.rs', startLine: 54, line: 108 });
    expect(r.query.notes?.join(' ')).toContain('api/config/mod.rs:45');
    // The text hit is the line building the variant, not the format's: its reason says which.
    const text = r.results[0].explanation.modalities.text;
    expect(text?.reason).toContain('on 1 line, the line the message was traced to');
    expect(text?.reason).not.toContain("format's own line");
  });
});

describe('what a command-line program prints around its message', () => {
  it('a level in punctuation (`!! `) and io::Error’s `: <system text> (os error 2)` are taken off', () => {
    const messages = unwrapMessage('!! Cannot open input file: No such file or directory (os error 2)');
    expect(messages).toContain('Cannot open input file: No such file or directory (os error 2)');
    // The system's text and code are the standard library's: the context the program gave is left.
    expect(messages).toContain('Cannot open input file');
    expect(unwrapMessage('[!] Build failed')).toContain('Build failed');
    // Punctuation that is the message's own stays.
    expect(unwrapMessage('!important is not allowed here')).toEqual(['!important is not allowed here']);
  });

  it('the line passing the text to the error it wraps answers the paste', async () => {
    const name = 'rav1e-bin-common.rs.txt';
    const engine = await engineOver([{ path: 'bin/common.rs', text: fixture(name).join('\n') }]);
    const r = await engine.search('!! Cannot open input file: No such file or directory (os error 2)');
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0]).toMatchObject({ path: 'bin/common.rs', line: 32 });
    expect(fixture(name)[31]).toContain('e.context("Cannot open input file")');
  });
});

function sourcesOfLines(path: string, lines: string[]): MessageSources {
  return sourcesOfTexts([[path, lines]]);
}

function sourcesOfTexts(files: [string, string[]][]): MessageSources {
  const hits = (test: (l: string) => boolean, limit: number) =>
    files
      .flatMap(([path, lines], fileId) => lines.flatMap((l, i) => (test(l) ? [{ fileId, path, line: i + 1 }] : [])))
      .slice(0, limit);
  return {
    linesContaining: (fragment, limit) => hits((l) => l.toLowerCase().includes(fragment.toLowerCase()), limit),
    linesMatching: (pattern, limit) => hits((l) => new RegExp(pattern, 'i').test(l), limit),
    lineText: (fileId, line) => files[fileId]?.[1][line - 1],
  };
}
