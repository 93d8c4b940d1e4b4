// Security headers on every response. The CSP allows no inline script: the SPA is external modules only,
// and the JSON-LD block the Worker writes is data (type application/ld+json), which browsers never execute.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

const CSP = [
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

/** Vite's dev server injects an inline module (React refresh) and a websocket; only `vite dev` relaxes the CSP. */
const DEV_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
  "connect-src 'self'",
  "connect-src 'self' ws: wss:",
);

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Responses passed through from R2 or the asset store can have immutable headers: copy first.
  c.res = new Response(c.res.body, c.res);
  applySecurityHeaders(c.res.headers);
};

/** The headers above, on a response made outside the app (the edge layer's shipped files). */
export function applySecurityHeaders(h: Headers): void {
  const isViteDev = import.meta.env?.DEV && import.meta.env?.MODE !== "test";
  h.set("Content-Security-Policy", isViteDev ? DEV_CSP : CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("X-Frame-Options", "DENY");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}
