/**
 * Writes docs/cli.md and docs/mcp.md from the code (src/node/docs.ts): run `npx tsx scripts/docs.ts`
 * after changing a flag, an exit code or an MCP tool; src/node/docs.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import { cliDoc, mcpDoc } from '../src/node/docs';

const docs = new URL('../docs/', import.meta.url);
writeFileSync(new URL('cli.md', docs), cliDoc());
writeFileSync(new URL('mcp.md', docs), mcpDoc());
process.stdout.write('wrote docs/cli.md and docs/mcp.md\n');
