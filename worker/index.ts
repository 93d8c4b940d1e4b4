// The Worker's entry: shipped files straight from the asset store, then the edge cache in front of the app.
import { createApp } from "./app";
import { withEdgeCache } from "./edge/edge-cache";
import { shippedFile } from "./edge/static-files";

const cached = withEdgeCache(createApp());

export default {
  async fetch(request, env, ctx) {
    return (await shippedFile(request, env)) ?? cached.fetch!(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
