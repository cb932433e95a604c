/**
 * Pasted messages to their format strings (issue 20, item 4): the API its callers use — the
 * classifier (unwrapMessage, readPastedLines, LINE_BREAK, formatLinePattern), the engine
 * (corpusMessageSources, placeAnswerLines) and the understand retriever (findFormatStrings,
 * helperCallSites, valueLiterals). shared.ts says which part owns what.
 */
export { alignFormat, type Alignment } from './align';
export { errorVariantRaisers, helperCallSites, valueLiterals } from './followed';
export {
  callArguments,
  formatPieces,
  formatRuns,
  resolvedPieces,
  stringConstant,
  type FormatPiece,
  type FormatRun,
} from './formats';
export { findFormatStrings, writtenIn } from './match';
export {
  assertionMessage,
  LINE_BREAK,
  loggedLine,
  readPastedLines,
  RULE_LINE,
  RUST_PANIC_HEAD,
  unwrapMessage,
  type PastedLines,
  type RunsOn,
} from './paste';
export { corpusMessageSources, enclosingFunction, formatLinePattern, placeAnswerLines, statementAround } from './place';
export { FORMAT_MATCH, type FormatMatch, type MessageSources, type Nested, type SourceLine } from './shared';
