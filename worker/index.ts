// The Worker's entry: shipped files straight from the asset store, then the edge cache in front of the app; every
// answer then passes the usage counter (worker/statistics/, after the answer, in waitUntil). The Cron Trigger runs the
// maintenance (worker/scheduled.ts).
import { drizzle } from "drizzle-orm/d1";
import { createApp } from "./app";
import * as schema from "./core/data/schema";
import { withEdgeCache } from "./core/edge/edge-cache";
import { shippedFile } from "./core/edge/static-files";
import { scheduled } from "./scheduled";
import { languageRedirect } from "./pages/page-language";
import { countUsage } from "./statistics/usage-feed";
import { altHeaderImport } from "./platform/alt-header-import";
import { sendOutboxBatch, type MailQueueBody } from "./workflow/mail-queue";
import { email } from "./workflow/mail-inbound";

export { UsageCounter } from "./statistics/usage-counter";
export { TransferWorkflow } from "./transfer/transfer-workflow";
export { JournalMoveWorkflow } from "./platform/journal-move-workflow";

const cached = withEdgeCache(createApp(), languageRedirect);
/** The retired ALT_HEADER_DOMAINS, read into D1 before this isolate's first answer (docs/decisions/0270). */
const altHeader = altHeaderImport();

async function settleAltHeader(env: Env) {
  await altHeader
    .ensure(() => drizzle(env.DB, { schema }), env.ALT_HEADER_DOMAINS)
    .catch((err) => {
      console.error("ALT_HEADER_DOMAINS import failed (tried again on the next request):", err);
    });
}

export default {
  async fetch(request, env, ctx) {
    let res = await shippedFile(request, env);
    if (!res) {
      if (!altHeader.settled) await settleAltHeader(env);
      res = await cached.fetch!(request, env, ctx);
    }
    countUsage(request, res.status, env, ctx, res.headers.get("content-range"));
    return res;
  },
  scheduled,
  // Workflow mail (docs/decisions/0191): the outbox's queue consumer, and replies from Email Routing.
  async queue(batch, env) {
    await sendOutboxBatch(batch as MessageBatch<MailQueueBody>, env);
  },
  email,
} satisfies ExportedHandler<Env>;
