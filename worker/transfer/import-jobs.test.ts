// Imports as jobs: the file uploaded to R2 in parts, a Workflow instance that reads it (dry run, then the import),
// its progress and report from the job, and a file that cannot be read ending as a failed job with the reason.
import { describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { createJournal, getJson, request } from "#tests/api/fixtures";
import ojs33 from "../../tests/fixtures/ojs/ojs-3.3-testissue.xml?raw";
import type { TransferJob, TransferJobDetail } from "#contract/transfer";
import { consoleCall, consoleJournal, createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";

const PART = 5 * 1024 * 1024;

/** Uploads `bytes` the way the admin page does: a multipart upload in parts of 5 MiB (R2's smallest but the last). */
async function upload(host: string, token: string, bytes: Uint8Array): Promise<string> {
  const started = await getJson<{ token: string; uploadId: string }>(host, "/api/admin/transfer/uploads", {
    method: "POST",
    headers: bearer(token),
  });
  expect(started.status).toBe(201);
  const { token: t, uploadId } = started.body;
  const parts = [];
  for (let at = 0, n = 1; at < bytes.length; at += PART, n++) {
    const chunk = bytes.slice(at, at + PART);
    const res = await getJson<{ partNumber: number; etag: string }>(
      host,
      `/api/admin/transfer/uploads/${t}/parts/${n}?uploadId=${encodeURIComponent(uploadId)}`,
      {
        method: "PUT",
        headers: { ...bearer(token), "Content-Length": String(chunk.length) },
        body: chunk,
      },
    );
    expect(res.status).toBe(200);
    parts.push(res.body);
  }
  const done = await getJson(host, `/api/admin/transfer/uploads/${t}/complete`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ uploadId, parts }),
  });
  expect(done.status).toBe(200);
  expect(done.body.size).toBe(bytes.length);
  return t;
}

async function startJob(host: string, token: string, body: Record<string, unknown>) {
  return getJson<{ job: TransferJob; error?: string }>(host, "/api/admin/transfer/jobs", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function finished(host: string, token: string, id: string): Promise<TransferJobDetail> {
  for (let i = 0; i < 200; i++) {
    const { body } = await getJson<TransferJobDetail>(host, `/api/admin/transfer/jobs/${id}`, { headers: bearer(token) });
    if (body.job.status === "done" || body.job.status === "failed") return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the job did not finish");
}

describe("import jobs", () => {
  it("a file over one part (multipart upload), its dry run and its import as Workflow jobs", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    // Padded with white space between elements so the upload takes two parts.
    const padded = ojs33.replace("<sections>", `${" ".repeat(PART)}<sections>`);
    const source = await upload(j.host, token, new TextEncoder().encode(padded));

    const dry = await startJob(j.host, token, { source, name: "testissue.xml", ref: "id:JOB-", dryRun: true });
    expect(dry.status).toBe(202);
    expect(dry.body.job).toMatchObject({ status: "queued", dryRun: true, sourceName: "testissue.xml" });
    const dryDone = await finished(j.host, token, dry.body.job.id);
    expect(dryDone.job.status, dryDone.job.error).toBe("done");
    expect(dryDone.job.counts).toMatchObject({ articles: 2, create: 2 });
    expect(dryDone.report!.items.map((i) => i.refnumber)).toEqual(["JOB-17", "JOB-1"]);
    expect(dryDone.report!.items[0].line).toBe(21);
    expect((await getJson(j.host, "/api/archives/")).body).toEqual([]);

    const real = await startJob(j.host, token, { source, name: "testissue.xml", ref: "id:JOB-", dryRun: false });
    const realDone = await finished(j.host, token, real.body.job.id);
    expect(realDone.job.counts).toMatchObject({ create: 2, pdfs: 2 });
    const issue = await getJson<{ articles: { refnumber: string }[] }>(j.host, "/api/archives/2014/1/2");
    expect(issue.body.articles.map((a) => a.refnumber).sort()).toEqual(["JOB-1", "JOB-17"]);

    const list = await getJson<TransferJob[]>(j.host, "/api/admin/transfer/jobs", { headers: bearer(token) });
    expect(list.body.map((x) => x.id)).toEqual([real.body.job.id, dry.body.job.id]);
  });

  it("a file that cannot be read fails with its reason; bad requests are refused", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const source = await upload(j.host, token, new TextEncoder().encode('<?xml version="1.0"?>\n<issues>\n<issue>\n</issues>'));
    const job = await startJob(j.host, token, { source, name: "broken.xml", dryRun: true });
    const done = await finished(j.host, token, job.body.job.id);
    expect(done.job.status).toBe("failed");
    expect(done.job.error).toMatch(/^Not well-formed XML: .*\(line 4\)$/);
    expect(done.report).toBeNull();

    expect((await startJob(j.host, token, { source, ref: "pattern:no-token" })).body.error).toBe("invalid_ref_rule");
    expect((await startJob(j.host, token, { source: crypto.randomUUID() })).status).toBe(404);
    const other = await createJournal();
    const otherToken = await adminToken(other);
    // Another journal's upload and job are not found from here.
    expect((await startJob(other.host, otherToken, { source })).status).toBe(404);
    expect((await getJson(other.host, `/api/admin/transfer/jobs/${job.body.job.id}`, { headers: bearer(otherToken) })).status).toBe(404);
  });

  it("the console imports into any journal with the same calls, and shows that journal's jobs", async () => {
    const op = await createOperator();
    const journal = await consoleJournal(op);
    const base = `/journals/${journal.id}/transfer`;
    const started = await consoleCall<{ token: string; uploadId: string }>(op.token, "POST", `${base}/uploads`);
    expect(started.status).toBe(201);
    const bytes = new TextEncoder().encode(ojs33);
    const part = await getJson<{ partNumber: number; etag: string }>(
      PLATFORM_HOST,
      `/api/platform${base}/uploads/${started.body.token}/parts/1?uploadId=${encodeURIComponent(started.body.uploadId)}`,
      { method: "PUT", headers: { Authorization: `Bearer ${op.token}`, "Content-Length": String(bytes.length) }, body: bytes },
    );
    await consoleCall(op.token, "POST", `${base}/uploads/${started.body.token}/complete`, {
      uploadId: started.body.uploadId,
      parts: [part.body],
    });
    const job = await consoleCall<{ job: TransferJob }>(op.token, "POST", `${base}/jobs`, {
      source: started.body.token,
      name: "testissue.xml",
      ref: "id:OPS-",
      dryRun: false,
    });
    expect(job.status).toBe(202);
    let detail: TransferJobDetail | null = null;
    for (let i = 0; i < 200 && !(detail && ["done", "failed"].includes(detail.job.status)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = (await consoleCall<TransferJobDetail>(op.token, "GET", `${base}/jobs/${job.body.job.id}`)).body;
    }
    expect(detail!.job).toMatchObject({ status: "done", createdBy: `operator ${op.username}`, counts: { create: 2 } });
    const issue = await getJson<{ articles: { refnumber: string }[] }>(journal.host, "/api/archives/2014/1/2");
    expect(issue.body.articles.map((a) => a.refnumber).sort()).toEqual(["OPS-1", "OPS-17"]);
    // The journal's own admins see the job too; an anonymous caller sees nothing.
    const admin = await adminToken({ id: journal.id, host: journal.host });
    const listed = await getJson<TransferJob[]>(journal.host, "/api/admin/transfer/jobs", { headers: bearer(admin) });
    expect(listed.body.map((j) => j.id)).toEqual([job.body.job.id]);
    expect((await consoleCall(null, "GET", `${base}/jobs`)).status).toBe(401);
    const xml = await request(PLATFORM_HOST, `/api/platform${base}/export`, { headers: { Authorization: `Bearer ${op.token}` } });
    expect(await xml.text()).toContain("OPS-17");
  });
});
