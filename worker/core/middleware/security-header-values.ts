// The security headers every response carries, as plain data: the Worker sets them on what it answers
// (security-headers.ts), and the build writes them into the asset store's `_headers` file for the files served
// without the Worker (/static/*; vite.config.ts). No imports, so the Vite config can read it too.
// The CSP allows no inline script: the SPA is external modules only, and the JSON-LD block the Worker writes is
// data (type application/ld+json), which browsers never execute.

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CSP,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Paths the asset store answers without running the Worker (wrangler.toml run_worker_first exclusions): the hashed
 * build files and the files shipped with the site (web/public), which are the same for every journal.
 */
export const ASSET_ONLY_PATHS = ["/static/*", "/favicon.svg", "/img/*", "/docs/*"];

/** The `_headers` file of the built assets (Cloudflare static assets syntax). */
export function assetHeadersFile(): string {
  const block = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join("\n");
  return ASSET_ONLY_PATHS.map((path) => `${path}\n${block}\n`).join("\n");
}
