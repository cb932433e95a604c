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
  close(): Promise<void>;
}

export async function serveDirectory(root = DIST): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root} has no index.html: run \`vite build\` first (npm test does).`);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
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
    });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function launchBrowser(
  options: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number }; profileDir?: string } = {},
): Promise<BrowserSession> {
  const profileDir = options.profileDir ?? mkdtempSync(join(tmpdir(), 'fourfold-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      if (!options.profileDir) rmSync(profileDir, { recursive: true, force: true });
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
  shoot: (session: BrowserSession, origin: string, viewport: ScreenshotViewport, colorScheme: 'light' | 'dark') => Promise<void>,
): Promise<void> {
  const server = await serveDirectory();
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of SCREENSHOT_VIEWPORTS) {
        const session = await launchBrowser({ colorScheme, viewport: { width: viewport.width, height: viewport.height } });
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
