#!/usr/bin/env node
// The Fourfold CLI: the same engine as the browser app, compiled to JavaScript in dist-cli/
// (`npm run build:cli`; `npm install` and `npm test` build it), so no TypeScript compiler runs here.
// A search first asks the warm server of its cache (dist-cli/node/warm-client.js loads nothing of
// the CLI); only when none answers does the CLI itself load.
const argv = process.argv.slice(2);
if (argv[0] === 'search') {
  const answer = await import('../dist-cli/node/warm-client.js').then(
    (client) => client.askWarm(argv),
    () => null,
  );
  if (answer) {
    process.stdout.write(answer.stdout);
    process.stderr.write(answer.stderr);
    process.exitCode = answer.exitCode;
  }
}
if (process.exitCode === undefined) {
  let cli;
  try {
    cli = await import('../dist-cli/node/cli.js');
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist-cli')) throw error;
    process.stderr.write('fourfold: the CLI is not built yet: run `npm run build:cli` (npm install does it too)\n');
    process.exit(3);
  }
  process.exitCode = await cli.main(argv);
}
