// createApp(): middleware, the one error shape, and every router. Used by the Worker and the tests alike.
import { Hono } from "hono";
import type { AppEnv } from "./core/env";
import { handleError } from "./core/middleware/errors";
import { notFound } from "./core/errors";
import { resolveJournal } from "./core/middleware/journal";
import { securityHeaders } from "./core/middleware/security-headers";
import { requestContext } from "./core/middleware/request-context";
import { noteAdminWrite } from "./core/edge/content-version";
import { canonicalRedirects } from "./core/middleware/canonical-redirects";
import { noindexDocuments } from "./core/middleware/noindex";
import { settingsRoutes } from "./journals/settings.routes";
import { indexingRoutes } from "./journals/indexing.routes";
import { indexingAdminRoutes } from "./journals/indexing.admin.routes";
import { editorsRoutes } from "./editors/editors.routes";
import { archivesRoutes } from "./archive/archives.routes";
import { searchRoutes } from "./archive/search.routes";
import { filesRoutes } from "./archive/files.routes";
import { authRoutes } from "./auth/auth.routes";
import { adminRoutes } from "./admin.routes";
import { pdfAdminRoutes, pdfRoutes } from "./documents/pdf.routes";
import { submissionsRoutes } from "./workflow/submissions.routes";
import { pageRoutes } from "./pages/pages.routes";
import { submitFormRoutes } from "./workflow/submit-form.routes";
import { settingsAdminRoutes } from "./journals/settings.admin.routes";
import { editorsAdminRoutes } from "./editors/editors.admin.routes";
import { articleEditRoutes } from "./archive/articles.admin.routes";
import { crawlingRoutes } from "./scholarly/crawling.routes";
import { citationsRoutes } from "./scholarly/citations.routes";
import { oaiRoutes } from "./scholarly/oai.routes";
import { createPlatformApp, isPlatformHost } from "./platform/platform.app";
import { brandingAdminRoutes, brandingFilesRoutes } from "./journals/branding.routes";
import { statsRoutes } from "./statistics/stats.routes";
import { linkPagesRoutes } from "./workflow/link-pages.routes";
import { sushiRoutes } from "./statistics/sushi.routes";
import { payPagesRoutes } from "./payments/pay-pages.routes";
import { paymentWebhookRoutes } from "./payments/payment-webhooks.routes";
import { copyrightFormAdminRoutes, copyrightFormFilesRoutes } from "./journals/copyright-form.routes";

export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(handleError);
  app.use("*", securityHeaders);
  // The platform console's hosts get the console's app, and nothing of a journal (docs/decisions/0160).
  const platform = createPlatformApp();
  app.use("*", async (c, next) => {
    if (!isPlatformHost(c.req.url, c.env.PLATFORM_HOSTS)) {
      // The console's built page is a file of the asset store: never a journal host's.
      if (/^\/platform\.html$/i.test(c.req.path)) throw notFound();
      return next();
    }
    c.res = await platform.fetch(c.req.raw, c.env, c.executionCtx);
  });
  app.use("*", canonicalRedirects);
  app.use("*", requestContext);
  app.use("*", resolveJournal);
  // Every admin write bumps the journal's content version (the edge cache's keys) in its own batch; this notes it.
  app.use("*", noteAdminWrite);
  app.use("/api/pdf/*", noindexDocuments);

  app.route("/api/settings/images", brandingAdminRoutes);
  app.route("/api/settings/copyright-form", copyrightFormAdminRoutes);
  app.route("/api/settings", settingsRoutes);
  app.route("/api/settings", settingsAdminRoutes);
  app.route("/api/indexing", indexingRoutes);
  app.route("/api/indexing", indexingAdminRoutes);
  app.route("/api/editors", editorsRoutes);
  app.route("/api/editors", editorsAdminRoutes);
  app.route("/api/archives", archivesRoutes);
  app.route("/api/archives", articleEditRoutes);
  app.route("/api/search", searchRoutes);
  app.route("/api/submissions", submissionsRoutes);
  // Signed-link pages of reviewers and authors (/review, /track, /api/workflow/link).
  app.route("/", linkPagesRoutes);
  // The fee on the author's tracking page and the gateways' return pages and webhooks (issue 49).
  app.route("/", payPagesRoutes);
  app.route("/api/payments", paymentWebhookRoutes);
  app.route("/api/admin", adminRoutes);
  app.route("/api/pdf", pdfRoutes);
  app.route("/api/pdf", pdfAdminRoutes);
  app.route("/api/stats", statsRoutes);
  app.route("/api/sushi", sushiRoutes);
  app.route("/auth", authRoutes);
  app.route("/assets/branding", brandingFilesRoutes);
  app.route("/assets/copyright-form", copyrightFormFilesRoutes);
  app.route("/assets", filesRoutes);
  app.all("/api/*", () => {
    throw notFound();
  });
  // For indexers and reference managers: robots.txt, sitemaps, the Atom feed, RIS/BibTeX next to each article.
  app.route("/", crawlingRoutes);
  app.route("/archives", citationsRoutes);
  app.route("/oai", oaiRoutes);
  // The Submit Online form's post without JavaScript (answered with a redirect to the form page).
  app.route("/article", submitFormRoutes);
  // Everything else is a page, rendered with React in the Worker (or a static file).
  app.route("/", pageRoutes);
  return app;
}
