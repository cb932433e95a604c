/**
 * docs/cli.md and docs/mcp.md are what the code produces: a flag, exit code or MCP tool field
 * changed without `npx tsx scripts/docs.ts` fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT, FLAGS } from './cli-flags';
import { cliDoc, mcpDoc } from './docs';
import { SKIP_CODES, TOOLS } from './mcp-server';

const read = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');
const STALE = 'out of date: run `npx tsx scripts/docs.ts` and commit the result';

describe('generated documentation', () => {
  it(`docs/cli.md is the flag table's (${STALE})`, () => {
    expect(read('cli.md'), STALE).toBe(cliDoc());
  });

  it(`docs/mcp.md is the tools' (${STALE})`, () => {
    expect(read('mcp.md'), STALE).toBe(mcpDoc());
  });

  it('names every flag, exit code, tool, field and skip code', () => {
    const cli = read('cli.md');
    for (const f of FLAGS) expect(cli).toContain(`\`--${f.name}\``);
    for (const [name, code] of Object.entries(EXIT)) expect(cli).toContain(`| ${code} | \`${name}\` |`);
    const mcp = read('mcp.md');
    for (const [name, tool] of Object.entries(TOOLS)) {
      expect(mcp).toContain(`### \`${name}\`: ${tool.title}`);
      expect(mcp).toContain(tool.description);
      for (const field of [...Object.keys(tool.inputSchema), ...Object.keys(tool.outputSchema)])
        expect(mcp).toContain(`| \`${field}\` |`);
    }
    expect(mcp).toContain('| `query.modalities[].skip` |');
    for (const code of SKIP_CODES) expect(mcp).toContain(`"${code}"`);
  });
});
