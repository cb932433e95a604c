/**
 * The page's Content-Security-Policy: one definition, sent as a header by `npm start` (vite
 * preview) and by the e2e server, and written into the built index.html as a meta tag for
 * static hosting (vite.config.ts). Read by build tooling and tests; the app never imports it.
 *
 * - Scripts: only the app's own files. No inline script, no eval; 'wasm-unsafe-eval' is the
 *   one exception, and it allows compiling WebAssembly only (tree-sitter, ONNX Runtime).
 * - connect-src: the app's origin, the https origins of connect-origins.ts (Voyage's API, the
 *   suggested CORS proxy, and those a deployment adds with VITE_CONNECT_SRC at build time), and
 *   http on the loopback interface. A static policy cannot follow what a user types into
 *   Settings or the clone form later (and the workers that fetch take their policy from their
 *   own script's response), so the app checks a typed address against the same list first and
 *   says which origin is not allowed; the Voyage key's confinement to its base URL is still the
 *   code's job, proven by e2e/security.e2e.ts.
 * - Repository text is never markup: React renders it as text, and nothing here would let
 *   a script that slipped into the DOM run.
 */

// With its extension: vite.config.ts imports this file, and Vite's native config loader
// (its future default) resolves no extensionless import.
import { connectOrigins, LOOPBACK_SOURCES } from './connect-origins.ts';

const DIRECTIVES: [directive: string, sources: string[], headerOnly?: boolean][] = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  ['worker-src', ["'self'"]],
  // Filled in when the policy is written: the build's VITE_CONNECT_SRC adds to it.
  ['connect-src', []],
  ['img-src', ["'self'", 'data:']],
  ['style-src', ["'self'"]],
  ['font-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
  // Browsers ignore frame-ancestors in a meta tag (and warn), so only the header has it.
  ['frame-ancestors', ["'none'"], true],
];

/** The policy as a header value, or as the content of a `<meta http-equiv>` tag, for this build's origins. */
export function contentSecurityPolicy(delivery: 'header' | 'meta'): string {
  const connect = ["'self'", ...connectOrigins(process.env.VITE_CONNECT_SRC), ...LOOPBACK_SOURCES];
  return DIRECTIVES.filter(([, , headerOnly]) => delivery === 'header' || !headerOnly)
    .map(([directive, sources]) => `${directive} ${(directive === 'connect-src' ? connect : sources).join(' ')}`)
    .join('; ');
}

/**
 * Cross-origin isolation, sent beside the policy by `npm start` and the e2e server (headers only:
 * no meta tag can set them, so a static host runs the app without them, which it does not need).
 * An isolated page may measure its own memory (`performance.measureUserAgentSpecificMemory()`,
 * which `npm run bench` reads for the tab's peak). Everything the app loads is its own; the Voyage
 * API, a CORS proxy and a clone URL are fetched with CORS, which `require-corp` allows.
 */
export const CROSS_ORIGIN_ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
