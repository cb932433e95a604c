/**
 * Builds the CLI (dist-cli/) before any test runs: tests that start `bin/fourfold.js` then
 * exercise the compiled JavaScript users run, built from the sources as they are now.
 */
import { build } from 'vite';

export default async function setup(): Promise<void> {
  await build({ configFile: new URL('./vite.cli.config.ts', import.meta.url).pathname, logLevel: 'warn' });
}
