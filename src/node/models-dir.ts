/**
 * Where the bundled models sit for Node: public/models/, relative to this module (the compiled
 * CLI in dist-cli/node/ is as deep as src/node/). Its own module so that a process reading the
 * model's small files (the lexical expansion) does not load the embedders with them.
 */
import { fileURLToPath } from 'node:url';

export const NODE_MODELS_DIR = fileURLToPath(new URL('../../public/models/', import.meta.url));
