// The Workers runtime for vitest (API tests and benchmarks): workerd with the real local D1 and R2 bindings
// from wrangler.toml, the real migrations (applied by tests/api/apply-migrations.ts), a test-only secret and, for the
// `npm run test:documents` tier (`fileChecks`), the independent file checkers (tests/file-checkers.ts).
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileCheck, fileCheckRefused } from "./file-checkers.ts";
import { crossrefStandIn } from "./crossref-standin.ts";
import { CLOUDFLARE_STANDIN_ORIGIN, cloudflareApiStandIn } from "./cloudflare-api-standin.ts";
import { DOH_STANDIN_ORIGIN, dnsOverHttpsStandIn } from "./dns-over-https-standin.ts";
import { TEST_ORIGINS, testStandIns } from "./payment-standins.ts";

export const workersRuntime = (opts: { nodeEnv?: string; fileChecks?: boolean } = {}) =>
  cloudflareTest(async () => ({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      bindings: {
        TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        JWT_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
        // Key 2 signs, key 1 is the rotated-out key that still verifies (worker/verification/verify.test.ts).
        CERTIFICATE_KEYS: `2:${"test-certificate-key-two-".padEnd(40, "2")},1:${"test-certificate-key-one-".padEnd(40, "1")}`,
        // Signs journal backups downloaded from the console (docs/decisions/0182).
        BACKUP_SIGNING_KEY: "test-backup-signing-key-".padEnd(48, "b"),
        // How many random articles worker/documents/fuzz.test.ts renders (the 500 take ~7 minutes).
        FUZZ_ARTICLES: process.env.FUZZ_ARTICLES ?? "40",
        // The payment gateways' stand-ins (tests/payment-standins.ts), by configuration as in production.
        RAZORPAY_API_BASE: TEST_ORIGINS.razorpay,
        STRIPE_API_BASE: TEST_ORIGINS.stripe,
        // Crossref's reference matching: the stand-in (tests/crossref-standin.ts).
        CROSSREF_MATCHING_API: "http://crossref.test",
        // DNS over HTTPS for the mail domains' records: the stand-in (tests/dns-over-https-standin.ts).
        DNS_OVER_HTTPS: `${DOH_STANDIN_ORIGIN}/dns-query`,
        // process.env.NODE_ENV inside workerd (nodejs_compat populates process.env from bindings): React picks its
        // production or development build by it.
        ...(opts.nodeEnv ? { NODE_ENV: opts.nodeEnv } : {}),
      },
      // A second, empty deployment's databases and bucket: a whole-platform backup is restored into them
      // (worker/platform/backup-platform.test.ts, docs/decisions/0285). Named apart, so no code takes them for its own.
      d1Databases: {
        RESTORED_DB: "restored-platform",
        RESTORED_JOURNALS_1: "restored-journals-1",
        RESTORED_JOURNALS_2: "restored-journals-2",
        RESTORED_JOURNALS_3: "restored-journals-3",
      },
      r2Buckets: { RESTORED_FILES: "restored-files" },
      // qpdf, poppler, zip readers, xmllint, bibtool... run in Node for tests inside workerd (tests/file-checkers.ts);
      // without `fileChecks` (npm test: Node alone) the binding answers that the test belongs in *.tools.test.ts.
      serviceBindings: { FILE_CHECK: opts.fileChecks ? fileCheck : fileCheckRefused },
      // The Worker's own outbound fetches: http://crossref.test is a stand-in for Crossref's deposit API
      // (tests/crossref-standin.ts), http://razorpay.test and http://stripe.test the gateways' (tests/payment-standins.ts),
      // http://cloudflare-api.test Cloudflare's API (tests/cloudflare-api-standin.ts), http://dns.test its DNS over HTTPS
      // (tests/dns-over-https-standin.ts); anything else goes out as usual.
      outboundService: (request: Request) => {
        const origin = new URL(request.url).origin;
        if (origin === CLOUDFLARE_STANDIN_ORIGIN) return cloudflareApiStandIn(request);
        if (origin === DOH_STANDIN_ORIGIN) return dnsOverHttpsStandIn(request);
        return origin === TEST_ORIGINS.razorpay || origin === TEST_ORIGINS.stripe ? testStandIns.handle(request) : crossrefStandIn(request);
      },
    },
  }));
