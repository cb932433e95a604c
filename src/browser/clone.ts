/**
 * Clone a repository over smart HTTP into memory and read HEAD's files, with isomorphic-git.
 * `noCheckout` + `readTree`/`readBlob` skips writing a working tree at all; one shared
 * `cache` object makes the blob reads ~8× faster (FINDINGS.md). Every failure becomes a
 * sentence a person can act on (`explainCloneError`).
 *
 * Needs a global `Buffer` (isomorphic-git uses it): import `./buffer-global` first.
 */
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/web';
import { builtConnectOrigins, mayConnect, notAllowedMessage } from './connect-origins';
import { MemoryFs } from './memory-fs';
import type { IncomingFile } from './protocol';
import { byCodeUnits } from '../engine/code-unit-order';

export interface CloneProgress {
  /** What git is doing, in words ("Receiving objects", "Reading files"). */
  phase: string;
  loaded: number;
  total: number | null;
}

export interface CloneRequest {
  url: string;
  /** A CORS proxy prefix (https://cors.isomorphic-git.org style), or empty for none. */
  corsProxy?: string;
  /** Most bytes downloaded before the clone stops (default MAX_CLONE_BYTES). */
  maxBytes?: number;
}

/**
 * The download cap: the pack, then every file read out of it, live in the tab's memory at
 * once. A repository past it is better cloned with git and brought in as a folder.
 */
export const MAX_CLONE_BYTES = 256 * 1024 * 1024;

export interface ClonedRepository {
  /** A short name for the list: the last path segment without `.git`. */
  name: string;
  url: string;
  commit: string;
  files: IncomingFile[];
  /** Submodules and symbolic links are not followed; they are counted here. */
  skippedLinks: number;
}

const DIR = '/repo';
/** Git file modes of entries we do not read: symbolic links and submodules (gitlinks). */
const SYMLINK_MODE = '120000';

export function repositoryName(url: string): string {
  const clean = url
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  return last || clean || 'repository';
}

export class CloneError extends Error {
  override readonly name = 'CloneError';
}

/** The server sent more than the cap allows. */
class CloneTooLarge extends Error {
  override readonly name = 'CloneTooLarge';
}

function megabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en')} MB`;
}

/** Passes a response body through, counting its bytes and stopping past the cap. */
async function* counted(
  body: AsyncIterableIterator<Uint8Array>,
  received: { bytes: number },
  maxBytes: number,
): AsyncIterableIterator<Uint8Array> {
  for await (const chunk of body) {
    received.bytes += chunk.byteLength;
    if (received.bytes > maxBytes) throw new CloneTooLarge();
    yield chunk;
  }
}

function abortError(): Error {
  return new DOMException('The clone was cancelled.', 'AbortError');
}

export async function cloneRepository(
  request: CloneRequest,
  onProgress: (progress: CloneProgress) => void,
  signal?: AbortSignal,
): Promise<ClonedRepository> {
  const url = request.url.trim();
  const corsProxy = request.corsProxy?.trim() || undefined;
  if (!url) throw new CloneError('Enter the address of a repository to clone, such as https://github.com/owner/repo.');
  // The request goes to the proxy when there is one, else to the repository's host; a blocked one would be a bare network error.
  const reached = corsProxy ?? url;
  if (/^https?:/i.test(reached) && !mayConnect(reached, globalThis.location?.origin ?? '', builtConnectOrigins()))
    throw new CloneError(notAllowedMessage(reached, corsProxy ? 'the CORS proxy' : 'the repository host'));
  const fs = new MemoryFs();
  const cache = {};
  const maxBytes = request.maxBytes ?? MAX_CLONE_BYTES;
  const received = { bytes: 0 };
  let tooLarge = false;
  const countingHttp = {
    request: async (req: Parameters<typeof http.request>[0]) => {
      const response = await http.request({ ...req, signal });
      if (!response.body) return response;
      const body = counted(response.body, received, maxBytes);
      // isomorphic-git may swallow the error a body throws: remember it here.
      return {
        ...response,
        body: (async function* () {
          try {
            yield* body;
          } catch (error) {
            if (error instanceof CloneTooLarge) tooLarge = true;
            throw error;
          }
        })(),
      };
    },
  };
  try {
    await git.clone({
      fs,
      http: countingHttp,
      dir: DIR,
      url,
      corsProxy,
      noCheckout: true,
      singleBranch: true,
      depth: 1,
      noTags: true,
      cache,
      onProgress: (event) => {
        if (signal?.aborted) throw abortError();
        onProgress({ phase: event.phase, loaded: event.loaded, total: event.total || null });
      },
    });
    const commit = await git.resolveRef({ fs, dir: DIR, ref: 'HEAD' });
    const { commit: commitObject } = await git.readCommit({ fs, dir: DIR, oid: commit, cache });
    const files: IncomingFile[] = [];
    let skippedLinks = 0;
    const pending: { oid: string; prefix: string }[] = [{ oid: commitObject.tree, prefix: '' }];
    while (pending.length > 0) {
      if (signal?.aborted) throw abortError();
      const { oid, prefix } = pending.pop()!;
      const { tree } = await git.readTree({ fs, dir: DIR, oid, cache });
      for (const entry of tree) {
        const path = prefix + entry.path;
        if (entry.type === 'tree') pending.push({ oid: entry.oid, prefix: path + '/' });
        else if (entry.type === 'commit' || entry.mode === SYMLINK_MODE) skippedLinks++;
        else {
          const { blob } = await git.readBlob({ fs, dir: DIR, oid: entry.oid, cache });
          // A copy with its own ArrayBuffer, so each file can be transferred to the index worker.
          files.push({ path, size: blob.byteLength, data: blob.slice() });
          if (files.length % 50 === 0) onProgress({ phase: 'Reading files', loaded: files.length, total: null });
        }
      }
    }
    onProgress({ phase: 'Reading files', loaded: files.length, total: files.length });
    files.sort((a, b) => byCodeUnits(a.path, b.path));
    return { name: repositoryName(url), url, commit, files, skippedLinks };
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (tooLarge || error instanceof CloneTooLarge)
      throw new CloneError(
        `The repository at ${url} is larger than ${megabytes(maxBytes)}, more than Fourfold downloads into a tab; nothing was kept. ` +
          'Clone it with git and drop the folder here instead (folders have no size cap).',
      );
    if (received.bytes > 0 && isNetworkFailure(error))
      throw new CloneError(
        `The connection to ${corsProxy ? `${url} (through ${corsProxy})` : url} dropped after ${megabytes(received.bytes)} of the download; ` +
          'nothing was kept. Try again.',
      );
    throw new CloneError(explainCloneError(error, url, corsProxy));
  }
}

/**
 * Error codes of a connection that dropped mid-download, as Node's sockets, undici (Node's
 * fetch) and its streams set them. Browsers report every transport failure as a TypeError.
 */
const DROPPED_CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
  'UND_ERR_ABORTED',
  'UND_ERR_CLOSED',
]);

/** A transport failure: fetch's TypeError in browsers and Node, or a reset stream (decided on name and code). */
function isNetworkFailure(error: unknown): boolean {
  const e = (error ?? {}) as { name?: string; code?: string; cause?: { code?: string } };
  return (
    e.name === 'TypeError' ||
    DROPPED_CONNECTION_CODES.has(e.code ?? '') ||
    DROPPED_CONNECTION_CODES.has(e.cause?.code ?? '')
  );
}

interface GitErrorShape {
  code?: string;
  name?: string;
  message?: string;
  data?: { statusCode?: number; statusMessage?: string; suggestion?: string; response?: string; what?: string };
}

/** One sentence a person understands, for any failure of `git.clone` or the tree walk. */
export function explainCloneError(error: unknown, url: string, corsProxy?: string): string {
  const e = (error ?? {}) as GitErrorShape;
  const code = e.code ?? e.name;
  const where = corsProxy ? `${url} (through the CORS proxy ${corsProxy})` : url;
  switch (code) {
    case 'UrlParseError':
      return `“${url}” is not an address Fourfold can clone. Use an https:// address such as https://github.com/owner/repo.`;
    case 'UnknownTransportError':
      return (
        `Fourfold clones over HTTPS only, and “${url}” uses another protocol.` +
        (e.data?.suggestion ? ` Try ${e.data.suggestion} instead.` : ' Use the https:// address of the repository.')
      );
    case 'HttpError': {
      const status = e.data?.statusCode;
      if (status === 401 || status === 403)
        return `The server refused access to ${where} (HTTP ${status}). Fourfold can only clone public repositories.`;
      if (status === 404)
        return `There is no git repository at ${where} (HTTP 404). Check the address; it should be the repository's clone URL.`;
      if (status && status >= 500)
        return `The server at ${where} failed (HTTP ${status}). Try again later, or try another CORS proxy.`;
      return `The server at ${where} answered HTTP ${status ?? '?'}${e.data?.statusMessage ? ` (${e.data.statusMessage})` : ''}; it did not send a repository.`;
    }
    case 'SmartHttpError':
      return `${where} answered, but not as a git server. Check that the address is a repository's clone URL.`;
    case 'NotFoundError':
      return `The repository at ${url} has no branch to read${e.data?.what ? ` (${e.data.what} not found)` : ''}; it may be empty.`;
    case 'EmptyServerResponseError':
      return `The server at ${where} sent an empty answer; it is not serving a git repository there.`;
    case 'UserCanceledError':
      return 'The clone was cancelled.';
    case 'MaxDepthError':
    case 'RemoteCapabilityError':
      return `The server at ${url} does not support shallow clones, which Fourfold needs to stay fast.`;
  }
  // Every browser's fetch (and Node's) reports an unreachable server, DNS failure or missing CORS as a TypeError.
  if (e.name === 'TypeError') {
    return corsProxy
      ? `Could not reach ${url} through the CORS proxy ${corsProxy}. The network may be down, or the proxy is not answering.`
      : `Could not reach ${url}. The network may be down, or the server does not allow requests from a web page ` +
          `(no CORS headers — GitHub, GitLab and Bitbucket need a CORS proxy; enter one in “CORS proxy”).`;
  }
  // "Array buffer allocation failed" and other out-of-memory failures of typed arrays are RangeErrors.
  if (e.name === 'RangeError') {
    return `The repository at ${url} is too large to clone in this tab's memory.`;
  }
  return `The clone of ${url} failed: ${e.message ?? String(error)}`;
}
