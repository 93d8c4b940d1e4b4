// The Worker's entry: the app answers requests; the Cron Trigger runs the maintenance (worker/scheduled.ts).
import { createApp } from "./app";
import { scheduled } from "./scheduled";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
