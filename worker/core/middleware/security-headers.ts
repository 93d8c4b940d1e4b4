// Security headers on every response the Worker answers (the values: security-header-values.ts, which the build
// also writes into the `_headers` file for /static/*).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { CSP, SECURITY_HEADERS } from "./security-header-values";

/** Set by a handler whose page posts a form to one outside origin; never sent to the browser. */
export const FORM_TARGET_HEADER = "X-Form-Target-Origin";

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
  // A page that carries a signed link's session asks for no Referer at all (worker/workflow/link-pages.routes.ts).
  const noReferrer = h.get("Referrer-Policy") === "no-referrer";
  // A page whose form posts to a payment gateway's checkout names that one origin (worker/payments/pay-pages.routes.ts).
  const formTarget = h.get(FORM_TARGET_HEADER);
  h.delete(FORM_TARGET_HEADER);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) h.set(name, value);
  if (formTarget && /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(formTarget))
    h.set("Content-Security-Policy", CSP.replace("form-action 'self'", `form-action 'self' ${formTarget}`));
  if (noReferrer) h.set("Referrer-Policy", "no-referrer");
  const isViteDev = import.meta.env?.DEV && import.meta.env?.MODE !== "test";
  if (isViteDev) h.set("Content-Security-Policy", DEV_CSP);
}
