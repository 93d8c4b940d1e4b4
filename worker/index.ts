// The Worker's entry: shipped files straight from the asset store, then the edge cache in front of the app; every
// answer then passes the usage counter (worker/statistics/, after the answer, in waitUntil). The Cron Trigger runs the
// maintenance (worker/scheduled.ts).
import { createApp } from "./app";
import { withEdgeCache } from "./core/edge/edge-cache";
import { shippedFile } from "./core/edge/static-files";
import { scheduled } from "./scheduled";
import { countUsage } from "./statistics/usage-feed";
import { sendOutboxBatch, type MailQueueBody } from "./workflow/mail-queue";
import { email } from "./workflow/mail-inbound";

export { UsageCounter } from "./statistics/usage-counter";
export { TransferWorkflow } from "./transfer/transfer-workflow";

const cached = withEdgeCache(createApp());

export default {
  async fetch(request, env, ctx) {
    const res = (await shippedFile(request, env)) ?? (await cached.fetch!(request, env, ctx));
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
