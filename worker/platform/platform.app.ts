// The platform console's own app (docs/decisions/0160-operators.md): answered only on the configured platform hosts
// (PLATFORM_HOSTS; locally platform.localhost), never on a journal's. No journal is resolved here: the API under
// /api/platform needs an operator token, every other GET is the console's page (a separate Vite entry, so the
// public pages' JavaScript does not grow).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { handleError } from "../core/middleware/errors";
import { requestContext } from "../core/middleware/request-context";
import { requireOperator } from "./operator-guard";
import { HttpError } from "../core/errors";
import { operatorAuthRoutes } from "./operator-auth.routes";
import { journalsPlatformRoutes } from "./journals.platform.routes";
import { settingsPlatformRoutes } from "./settings.platform.routes";
import { restorePlatformRoutes } from "./restore.platform.routes";
import { databasesPlatformRoutes, journalMovePlatformRoutes } from "./journal-move.platform.routes";
import { hostNameOf } from "#contract/host";
import { paymentsPlatformRoutes } from "../payments/payments.platform.routes";

/** Is this request for the platform console? Exact host names only ("www." is not implied here). */
export function isPlatformHost(url: string, platformHosts: string | undefined): boolean {
  const host = hostNameOf(new URL(url).host);
  const list = String(platformHosts ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return host !== "" && list.includes(host);
}

/** The built console page (dist/client/platform.html), read through the asset store. */
async function consolePage(assets: Fetcher, url: string): Promise<Response> {
  for (const path of ["/platform", "/platform.html"]) {
    const res = await assets.fetch(new Request(new URL(path, url), { headers: { accept: "text/html" } }));
    if (res.ok && (res.headers.get("content-type") ?? "").includes("text/html")) {
      return new Response(res.body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
    }
    await res.body?.cancel();
  }
  console.error("platform console unavailable: the asset store has no built platform.html (run `npm run build`)");
  return new Response("The platform console is not built (npm run build).", { status: 503, headers: { "Content-Type": "text/plain" } });
}

export function createPlatformApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(handleError);
  app.use("*", requestContext);
  app.route("/api/platform/auth", operatorAuthRoutes);
  app.use("/api/platform/*", requireOperator);
  app.route("/api/platform/journals", journalsPlatformRoutes);
  app.route("/api/platform/journals", journalMovePlatformRoutes);
  app.route("/api/platform", databasesPlatformRoutes);
  app.route("/api/platform/restores", restorePlatformRoutes);
  app.route("/api/platform", settingsPlatformRoutes);
  app.route("/api/platform", paymentsPlatformRoutes);
  app.all("/api/*", () => {
    throw new HttpError(404, "not_found");
  });
  app.get("*", (c) => consolePage(c.var.assets, c.req.url));
  app.all("*", () => {
    throw new HttpError(404, "not_found");
  });
  return app;
}
