/**
 * Highlight worker: runs the grammars' highlights.scm over a whole file (src/browser/highlight.ts),
 * off the page's thread. Grammars load on first use of their language.
 */
import * as Comlink from 'comlink';
import { highlight } from '../src/browser/highlight';
import type { HighlightWorkerApi } from '../src/browser/protocol';

const api: HighlightWorkerApi = {
  async highlight(language, text) {
    const result = await highlight(language, text);
    return Comlink.transfer(result, [result.spans.buffer as ArrayBuffer]);
  },
};

Comlink.expose(api);
