// Files shipped with the site (favicon, /img/..., /docs/...) need no journal: the asset store answers them before
// any journal lookup, so they never cost a database call. Paths the app serves per journal are never tried here.
import { applySecurityHeaders } from "../middleware/security-headers";

/** Per-journal files (R2 under /assets, article PDFs under /archives) and the API are the app's; so is the
 * platform console's page (platform.html), which only the platform hosts serve (docs/decisions/0160). */
const APP_PREFIXES = ["/api/", "/assets/", "/archives/", "/auth/", "/admin/", "/platform"];

/** The built page shell (index.html) is never a file of its own: the app sends "/index.html" to "/". */
const isShell = (path: string) => /^\/index\.html?$/i.test(path);

const looksLikeFile = (path: string) => /\/[^/]+\.[A-Za-z0-9]{1,8}$/.test(path);

/** The shipped file at this path, or null (not a file path, or the asset store does not have it). */
export async function shippedFile(req: Request, env: Env): Promise<Response | null> {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const path = new URL(req.url).pathname;
  if (!looksLikeFile(path) || APP_PREFIXES.some((p) => path.startsWith(p)) || isShell(path)) return null;
  const res = await env.ASSETS.fetch(req);
  // The asset store's single-page fallback answers a missing file with the HTML shell: that is not this file.
  const html = (res.headers.get("content-type") ?? "").includes("text/html") && !/\.html?$/i.test(path);
  if ((res.status !== 200 && res.status !== 304) || html) {
    await res.body?.cancel();
    return null;
  }
  const out = new Response(res.body, res);
  applySecurityHeaders(out.headers);
  return out;
}
