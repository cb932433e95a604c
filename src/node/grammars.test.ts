import { Language, Parser, Query } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../engine/structural/grammars';
import { nodeGrammars } from './grammars';

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

describe('nodeGrammars', () => {
  it('reads the runtime and every language wasm (node_modules, grammars/), and they load', async () => {
    const runtime = await nodeGrammars.runtime();
    expect([...runtime.wasmBinary!.subarray(0, 4)]).toEqual(WASM_MAGIC);
    await Parser.init(runtime);
    for (const lang of SUPPORTED_LANGUAGES) {
      const wasm = await nodeGrammars.languageWasm(lang);
      expect(wasm instanceof Uint8Array && [...wasm.subarray(0, 4)], lang).toEqual(WASM_MAGIC);
      const language = await Language.load(wasm);
      const tags = await nodeGrammars.tagsQuery(lang);
      // Bash and Kotlin ship no tags.scm: queries.ts holds all of their tags.
      if (lang === 'bash' || lang === 'kotlin') {
        expect(tags, lang).toBe('');
        continue;
      }
      const query = new Query(language, tags);
      expect(query.patternCount(), lang).toBeGreaterThan(2);
      query.delete();
    }
  });

  it("prepends JavaScript's tags to TypeScript's and TSX's", async () => {
    const js = await nodeGrammars.tagsQuery('javascript');
    for (const lang of ['typescript', 'tsx'] as const) {
      const tags = await nodeGrammars.tagsQuery(lang);
      expect(tags.startsWith(js)).toBe(true);
      expect(tags).toContain('(interface_declaration');
    }
    expect(js).not.toContain('(interface_declaration');
  });
});
