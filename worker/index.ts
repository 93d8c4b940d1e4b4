// The Worker's entry: shipped files straight from the asset store, then the edge cache in front of the app; the
// Cron Trigger runs the maintenance (worker/scheduled.ts).
import { createApp } from "./app";
import { withEdgeCache } from "./edge/edge-cache";
import { shippedFile } from "./edge/static-files";
import { scheduled } from "./scheduled";

const cached = withEdgeCache(createApp());

export default {
  async fetch(request, env, ctx) {
    return (await shippedFile(request, env)) ?? cached.fetch!(request, env, ctx);
  },
  scheduled,
} satisfies ExportedHandler<Env>;
