// Shared pieces of the admin browser tests: the demo admin's login, test files, console-error filtering.
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Page } from "playwright-core";
import { expectNoConsoleErrors, urlFor } from "./support/browser";

/** The demo admin that `npm start` seeds (scripts/seed). */
export const DEMO_ADMIN = { username: "admin", password: "demo-admin" } as const;
export { SESSION_KEY } from "#contract/constants";
export const SHOTS_ADMIN = process.env.SHOTS_ADMIN_DIR ?? "/tmp/shots-admin";

/** A unique suffix per run, so tests never collide with demo data or with an earlier run on the same server. */
export const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** Logs in through the form and waits for the dashboard. */
export async function login(page: Page, creds: { username: string; password: string } = DEMO_ADMIN): Promise<void> {
  await page.goto(urlFor("/admin/login"));
  await page.getByLabel("Username").fill(creds.username);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin" || url.pathname === "/admin/");
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

/**
 * The first sign-in of an account made with a one-time password (issue 37 item 2): it lands on Your account, where
 * the account sets its own password before anything else; then the dashboard. Answers the new password.
 */
export async function firstSignIn(page: Page, host: string, creds: { username: string; password: string }): Promise<string> {
  await page.goto(urlFor("/admin/login", host));
  await page.getByLabel("Username").fill(creds.username);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/account");
  const next = `${creds.password}-own-${RUN}`;
  await page.getByLabel("Current password").fill(creds.password);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByText("Your password was changed.").waitFor();
  await page.goto(urlFor("/admin", host));
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  return next;
}

/** A small valid PDF with a line of text. */
export async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pageDoc = doc.addPage([595, 842]);
  pageDoc.drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Fails on console errors, except the browser's own "Failed to load resource" lines for statuses a test provokes
 * on purpose (a wrong password answers 401), listed in `allowedStatuses`.
 */
export function expectNoUnexpectedErrors(errors: string[], allowedStatuses: number[] = []): void {
  expectNoConsoleErrors(
    errors,
    "the admin pages",
    allowedStatuses.map((s) => new RegExp(`Failed to load resource: the server responded with a status of ${s}\\b`)),
  );
}

/** Today as the date input shows it (YYYY-MM-DD, browser time zone = the test's). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** A multipart body for fetchAs, from a FormData (its bytes and its boundary, as a browser would send them). */
export async function multipart(form: FormData): Promise<{ body: Buffer; type: string }> {
  const req = new Request("http://multipart.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get("content-type")! };
}

/** A PNG of w × h (an issue cover, a wide partner logo), drawn by the browser itself. */
export async function drawnPng(page: Page, w: number, h: number, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([width, height, text]) => {
      const canvas = document.createElement("canvas");
      canvas.width = width as number;
      canvas.height = height as number;
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = "#1d4e89";
      ctx.fillRect(0, 0, width as number, height as number);
      ctx.fillStyle = "#f4d35e";
      ctx.fillRect(0, (height as number) * 0.6, width as number, (height as number) * 0.4);
      ctx.fillStyle = "#ffffff";
      ctx.font = "bold 36px sans-serif";
      ctx.fillText(text as string, 20, 80);
      return canvas.toDataURL("image/png");
    },
    [w, h, label] as const,
  );
  return Buffer.from(dataUrl.split(",")[1], "base64");
}
