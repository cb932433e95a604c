/**
 * connect-src names only the configured origins (issue 26 item 9), and the app checks a typed
 * address against the same list.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectOrigins, ISOMORPHIC_GIT_CORS_PROXY, mayConnect, VOYAGE_ORIGIN } from './connect-origins';
import { contentSecurityPolicy } from './content-security-policy';

const connectSrc = (policy: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith('connect-src '))!
    .split(' ')
    .slice(1);

describe('connect-src', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lists the app, Voyage, the suggested CORS proxy and this machine: never every https origin', () => {
    vi.stubEnv('VITE_CONNECT_SRC', '');
    expect(connectSrc(contentSecurityPolicy('header'))).toEqual([
      "'self'",
      VOYAGE_ORIGIN,
      ISOMORPHIC_GIT_CORS_PROXY,
      'http://127.0.0.1:*',
      'http://localhost:*',
    ]);
    expect(connectSrc(contentSecurityPolicy('meta'))).not.toContain('https:');
  });

  it('adds the origins a deployment names at build time, as origins (no path), and refuses cleartext ones', () => {
    vi.stubEnv('VITE_CONNECT_SRC', 'https://voyage.proxy.example/v1, https://git-proxy.example');
    expect(connectSrc(contentSecurityPolicy('header'))).toEqual(
      expect.arrayContaining(['https://voyage.proxy.example', 'https://git-proxy.example']),
    );
    expect(() => connectOrigins('http://cleartext.example')).toThrow(/not https/);
    expect(() => connectOrigins('not a url')).toThrow(/is not a URL/);
  });

  it('lets the app reach its own origin, a listed origin and this machine, nothing else', () => {
    const origins = connectOrigins('https://git-proxy.example');
    const own = 'https://fourfold.example';
    expect(mayConnect('https://fourfold.example/models/x.onnx', own, origins)).toBe(true);
    expect(mayConnect('https://api.voyageai.com/v1/embeddings', own, origins)).toBe(true);
    expect(mayConnect('https://git-proxy.example/github.com/a/b', own, origins)).toBe(true);
    expect(mayConnect('http://127.0.0.1:9000/repo.git', own, origins)).toBe(true);
    expect(mayConnect('https://github.com/a/b', own, origins)).toBe(false);
    expect(mayConnect('http://git-proxy.example/x', own, origins)).toBe(false);
    expect(mayConnect('https://api.voyageai.com.evil.example/v1', own, origins)).toBe(false);
  });
});
