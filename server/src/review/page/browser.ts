/**
 * The browser a review lays the page out in and runs Lighthouse on: the machine's own Chromium
 * (`CHROME_PATH`, else Debian's `/usr/bin/chromium` and its usual other names; nothing is ever
 * downloaded), driven by the packages that come with `lighthouse` (an optional peer dependency:
 * `chrome-launcher` starts Chromium, `puppeteer-core` lays the page out). Each is loaded when a
 * review runs, so embedkit installs and starts without them; a missing one is said, not thrown.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** The Chromium binaries tried after `CHROME_PATH`, in order. */
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** What installing Lighthouse takes, as a finding's fix says it. */
export const INSTALL_LIGHTHOUSE = 'npm install --save-dev lighthouse@12';

/** A running Chromium: its DevTools port, and how to stop it. */
export interface RunningChromium {
  port: number;
  kill(): Promise<void> | void;
}

/** What of Lighthouse's result the review reads (the published `lhr` shape). */
export interface LighthouseResult {
  lhr: {
    categories: { performance?: { score: number | null } };
    audits: Record<string, { numericValue?: number; displayValue?: string } | undefined>;
    runtimeError?: { code: string; message: string };
    lighthouseVersion?: string;
  };
}

/** The few calls of `puppeteer-core` the layout check makes. */
export interface PuppeteerPage {
  setViewport(v: {
    width: number;
    height: number;
    isMobile: boolean;
    hasTouch: boolean;
    deviceScaleFactor: number;
    isLandscape: boolean;
  }): Promise<void>;
  goto(url: string, o: { waitUntil: string; timeout: number }): Promise<unknown>;
  waitForNetworkIdle(o: { idleTime: number; concurrency: number; timeout: number }): Promise<void>;
  evaluate(script: string): Promise<unknown>;
  close(): Promise<void>;
}
export interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  disconnect(): Promise<void>;
}

/** The packages a review drives the browser with; each undefined when it is not installed. */
export interface BrowserTools {
  lighthouse?: (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
  launch?: (o: { chromePath: string; chromeFlags: string[]; logLevel: string }) => Promise<RunningChromium>;
  connect?: (o: { browserURL: string; defaultViewport: null }) => Promise<PuppeteerBrowser>;
}

/** Imports a package by a name held in a variable: it is an optional peer, absent from the type-check and from many installs. */
async function optional<T>(name: string, pick: (m: Record<string, unknown>) => unknown): Promise<T | undefined> {
  try {
    return pick((await import(name)) as Record<string, unknown>) as T | undefined;
  } catch {
    return undefined;
  }
}

/** Where a package is, as Lighthouse itself finds it (its own copy first), else as embedkit does; the name when neither finds it. */
function besideLighthouse(name: string): string {
  const own = createRequire(import.meta.url);
  for (const from of [() => createRequire(own.resolve('lighthouse')), () => own]) {
    try {
      return pathToFileURL(from().resolve(name)).href;
    } catch {
      // not there: the next place
    }
  }
  return name;
}

/** Loads `lighthouse`, and the `chrome-launcher` and `puppeteer-core` it depends on, whichever are installed. */
export async function loadBrowserTools(): Promise<BrowserTools> {
  const [lighthouse, launch, connect] = await Promise.all([
    optional<BrowserTools['lighthouse']>('lighthouse', (m) => m.default),
    optional<BrowserTools['launch']>(besideLighthouse('chrome-launcher'), (m) => m.launch),
    optional<{ connect: BrowserTools['connect'] }>(besideLighthouse('puppeteer-core'), (m) => m.default ?? m),
  ]);
  return { lighthouse, launch, connect: connect?.connect?.bind(connect) };
}

/** The machine's Chromium: `CHROME_PATH` when it names a file, else the first of {@link CHROMIUM_PATHS} that exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return existsSync(env.CHROME_PATH) ? env.CHROME_PATH : undefined;
  return CHROMIUM_PATHS.find((p) => existsSync(p));
}

/**
 * Chromium's flags: headless, no shared-memory limit, no GPU; and no sandbox when this process
 * runs as root (a container), where Chromium refuses to start with one.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];
