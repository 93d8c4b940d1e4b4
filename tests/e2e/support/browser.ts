// Chromium (Debian's /usr/bin/chromium) driven by playwright-core, plus helpers every e2e test shares:
// open a page as a given journal host, run axe-core, take screenshots, watch for console errors.
import { readFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { CHROMIUM_PATH } from "./chromium";

export const MOBILE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
export type Viewport = { width: number; height: number };

/** The demo journals of scripts/seed.ts: the default one and the second one. */
export const HOSTS = { main: "localhost", second: "journal2.localhost" } as const;

/** Screenshots land here (override with SHOTS_DIR). */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

export function baseUrl(): string {
  return inject("baseUrl");
}

/** Absolute URL of `path` on the running server as seen through `host` (Chromium resolves *.localhost to loopback). */
export function urlFor(path: string, host: string = HOSTS.main): string {
  return `http://${host}:${inject("port")}${path}`;
}

/** A host the running server treats as an alternate-header domain (ALT_HEADER_DOMAINS). */
export function altHeaderHost(): string {
  return inject("altHeaderHost");
}

let visitors = 0;

/**
 * The headers of a visitor of their own: the address Cloudflare would put in CF-Connecting-IP, a /64 of the IPv6
 * documentation range per call (and per test process). The server counts submissions per address per hour
 * (SUBMISSIONS_PER_WINDOW); every browser on this machine would otherwise be one visitor, the empty address.
 */
export function newVisitor(): Record<string, string> {
  visitors += 1;
  return { "CF-Connecting-IP": `2001:db8:${(process.pid % 0xffff).toString(16)}:${visitors.toString(16)}::1` };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** console.error messages and uncaught page errors seen so far. */
  errors: string[];
  /** The HTTP status of the main document. */
  status: number | null;
  /** Closes the page's context, then fails the test if the page logged an error it was not allowed to. */
  close(): Promise<void>;
}

/** Collects the page's console errors and uncaught errors, from now on. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** The browser's own line for a document or resource answered with an error status (expected on a 404 page). */
export const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of \d+/;

/** Fails with the page's unexpected console errors (those no pattern of `allowed` matches). */
export function expectNoConsoleErrors(errors: string[], where: string, allowed: RegExp[] = []): void {
  expect(
    errors.filter((e) => !allowed.some((r) => r.test(e))),
    `console errors on ${where}`,
  ).toEqual([]);
}

export interface OpenOptions {
  host?: string;
  viewport?: Viewport;
  /** false = the page as a crawler without JavaScript sees it. */
  javaScript?: boolean;
  /** Wait for this selector after navigation (default: the page's main landmark). */
  waitFor?: string | null;
  /** Console errors this page may log (checked when it is closed); a page answered 404 may log FAILED_RESOURCE. */
  allowConsoleErrors?: RegExp[];
  /** Send the requests from an address of their own (newVisitor): for pages that submit through the public form. */
  newVisitor?: boolean;
}

/** Opens `path` in a fresh context (own cookies/storage) as the given host and viewport. */
export async function openPage(browser: Browser, path: string, opts: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    javaScriptEnabled: opts.javaScript ?? true,
    // No downloads leave the sandbox unless a test asks for them.
    acceptDownloads: true,
    ...(opts.newVisitor ? { extraHTTPHeaders: newVisitor() } : {}),
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const res = await page.goto(urlFor(path, opts.host), { waitUntil: "load" });
  if (opts.javaScript !== false && opts.waitFor !== null) {
    await page.waitForSelector(opts.waitFor ?? "main", { timeout: 30_000 });
  }
  const status = res?.status() ?? null;
  const allowed = [...(opts.allowConsoleErrors ?? []), ...(status !== null && status >= 400 ? [FAILED_RESOURCE] : [])];
  return {
    page,
    context,
    errors,
    status,
    close: async () => {
      await context.close();
      expectNoConsoleErrors(errors, path, allowed);
    },
  };
}

/** Waits until no request has been in flight for a moment (API data loaded, images fetched). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
}

const requireHere = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns violations of the given impacts (default serious and critical).
 * axe is evaluated through the DevTools protocol, so the site's CSP (no inline script) stays untouched.
 */
export async function runAxe(page: Page, impacts: string[] = ["serious", "critical"]): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(requireHere.resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact));
}

/** A readable one-line-per-node summary of axe violations, for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")}`)
    .join("\n");
}

/** Full-page screenshot to SHOTS_DIR/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string, dir: string = SHOTS_DIR): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^a-z0-9._-]+/gi, "_")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A plain HTTP request to the running server as `host`, with no browser and no JavaScript (what a crawler
 * gets). Goes through node:http because fetch() neither resolves *.localhost nor lets a caller set Host.
 */
export function fetchAs(
  path: string,
  host: string = HOSTS.main,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Response> {
  const port = inject("port");
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method: init.method ?? "GET", headers: { ...init.headers, host: `${host}:${port}` }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) for (const x of v) headers.append(k, x);
            else if (v !== undefined) headers.set(k, v);
          }
          const status = res.statusCode ?? 0;
          const body = [204, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** The article page's author names as shown, without the affiliations' numbers after them (decision 0387). */
export const articleAuthorNames = (page: Page): Promise<string> =>
  page.locator(".article-view__authors").evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    for (const sup of Array.from(copy.querySelectorAll("sup"))) sup.remove();
    return (copy.textContent ?? "").trim();
  });
