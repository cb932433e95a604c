/**
 * Parse worker: one StructuralAnalyzer (web-tree-sitter) per worker, created on the first
 * request. comlink's listener is registered synchronously, before any grammar loads, so no
 * message sent during start-up is lost.
 */
import * as Comlink from 'comlink';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { browserGrammars } from '../src/browser/grammars';
import type { ParseWorkerApi } from '../src/browser/protocol';

let analyzer: Promise<StructuralAnalyzer> | null = null;

const api: ParseWorkerApi = {
  async analyze(path, text) {
    // No grammar up front: each loads when the first file of its language arrives, so a
    // JavaScript repository never downloads the Rust or Java grammar.
    analyzer ??= StructuralAnalyzer.create(browserGrammars, { languages: [] });
    return (await analyzer).analyzeAsync(path, text);
  },
};

Comlink.expose(api);
