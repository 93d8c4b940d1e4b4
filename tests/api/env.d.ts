declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** tests/file-checkers.ts: POST /qpdf-check, /qpdf-json, /unzip-test, /python-zip, /java-zip. */
    FILE_CHECK: Fetcher;
    FUZZ_ARTICLES: string;
  }
}
