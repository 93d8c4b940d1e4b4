// Editors imports as jobs (decision 0290): the CSV and a zip of pictures uploaded to R2 in parts — a zip over one
// part too — the check and the import as Workflow jobs with their counts and report, the same file imported twice
// creating nothing new, and the console doing the same for any journal.
import { strToU8, zipSync } from "fflate";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "#tests/api/auth-fixtures";
import { getJson, journalDb, request } from "#tests/api/fixtures";
import type { TransferJob, TransferJobDetail } from "#contract/transfer";
import { adminEvents, editors } from "../core/data/schema";
import { sameJournal } from "./transfer-fixtures.testing";
import { consoleCall, consoleJournal, createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";

const PART = 5 * 1024 * 1024;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
/** Twelve editors (past the progress step of ten), one refused, one a duplicate of an earlier row. */
const CSV = [
  "name,degree,post,content,picture,category,status,email",
  'Dr. Asha Verma,PhD,Professor,"University of Pune, India",asha.png,Chief Editor,enabled,asha@example.org',
  ...Array.from({ length: 10 }, (_, i) => `Editor Number ${i + 1},PhD,Lecturer,College ${i + 1},,associate editor,,e${i + 1}@example.org`),
  "Nobody Special,,Dean,Somewhere,,assistant editor,,",
  "Dr. Asha Verma,PhD,Professor,Pune,,chief editor,,ASHA@example.org",
].join("\n");

/** Incompressible bytes: a zip of pictures larger than one upload part (two parts), as a real board's can be. */
function noise(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = 11;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
const PICTURES = zipSync({ "board/Asha.PNG": PNG, "scans/archive.bin": [noise(PART + 200_000), { level: 0 }] });

/** Uploads `bytes` through a mount of the transfer routes in 5 MiB parts, as the pages do. */
async function upload(host: string, base: string, token: string, bytes: Uint8Array): Promise<string> {
  const started = await getJson<{ token: string; uploadId: string }>(host, `${base}/uploads`, { method: "POST", headers: bearer(token) });
  expect(started.status).toBe(201);
  const { token: t, uploadId } = started.body;
  const parts = [];
  for (let at = 0, n = 1; at < bytes.length; at += PART, n++) {
    const chunk = bytes.slice(at, at + PART);
    const res = await getJson(host, `${base}/uploads/${t}/parts/${n}?uploadId=${encodeURIComponent(uploadId)}`, {
      method: "PUT",
      headers: { ...bearer(token), "Content-Length": String(chunk.length) },
      body: chunk,
    });
    parts.push(res.body);
  }
  const done = await getJson(host, `${base}/uploads/${t}/complete`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ uploadId, parts }),
  });
  expect(done.body.size).toBe(bytes.length);
  return t;
}

async function post<T>(host: string, path: string, token: string, body?: unknown) {
  return getJson<T & { error?: string }>(host, path, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function finished(host: string, base: string, token: string, id: string): Promise<TransferJobDetail> {
  for (let i = 0; i < 300; i++) {
    const { body } = await getJson<TransferJobDetail>(host, `${base}/jobs/${id}`, { headers: bearer(token) });
    if (body.job.status === "done" || body.job.status === "failed") return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the job did not finish");
}

const ADMIN = "/api/admin/transfer";

describe("editors imports as jobs", () => {
  it("uploads in parts, checks as a job, imports the checked files, and a second import creates nothing", async () => {
    const j = await sameJournal("Editors Jobs Journal");
    const csv = await upload(j.host, ADMIN, j.token, strToU8(CSV));
    const pictures = await upload(j.host, ADMIN, j.token, PICTURES);

    const check = await post<{ job: TransferJob }>(j.host, `${ADMIN}/jobs`, j.token, {
      kind: "editors",
      source: csv,
      pictures,
      name: "board.csv",
      dryRun: true,
    });
    expect(check.status).toBe(202);
    expect(check.body.job).toMatchObject({ kind: "editors", status: "queued", dryRun: true, sourceName: "board.csv" });
    const checked = await finished(j.host, ADMIN, j.token, check.body.job.id);
    expect(checked.job.status, checked.job.error).toBe("done");
    expect(checked.report).toBeNull();
    expect(checked.editors!.counts).toEqual({ editors: 13, create: 11, skip: 2, pictures: 1 });
    expect(checked.job.counts).toEqual(checked.editors!.counts);
    expect(checked.editors!.source).toBe("Editors CSV board.csv");
    expect(checked.editors!.items[0]).toMatchObject({ line: 2, action: "create", picture: expect.stringMatching(/^asha\.png/) });
    expect(checked.editors!.items[11]).toMatchObject({ line: 13, action: "skip", reasons: [{ code: "invalid_post" }] });
    expect(checked.editors!.items[12].reasons).toEqual([{ code: "duplicate_editor", message: "Already in this file (row 2)." }]);
    const its = await journalDb(j.id);
    expect(await its.select().from(editors).where(eq(editors.journalId, j.id))).toEqual([]);

    // A reader has the board page (the edge caches it under the journal's content version)...
    expect(await (await request(j.host, "/board")).text()).not.toContain("Asha Verma");

    // "Import" runs the checked files again, for real, as a new job.
    const real = await post<{ job: TransferJob }>(j.host, `${ADMIN}/jobs/${check.body.job.id}/import`, j.token);
    expect(real.status).toBe(202);
    expect(real.body.job).toMatchObject({ kind: "editors", dryRun: false });
    const imported = await finished(j.host, ADMIN, j.token, real.body.job.id);
    expect(imported.editors!.counts).toEqual({ editors: 13, create: 11, skip: 2, pictures: 1 });
    const rows = await its.select().from(editors).where(eq(editors.journalId, j.id));
    expect(rows).toHaveLength(11);
    const asha = rows.find((r) => r.name === "Dr. Asha Verma")!;
    const picture = await request(j.host, `/api/admin/editors/${asha.id}/picture`, { headers: bearer(j.token) });
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);
    const events = await its.select().from(adminEvents).where(eq(adminEvents.journalId, j.id));
    expect(events.filter((e) => e.action === "editor.import")).toHaveLength(11);
    // ...and sees the imported editors as soon as the job is done, not when the cached page ages out.
    expect(await (await request(j.host, "/board")).text()).toContain("Dr. Asha Verma");

    // The same files imported again: every row is already there.
    const again = await post<{ job: TransferJob }>(j.host, `${ADMIN}/jobs`, j.token, {
      kind: "editors",
      source: csv,
      pictures,
      name: "board.csv",
      dryRun: false,
    });
    const twice = await finished(j.host, ADMIN, j.token, again.body.job.id);
    expect(twice.editors!.counts).toMatchObject({ create: 0, skip: 13 });
    expect(await its.select().from(editors).where(eq(editors.journalId, j.id))).toHaveLength(11);

    const list = await getJson<TransferJob[]>(j.host, `${ADMIN}/jobs`, { headers: bearer(j.token) });
    expect(list.body.map((x) => [x.kind, x.dryRun])).toEqual([
      ["editors", false],
      ["editors", false],
      ["editors", true],
    ]);
  });

  it("a file that is not an editors CSV fails with its reason; a zip of PDFs is not taken for pictures", async () => {
    const j = await sameJournal("Editors Jobs Refusals");
    const source = await upload(j.host, ADMIN, j.token, strToU8("title,authorname\nx,y\n"));
    const job = await post<{ job: TransferJob }>(j.host, `${ADMIN}/jobs`, j.token, { kind: "editors", source, name: "articles.csv" });
    const done = await finished(j.host, ADMIN, j.token, job.body.job.id);
    expect(done.job.status).toBe("failed");
    expect(done.job.error).toBe("The first row must name the columns (at least name and category; see the column list). (row 1)");
    const mixed = await post(j.host, `${ADMIN}/jobs`, j.token, { kind: "editors", source, pdfs: source });
    expect([mixed.status, mixed.body.error]).toEqual([400, "invalid_input"]);
    expect((await post(j.host, `${ADMIN}/jobs`, j.token, { kind: "editors", source, pictures: crypto.randomUUID() })).status).toBe(404);
  });

  it("the console imports a journal's editors as a job, and the trail names the operator", async () => {
    const op = await createOperator();
    const journal = await consoleJournal(op);
    const base = `/api/platform/journals/${journal.id}/transfer`;
    const csv = await upload(PLATFORM_HOST, base, op.token, strToU8(CSV));
    const job = await consoleCall<{ job: TransferJob }>(op.token, "POST", `/journals/${journal.id}/transfer/jobs`, {
      kind: "editors",
      source: csv,
      name: "board.csv",
      dryRun: false,
    });
    expect(job.status).toBe(202);
    const done = await finished(PLATFORM_HOST, base, op.token, job.body.job.id);
    expect(done.job).toMatchObject({ status: "done", createdBy: `operator ${op.username}` });
    expect(done.editors!.counts).toEqual({ editors: 13, create: 11, skip: 2, pictures: 0 });
    expect(done.editors!.items[0].warnings).toEqual(["No zip of pictures was given: asha.png is not added."]);
    const its = await journalDb(journal.id);
    const events = await its.select().from(adminEvents).where(eq(adminEvents.journalId, journal.id));
    expect(events.filter((e) => e.action === "editor.import").map((e) => e.adminUsername)).toEqual(
      Array(11).fill(`operator ${op.username}`),
    );
  });
});
