// `npm start`: the whole site on http://localhost:${PORT:-8787} from a fresh clone, non-interactively.
//   1. .dev.vars with a random JWT_SECRET when missing
//   2. vite build (skipped with SKIP_BUILD=1 when dist/ exists)
//   3. migrations (wrangler, only when some are pending) and the demo data when the database has no journal
//   4. serves the BUILT Worker + SPA with `wrangler dev` on the same local state (PERSIST_DIR)
// Stops its children on SIGINT/SIGTERM. See docs/decisions/0010.
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { LocalPlatform } from "./local-state";

const t0 = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const step = (msg: string) => console.log(`\x1b[36m▸\x1b[0m ${msg}`);

const port = Number(process.env.PORT || 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`start: PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}

/** Whether something already listens on 127.0.0.1:port (where wrangler is about to listen). */
function portTaken(p: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (err: NodeJS.ErrnoException) => resolve(err));
    probe.listen(p, "127.0.0.1", () => probe.close(() => resolve(undefined)));
  });
}
// Before building: on a taken port wrangler fails only at the end, and another server answering there would make the
// readiness check below print the banner for a site that is not this one.
const portError = await portTaken(port);
if (portError) {
  const why =
    portError.code === "EADDRINUSE"
      ? "is already in use (another npm start, perhaps)"
      : `cannot be used (${portError.code ?? portError.message})`;
  console.error(`start: port ${port} on 127.0.0.1 ${why}. Stop what uses it, or choose another port: PORT=8788 npm start`);
  process.exit(1);
}

// Loaded after the port check: the demo generator and the local platform take seconds to import.
const localState = await import("./local-state");
const { exitWithChildren, persistDir, repoRoot, run, startTool, stopChildren, toolEnv } = localState;
const { DEMO_ADMIN } = await import("./demo/seed-demo");
const { devVarsPath, ensureDevVars, prepareLocalData } = await import("./local-setup");
const { startPaymentStandIns } = await import("../tests/payment-standins-server");
const { LOCAL_SAAS, startCloudflareStandIn } = await import("../tests/cloudflare-api-standin-server");
const { startCrossrefMatchingStandIn } = await import("../tests/crossref-matching-standin-server");
const dir = persistDir();
const shownDir = dir.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, dir) : dir;
const builtConfig = path.join(repoRoot, "dist", "journal_edge", "wrangler.json");
const builtIndex = path.join(repoRoot, "dist", "client", "index.html");

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());

// 1. Local secret.
ensureDevVars(step);

// 2. Build.
if (process.env.SKIP_BUILD === "1" && existsSync(builtConfig) && existsSync(builtIndex)) {
  step("Using the existing build in dist/ (SKIP_BUILD=1)");
} else {
  if (process.env.SKIP_BUILD === "1") step("SKIP_BUILD=1 but dist/ has no complete build: building");
  const tb = performance.now();
  step("Building the site (vite build)...");
  // Always a production build, whatever NODE_ENV the caller's shell (or a test runner) has.
  await run("vite", ["build", "--logLevel", "warn"], { env: toolEnv({ NODE_ENV: "production" }) });
  step(`Built in ${seconds(tb)}`);
}
// The built Worker reads its secrets next to its config: refresh that copy, so a reused build (SKIP_BUILD=1)
// still gets the current .dev.vars.
copyFileSync(devVarsPath, path.join(path.dirname(builtConfig), ".dev.vars"));

// 3. Database and demo data, in the same persisted state the server will use.
const tm = performance.now();
step(`Local data in ${shownDir}`);
const demoAdminWorks = await prepareLocalData(dir, step, (p) => (platform = p));
step(`Database ready in ${seconds(tm)}`);

// 4. The payment gateways' local stand-ins (tests/payment-standins.ts, issue 49): Razorpay and Stripe cannot be reached
// from here, so their APIs, checkout pages and signed webhooks run on two loopback ports and the Worker is pointed
// at them by its two variables (unless the environment names real endpoints).
const payments =
  process.env.RAZORPAY_API_BASE || process.env.STRIPE_API_BASE
    ? null
    : await startPaymentStandIns({ workerPort: port, journalHosts: [`localhost:${port}`, `journal2.localhost:${port}`] });
if (payments) {
  process.env.RAZORPAY_API_BASE = payments.razorpayApi;
  process.env.STRIPE_API_BASE = payments.stripeApi;
}

// 4b. Cloudflare's API stand-in (tests/cloudflare-api-standin.ts, issue 52): a host added in the console becomes a
// custom hostname of a local SaaS zone, pending with the DNS records its owner would set, active after two reads
// (Refresh). The demo's own hosts have no custom hostname and answer as always. SAAS_ZONE_ID=real-zone npm start
// (with CLOUDFLARE_API_BASE and the token) talks to Cloudflare instead.
const cloudflare = process.env.SAAS_ZONE_ID ? null : await startCloudflareStandIn();
if (cloudflare) {
  process.env.SAAS_ZONE_ID = LOCAL_SAAS.zoneId;
  process.env.SAAS_FALLBACK_ORIGIN = LOCAL_SAAS.fallbackOrigin;
  process.env.CLOUDFLARE_API_BASE = cloudflare.apiBase;
  // *.localhost is the platform's own domain here (the demo's and the browser tests' journals answer at once);
  // any other host added in the console is a custom hostname.
  process.env.SAAS_OWN_DOMAINS ??= "localhost";
  // Mail domains' records are asked of the stand-in's DNS over HTTPS (docs/decisions/0395): until a journal's domain
  // has them all, its mail goes from the platform's address (the local mail log shows it).
  process.env.DNS_OVER_HTTPS ??= cloudflare.dnsOverHttps;
  process.env.PLATFORM_MAIL_FROM ??= "journals@platform.localhost";
}

// 4c. Crossref's reference matching (issue 51, "Find missing DOIs" on the full-text screen): a local stand-in unless
// the environment names the API (CROSSREF_MATCHING_API=https://api.crossref.org npm start asks the real one).
const crossrefMatching = process.env.CROSSREF_MATCHING_API ? null : await startCrossrefMatchingStandIn();
if (crossrefMatching) process.env.CROSSREF_MATCHING_API = crossrefMatching.api;

// 5. Serve the built app. Variables declared in wrangler.toml [vars] can be overridden from the environment
// (e.g. ALT_HEADER_DOMAINS=alt.localhost npm start); nothing else from the environment reaches the Worker.
const declaredVars = Object.keys((JSON.parse(readFileSync(builtConfig, "utf8")) as { vars?: Record<string, unknown> }).vars ?? {});
const varOverrides = declaredVars
  .filter((name) => process.env[name] !== undefined)
  .flatMap((name) => ["--var", `${name}:${process.env[name]}`]);
if (varOverrides.length) step(`Variables from the environment: ${declaredVars.filter((n) => process.env[n] !== undefined).join(", ")}`);
const server = startTool("wrangler", [
  "dev",
  ...varOverrides,
  // The stand-in's token (a secret in production: .dev.vars keeps its placeholder).
  ...(cloudflare ? ["--var", `CLOUDFLARE_API_TOKEN:${LOCAL_SAAS.token}`] : []),
  "--config",
  builtConfig,
  "--persist-to",
  dir,
  "--port",
  String(port),
  // IPv4 loopback: browsers, curl and Node all fall back to it for "localhost" and "*.localhost".
  "--ip",
  "127.0.0.1",
  "--show-interactive-dev-session=false",
  // The daily Cron Trigger (worker/scheduled.ts) does not fire locally; without this flag wrangler says so in a
  // yellow WARNING box that reads as broken to a newcomer. The maintenance runs once on a GET of
  // /cdn-cgi/handler/scheduled?cron=... (the banner below says so).
  "--test-scheduled",
  // The Worker's DevTools inspector on a chosen port (benchmarks read the isolate's heap through it); else wrangler's own.
  ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []),
  "--log-level",
  process.env.WRANGLER_LOG ?? "info",
]);
server.once("exit", (code, signal) => {
  if (localState.stopping) return; // a live binding: read through the module
  console.error(`start: the server stopped (${signal ?? `exit code ${code}`})`);
  void stopChildren().then(() => process.exit(code || 1));
});

const origin = `http://localhost:${port}`;
const deadline = Date.now() + 90_000;
for (;;) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/settings/`, { signal: AbortSignal.timeout(5000) });
    if (res.status === 200) break;
  } catch {
    /* not listening yet */
  }
  if (Date.now() > deadline) {
    console.error(`start: ${origin} did not answer within 90 s`);
    await stopChildren();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}

const line = "─".repeat(72);
const login = demoAdminWorks
  ? `user "${DEMO_ADMIN.username}", password "${DEMO_ADMIN.password}" (local demo only)`
  : `the demo admin was changed; reset it with: npm run admin:create -- --username ${DEMO_ADMIN.username}`;
console.log(`
${line}
  Journal site       ${origin}
  Second journal     http://journal2.localhost:${port}
  Admin              ${origin}/admin   ${login}
  Mail sent (local)  ${origin}/admin/outbox   (nothing leaves this machine; replies: POST ${origin}/cdn-cgi/handler/email)
  Platform console   http://platform.localhost:${port}/   (operators: npm run operator:create -- --username NAME)
  Payments (local)   Razorpay ${payments?.razorpayApi ?? process.env.RAZORPAY_API_BASE} · Stripe ${payments?.stripeApi ?? process.env.STRIPE_API_BASE}   (stand-ins: no money moves)
  Cloudflare (local) ${cloudflare?.apiBase ?? process.env.CLOUDFLARE_API_BASE}   (stand-in: hosts added in the console turn active after two Refreshes)
  DNS (local)        ${process.env.DNS_OVER_HTTPS}   (stand-in: POST /__standin/mail-domain/DOMAIN there sets a journal domain's mail records)
  Crossref (local)   ${crossrefMatching ? `${crossrefMatching.api}   (stand-in: reference matching)` : process.env.CROSSREF_MATCHING_API}
  Local data         ${shownDir}   (start over: npm run seed -- --reset)
  Daily maintenance  runs in production on its Cron Trigger; here on demand: curl 'http://127.0.0.1:${port}/cdn-cgi/handler/scheduled?cron=17+3+*+*+*'
  Ready in ${seconds(t0)}. Press Ctrl+C to stop.
${line}
`);
