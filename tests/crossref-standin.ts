// A local stand-in for Crossref's deposit API, reached by the Worker under test at http://crossref.test (miniflare's
// outbound service: tests/workers-runtime.ts). It answers as Crossref's documentation shows:
//   POST /servlet/deposit (multipart: operation=doMDUpload, login_id, login_passwd, fname) -> 200 "SUCCESS" page, or
//     401 for an unknown login, or 200 "FAILURE" for a file that is no doi_batch;
//   GET /servlet/submissionDownload?usr&pwd&doi_batch_id&type=result -> a doi_batch_diagnostic: "queued" at the first
//     poll, then "completed" with one record_diagnostic per DOI (Failure for a DOI containing "REJECT").
// Any other host is fetched as usual.

export const STANDIN_ORIGIN = "http://crossref.test";
export const STANDIN_LOGIN = { user: "standin-user", password: "standin-pass 🔑" };

const batches = new Map<string, { dois: string[]; polls: number }>();

const page = (title: string, text: string) =>
  `<html><head><title>${title}</title></head><body><h2>${title}</h2><p>${text}</p></body></html>`;

function diagnostic(batchId: string, status: string, dois: string[] = []): string {
  const records = dois.map((doi) =>
    doi.includes("REJECT")
      ? `<record_diagnostic status="Failure" msg_id="4"><doi>${doi}</doi><msg>Record not processed because submitted version: 1 is less or equal to previously submitted version (DOI match)</msg></record_diagnostic>`
      : `<record_diagnostic status="Success"><doi>${doi}</doi><msg>Successfully added</msg></record_diagnostic>`,
  );
  const failures = dois.filter((d) => d.includes("REJECT")).length;
  return `<?xml version="1.0" encoding="UTF-8"?>
<doi_batch_diagnostic status="${status}" sp="standin">
<submission_id>1400000001</submission_id><batch_id>${batchId}</batch_id>${records.join("")}
<batch_data><record_count>${dois.length}</record_count><success_count>${dois.length - failures}</success_count><warning_count>0</warning_count><failure_count>${failures}</failure_count></batch_data>
</doi_batch_diagnostic>`;
}

/**
 * Crossref's REST API reference matching (GET /works?query.bibliographic=…): the best matches with their scores, as
 * api.crossref.org answers. The stand-in matches a reference that names a year and has more than six words with a
 * DOI made from its words (score 95), and answers a low score (12) for anything else (too little to be sure of).
 */
export function worksAnswer(url: URL): Response {
  const q = url.searchParams.get("query.bibliographic") ?? "";
  const words = q.toLowerCase().match(/[a-z]+/g) ?? [];
  const good = /\b(19|20)\d\d\b/.test(q) && words.length > 6;
  const slug = words.slice(0, 4).join(".");
  const items = [{ DOI: `10.5555/standin.${slug}`, score: good ? 95 : 12 }];
  return Response.json({ status: "ok", "message-type": "work-list", message: { "total-results": items.length, items } });
}

export async function crossrefStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin !== STANDIN_ORIGIN) return fetch(request);
  if (request.method === "GET" && url.pathname === "/works") return worksAnswer(url);
  if (request.method === "POST" && url.pathname === "/servlet/deposit") {
    const form = await request.formData();
    if (form.get("login_id") !== STANDIN_LOGIN.user || form.get("login_passwd") !== STANDIN_LOGIN.password) {
      return new Response(page("Unauthorized", "Authentication failed: the username or password is wrong."), {
        status: 401,
        headers: { "Content-Type": "text/html" },
      });
    }
    const file = form.get("fname");
    const xml = file && typeof file !== "string" ? await file.text() : "";
    const batchId = /<doi_batch_id>([^<]+)<\/doi_batch_id>/.exec(xml)?.[1];
    if (form.get("operation") !== "doMDUpload" || !batchId) {
      return new Response(page("FAILURE", "The uploaded file is not a deposit."), { headers: { "Content-Type": "text/html" } });
    }
    batches.set(batchId, { dois: [...xml.matchAll(/<doi>([^<]+)<\/doi>/g)].map((m) => m[1]), polls: 0 });
    return new Response(page("SUCCESS", "Your batch submission was successfully received."), { headers: { "Content-Type": "text/html" } });
  }
  if (request.method === "GET" && url.pathname === "/servlet/submissionDownload") {
    const q = url.searchParams;
    if (q.get("usr") !== STANDIN_LOGIN.user || q.get("pwd") !== STANDIN_LOGIN.password)
      return new Response("Unauthorized", { status: 401 });
    const batchId = q.get("doi_batch_id") ?? "";
    const batch = batches.get(batchId);
    if (!batch) return new Response(diagnostic(batchId, "unknown_submission"), { headers: { "Content-Type": "text/xml" } });
    batch.polls++;
    const xml = batch.polls === 1 ? diagnostic(batchId, "queued") : diagnostic(batchId, "completed", batch.dois);
    return new Response(xml, { headers: { "Content-Type": "text/xml" } });
  }
  return new Response("Not found", { status: 404 });
}
