/**
 * End-to-end harness: serve the built app (dist/) from 127.0.0.1 on a random port and drive
 * it with the system Chromium through playwright-core, in a fresh profile every time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync, statSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { contentSecurityPolicy, CROSS_ORIGIN_ISOLATION_HEADERS } from '../src/browser/content-security-policy';

export const DIST = resolve(import.meta.dirname, '../dist');
export const FIXTURES = resolve(import.meta.dirname, 'fixtures');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticServer {
  origin: string;
  /** Paths requested so far (to check what a page load fetched). */
  requests: string[];
  /** CSP violation reports the browser sent (from the page and from every worker); close() fails on any. */
  cspReports: string[];
  close(): Promise<void>;
}

/** Where the policy asks browsers to report violations: workers' violations never reach the page's console. */
const CSP_REPORT_PATH = '/__csp-report';

export async function serveDirectory(root = DIST): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`${root} has no index.html: run \`vite build\` first (npm test does).`);
  const requests: string[] = [];
  const cspReports: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === CSP_REPORT_PATH && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        cspReports.push(body);
        res.writeHead(204).end();
      });
      return;
    }
    requests.push(url.pathname);
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(path)] ?? 'application/octet-stream',
      'content-length': statSync(path).size,
      'cache-control': 'no-cache',
      // As `npm start` sends it (the workers' scripts carry the policy too), reporting here.
      'content-security-policy': `${contentSecurityPolicy('header')}; report-uri ${CSP_REPORT_PATH}`,
      ...CROSS_ORIGIN_ISOLATION_HEADERS,
    });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    cspReports,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      if (cspReports.length > 0)
        throw new Error(`Content-Security-Policy violations reported:\n${cspReports.join('\n')}`);
    },
  };
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Content-Security-Policy violations seen so far (pages and workers); close() fails on any. */
  cspViolations: string[];
  close(): Promise<void>;
}

/** Reports every CSP violation in a document as a console error the session can recognise. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) =>
  console.error('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`;
const CSP_MESSAGE = /^CSP violation: |Content Security Policy|Content-Security-Policy/;

export async function launchBrowser(
  options: {
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    profileDir?: string;
    /** 'block': no service worker, so every request (workers' too) meets the test's routes. */
    serviceWorkers?: 'allow' | 'block';
    /** Extra Chromium switches (the bench's eager memory measurement). */
    args?: string[];
  } = {},
): Promise<BrowserSession> {
  const profileDir = options.profileDir ?? mkdtempSync(join(tmpdir(), 'fourfold-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.addInitScript(REPORT_CSP_VIOLATIONS);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const onConsole = (message: { type(): string; text(): string }) => {
    if (CSP_MESSAGE.test(message.text())) cspViolations.push(message.text());
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  };
  page.on('console', onConsole);
  // Chromium logs a worker's violations ("Refused to connect…") to that worker's console.
  page.on('worker', (worker) => worker.on('console', onConsole));
  return {
    context,
    page,
    errors,
    cspViolations,
    async close() {
      await context.close();
      if (!options.profileDir) rmSync(profileDir, { recursive: true, force: true });
      if (cspViolations.length > 0) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
}

/** The two sizes every screenshot is taken at. */
export const SCREENSHOT_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
export type ScreenshotViewport = (typeof SCREENSHOT_VIEWPORTS)[number];

/**
 * Runs `shoot` once per colour scheme × viewport, each in a fresh browser against the built
 * app, for the screenshot scripts in docs/screenshots/.
 */
export async function forEachScreenshotSession(
  shoot: (
    session: BrowserSession,
    origin: string,
    viewport: ScreenshotViewport,
    colorScheme: 'light' | 'dark',
  ) => Promise<void>,
): Promise<void> {
  const server = await serveDirectory();
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of SCREENSHOT_VIEWPORTS) {
        const session = await launchBrowser({
          colorScheme,
          viewport: { width: viewport.width, height: viewport.height },
        });
        try {
          await shoot(session, server.origin, viewport, colorScheme);
        } finally {
          if (session.errors.length) console.log(session.errors.join('\n'));
          await session.close();
        }
      }
    }
  } finally {
    await server.close();
  }
}

/**
 * Every record of every IndexedDB database of the page's origin, as JSON: byte arrays are
 * decoded as UTF-8 text (so a search of the JSON sees stored file texts), other typed arrays
 * are named only. For tests that check what is, and is not, stored.
 */
export async function indexedDbRecords(page: Page): Promise<{ where: string; json: string }[]> {
  return page.evaluate(async () => {
    const out: { where: string; json: string }[] = [];
    const utf8 = new TextDecoder();
    // Defined in here: page.evaluate sends this function's source to the page, nothing from outside it.
    const asText = (_: string, v: unknown) => {
      if (v instanceof Uint8Array) return utf8.decode(v);
      if (v instanceof ArrayBuffer) return utf8.decode(new Uint8Array(v));
      if (ArrayBuffer.isView(v)) return `[${v.constructor.name}]`;
      return v;
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const all = await new Promise<{ keys: IDBValidKey[]; values: unknown[] }>((ok, fail) => {
          const store = db.transaction(storeName).objectStore(storeName);
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => ok({ keys: keys.result, values: values.result });
          values.onerror = () => fail(values.error);
        });
        all.values.forEach((value, i) =>
          out.push({
            where: `${info.name}/${storeName}/${String(all.keys[i])}`,
            json: JSON.stringify(value, asText) ?? '',
          }),
        );
      }
      db.close();
    }
    return out;
  });
}

/**
 * Waits for the answer to exactly this query: the previous answer stays on screen, dimmed,
 * until the new one replaces it, so "some answer is shown" is not enough.
 */
export async function waitForAnswer(page: Page, query: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction((q) => document.querySelector('section.answer')?.getAttribute('data-query') === q, query, {
    timeout,
  });
}
