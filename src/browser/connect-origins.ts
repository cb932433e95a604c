/**
 * The origins the app may connect to besides its own: the policy's `connect-src`
 * (content-security-policy.ts) and the checks Settings and Clone make before a request, from one
 * list. The list is fixed when the app is built — a static policy cannot know what a user types
 * later — so a deployment names its own Voyage base or CORS proxy with `VITE_CONNECT_SRC`, and a
 * user who types another is told so at once rather than meeting a blocked request.
 */

/** Voyage's API, the default embedding provider base. */
export const VOYAGE_ORIGIN = 'https://api.voyageai.com';
/** isomorphic-git's public CORS proxy, the one the clone form suggests. */
export const ISOMORPHIC_GIT_CORS_PROXY = 'https://cors.isomorphic-git.org';
/** Cleartext http only on this machine (a local proxy, git server or model server). */
export const LOOPBACK_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'];

/**
 * The https origins connect-src lists: the defaults plus those of `extra` (`VITE_CONNECT_SRC`,
 * space- or comma-separated). Throws on an entry that is not an https origin, so a build with a
 * mistyped list fails rather than shipping a policy that blocks what it meant to allow.
 */
export function connectOrigins(extra: string | undefined): string[] {
  const origins = [VOYAGE_ORIGIN, ISOMORPHIC_GIT_CORS_PROXY];
  for (const entry of (extra ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(
        `VITE_CONNECT_SRC: “${entry}” is not a URL; list https origins such as https://proxy.example.com.`,
      );
    }
    if (url.protocol !== 'https:')
      throw new Error(`VITE_CONNECT_SRC: “${entry}” is not https; only https origins (and this machine) are allowed.`);
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** The origins of this build (Vite replaces `import.meta.env` when it bundles the page and the workers). */
export function builtConnectOrigins(): string[] {
  return connectOrigins(import.meta.env?.VITE_CONNECT_SRC as string | undefined);
}

/** Whether the policy lets the app fetch `url`: its own origin, a listed https origin, or http on this machine. */
export function mayConnect(url: string, ownOrigin: string, origins: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.origin === ownOrigin) return true;
  if (target.protocol === 'http:') return target.hostname === '127.0.0.1' || target.hostname === 'localhost';
  return target.protocol === 'https:' && origins.includes(target.origin);
}

/** The sentence for an address the policy does not allow (Settings and Clone show it). */
export function notAllowedMessage(url: string, what: string): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // Shown as typed.
  }
  return (
    `This copy of Fourfold may not connect to ${origin} (${what}): its Content-Security-Policy allows only ` +
    `${builtConnectOrigins().join(', ')} and this machine. Whoever builds it can add an origin with VITE_CONNECT_SRC.`
  );
}
