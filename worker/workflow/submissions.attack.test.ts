// Attacks on Submit Online (issue 13, items 5, 6 and 7): a concurrent burst over the hourly limit, one IPv6 /64
// rotating addresses, an endless chunked body, and a post from an opaque origin (Origin: null).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { createJournal, db, pdfBytes, request } from "#tests/api/fixtures";
import { submissions } from "../core/data/schema";
import { fileKeys } from "../core/files/keys";
import { SUBMISSIONS_PER_WINDOW } from "#contract/submission";
import { SUBMISSION_BODY_MAX_BYTES } from "../core/middleware/body-size";

function form(title: string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: "Dr. Burst", email: "burst@example.org", country: "India", title })) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes(title)], "paper.pdf", { type: "application/pdf" }));
  return f;
}

const submit = (host: string, body: BodyInit, headers: Record<string, string>) =>
  request(host, "/api/submissions", { method: "POST", body, headers });

const stored = async (journalId: number) =>
  db
    .select()
    .from(submissions)
    .where(and(eq(submissions.journalId, journalId)));
const storedFiles = async (journalId: number) => (await env.FILES.list({ prefix: fileKeys.submission(journalId, "") })).objects.length;

describe("attack: Submit Online", () => {
  it("a burst of 25 simultaneous posts from one address stores exactly the hourly limit", async () => {
    const j = await createJournal();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => submit(j.host, form(`Burst ${i}`), { "cf-connecting-ip": "192.0.2.77" })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUBMISSIONS_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - SUBMISSIONS_PER_WINDOW);
    expect(await stored(j.id)).toHaveLength(SUBMISSIONS_PER_WINDOW);
    // No orphan manuscripts in R2 from the refused posts.
    expect(await storedFiles(j.id)).toBe(SUBMISSIONS_PER_WINDOW);
  });

  it("rotating addresses inside one IPv6 /64 does not multiply the limit", async () => {
    const j = await createJournal();
    const statuses: number[] = [];
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW + 3; i++) {
      statuses.push(
        (await submit(j.host, form(`Rotating ${i}`), { "cf-connecting-ip": `2001:db8:abcd:12::${(i + 1).toString(16)}` })).status,
      );
    }
    expect(statuses).toEqual([...Array(SUBMISSIONS_PER_WINDOW).fill(201), 429, 429, 429]);
  });

  it("an endless chunked body is cut off after the size limit, not buffered", async () => {
    const j = await createJournal();
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Stop at 64 MiB so a server that buffers everything still ends the test.
        if (sent >= 64 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await submit(j.host, endless, { "content-type": "multipart/form-data; boundary=x", "cf-connecting-ip": "192.0.2.78" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "file_too_large" });
    // The Worker stopped reading shortly after the limit, 11 MiB: the PDF, the Word file beside it and the fields
    // (a little read-ahead is allowed).
    expect(sent).toBeLessThan(SUBMISSION_BODY_MAX_BYTES + 2 * 1024 * 1024);
    expect(await stored(j.id)).toHaveLength(0);
  });

  it("refuses a post whose Origin is null (a sandboxed frame or data: page of another site)", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form("From a sandbox"), { origin: "null", "cf-connecting-ip": "192.0.2.79" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "forbidden_origin" });
    expect(await stored(j.id)).toHaveLength(0);
  });
});
