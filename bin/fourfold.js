#!/usr/bin/env node
// The Fourfold CLI: the same engine as the browser app, run by Node through tsx.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/node/cli.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
