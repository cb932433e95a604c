/**
 * isomorphic-git reads a global `Buffer`, which browsers lack. Import this module first in
 * any worker that runs isomorphic-git, so the global exists before isomorphic-git loads.
 */
import { Buffer } from 'buffer';

(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;
