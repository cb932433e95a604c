/**
 * Pasted messages to their format strings (issue 20, item 4): the shapes and limits every part
 * shares — a line of the corpus (SourceLine), what matching reads from the corpus
 * (MessageSources), a format found for a message (FormatMatch), and FORMAT_MATCH, every limit and
 * threshold of the matching in one table.
 *
 * The parts: paste.ts reads what the user pasted (wrappers, prefixes, lines printed together);
 * formats.ts reads what the source writes (literals, placeholders, string constants, call
 * arguments); align.ts lines a format up with a message; match.ts finds the candidate lines and
 * ranks their formats (findFormatStrings); followed.ts follows the message's text to where else
 * it is written (constants' files, call sites, helpers, field values); place.ts shows the result
 * (the format's line, the function or statement around it).
 */
import type { FormatPiece } from './formats';

/** One line of the corpus, as the text index's grep returns it. */
export interface SourceLine {
  fileId: number;
  path: string;
  /** 1-based. */
  line: number;
}

/** What matching needs from the corpus. */
export interface MessageSources {
  /** Lines containing `fragment` (case-insensitive), at most `limit` of them. */
  linesContaining(fragment: string, limit: number): SourceLine[];
  /** Lines a case-insensitive regular expression (RE2 syntax) matches, at most `limit` of them; absent where the sources have no regex search. */
  linesMatching?(pattern: string, limit: number): SourceLine[];
  /** The text of a line (1-based) of a file; undefined past its end. */
  lineText(fileId: number, line: number): string | undefined;
}

/** A format string that prints the pasted message. */
export interface FormatMatch {
  path: string;
  /** The file's id in the corpus the sources read. */
  fileId?: number;
  /** The line of the format string's first literal (1-based). */
  line: number;
  /** That literal as the source writes it, between its quotes. */
  literal: string;
  /** The message text the format's constant pieces account for, in characters. */
  constantChars: number;
  /** constantChars less the penalty for values that read like a nested message. */
  score: number;
  /** Share of the message the format explains (its constant text and its short values). */
  coverage: number;
  /**
   * String constants the format is filled from (`"%s%zu$", sha512_rounds_prefix`), their text
   * read as the format's own; those named on the literal's line, after it.
   */
  constants?: string[];
  /**
   * The format's later literals written on its first literal's line (`'Key of size ' .
   * strlen($key) . ' not supported … Only keys of size 8 are supported'`): its line is the one
   * holding them too, not every line opening with the same first literal.
   */
  lineLiterals?: string[];
  /** The format's literals on the lines below its first (C and Python literals side by side), as written, with their lines. */
  literalsBelow?: { content: string; line: number }[];
  /** Characters of the message other string constants of the format's file hold (ranks formats that tie). */
  fileConstantChars?: number;
  /** The format's first constant is where the message starts (no value printed before it). */
  startsMessage?: boolean;
  /** Its longest value of more words than a value has, which may be another format's output. */
  nested?: Nested;
  /** The format's pieces (its constants read in), to align with another format's nested value. */
  pieces?: readonly FormatPiece[];
  /** The text its placeholders printed, as aligned (normalised: lower case, single spaces), in order. */
  values?: string[];
  /**
   * The string constant this format is, used whole at this line (`NOT_FOUND_ERR:format(name)`):
   * the line is found by that use (formatUsePattern), not by a literal.
   */
  formatName?: string;
  /** A literal printed as a value of this format (valueLiterals): the format that printed it. */
  printedBy?: { literal: string; path: string; line: number };
  /**
   * A line building the error variant whose message this format is (errorVariantRaisers): the
   * variant's name, which finds the line (variantUsePattern), and the format's own place.
   */
  raisedAs?: { variant: string; literal: string; path: string; line: number };
}

/** A value that reads like a message of its own, and the share of the message its format explains with it. */
export interface Nested {
  text: string;
  coverage: number;
  /** The placeholder that printed it (`%m`, `%w`, `{}`). */
  placeholder: string;
}

export const FORMAT_MATCH = {
  /**
   * Lines between a paste's location (`build.rs:130:10`) and the literal of the format it names: a
   * panic or a raise names its call's line, and the literal may sit on the call's next lines.
   */
  locatedLineSlack: 3,
  /** Values of a `key=value` line read as messages of their own, at most. */
  maxNestedValues: 8,
  /** Longest message line read (and longest paste read as one message). */
  maxMessageChars: 300,
  /** What a wrapper around a message (a log head, an uncaught exception's class and file) adds to it, at most. */
  maxWrapperChars: 200,
  /**
   * Lines of a paste read for messages, at most: joined as one message (readPastedLines' whole)
   * and each unwrapped (unwrapMessage) — one limit, so that no line is read as a message by one
   * and not by the other. A longer paste (a traceback, a goroutine dump, a build log) is read
   * line by line by the classifier, where its message is its first or last line; a format that
   * prints more lines than this is a usage or help text.
   */
  maxPasteLines: 6,
  /** Two-word fragments of the message looked up in the index, at most. */
  maxLookups: 16,
  /** Calls passing a literal the message holds whose functions are read, at most. */
  maxArgumentCalls: 2,
  /** Words with the bracket or colon after them looked up when no two-word fragment found the format, at most. */
  maxOpeningLookups: 8,
  /**
   * Pairs of the message's words with one word between them (its value) looked up when nothing
   * else explained the message whole, at most (gappedPairsOf) …
   */
  maxGappedLookups: 6,
  /** … whose two words are this long together, at least. */
  minGappedChars: 9,
  /** String constants whose text the message holds, followed to the formats they fill, at most. */
  maxConstants: 4,
  /** … named with this many characters at least … */
  minConstantName: 3,
  /** Lines a string constant of several lines (Lua's `[[…]]`, Python's `"""…"""`) is read over, above and below the line found. */
  longStringLines: 8,
  /** … and its text this long (non-space characters) to count as printed. */
  minConstantText: 3,
  /** Lines of a file read for its string constants, when formats of several files tie. */
  maxFileLines: 20000,
  /** A format explaining this share of the message ends the lookups. */
  wholeMessage: 0.9,
  /** Lines read per fragment … */
  linesPerFragment: 200,
  /** … and candidate lines (lines holding a quote) aligned per message, at most. */
  maxCandidateLines: 400,
  /** Lines read for literals around a candidate line (C concatenates literals across lines). */
  contextLines: 3,
  /** Lines read below a Rust `debug_struct("…")` for its `.field(…)` chain (a field a line). */
  debugStructLines: 24,
  /** Structs a Debug print shows (`Name { field: … }`) read as messages of their own, at most. */
  maxDebugStructs: 4,
  /**
   * Lines writing a format's value as a literal of its own, at most, for those lines to be where
   * the message was raised (valueLiterals): more are a name the program passes around.
   */
  maxValueSites: 8,
  /** Lines building an error variant, at most, for those lines to be where its message was raised (errorVariantRaisers). */
  maxRaiseSites: 8,
  /** Lines read above a Rust `#[error(…)]` attribute or a `Display` arm for its enum's name. */
  enumScanLines: 400,
  /** A value filled in between two constant pieces is at most this long. */
  maxValueChars: 80,
  /** A value of more words than this reads like a nested message, not a value … */
  maxValueWords: 3,
  /** … and costs this much per extra word. */
  extraWordPenalty: 4,
  /** A format must account for this much of the message … */
  minConstantChars: 8,
  /** … and explain at least this share of it. */
  minCoverage: 0.4,
  /**
   * A format of less constant text (`"echo: %v"`, `"Input: %s"`, `"[Debug] %s"`) prints the
   * message only when it starts the message and holds this much text at least (shortFormat) …
   */
  minLabelChars: 4,
  /** … at most this many formats tying for it … */
  maxLabelFormats: 3,
  /**
   * … and none holding more of the message's fixed words: a format whose constant text the
   * message holds, this share of it explained at least, wins over the label (wordsOverLabel).
   */
  minWordedCoverage: 0.25,
} as const;
