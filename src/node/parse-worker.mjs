// Entry of a parse-pool worker thread. Plain JavaScript: a worker does not inherit the tsx
// loader of the thread that started it (the CLI, vitest), so it loads the TypeScript itself.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// Listen at once: requests that arrive while the analyzer loads are queued, not lost.
const queued = [];
let handle = null;
parentPort.on('message', (request) => (handle ? handle(request) : queued.push(request)));

const { serveParseRequests } = await tsImport('./parse-serve.ts', import.meta.url);
handle = serveParseRequests(parentPort);
for (const request of queued.splice(0)) handle(request);
