// Entry of a parse-pool worker thread in the compiled CLI (dist-cli/node/parse-worker.js).
// Run from the TypeScript sources (vitest, tsx), the pool starts parse-worker.mjs instead,
// which loads parse-serve.ts through tsx.
import { parentPort } from 'node:worker_threads';
import { serveParseRequests } from './parse-serve';
import { traceMark } from './build-trace';

traceMark('worker:entry');

if (!parentPort) throw new Error('parse-worker runs only as a worker thread');
// A port holds its messages until a listener is attached: nothing sent during start-up is lost.
parentPort.on('message', serveParseRequests(parentPort));
