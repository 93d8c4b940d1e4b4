// Attack (issue 25 item 8): a double-clicked Submit Online stored two rows 47 ms apart, both counted toward the
// hourly limit, and the visitor saw only the second reference. A submission carries the key its form made when it
// rendered (Idempotency-Key): one stored row and one R2 file per key, counted once, and every repeat answers the
// same reference.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createJournal, db, pdfBytes, request } from "#tests/api/fixtures";
import { submissions } from "../core/data/schema";
import { fileKeys } from "../core/files/keys";
import { SUBMISSIONS_PER_WINDOW } from "#contract/submission";

function form(title: string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: "Dr. Double", email: "double@example.org", country: "India", title })) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes(title)], "paper.pdf", { type: "application/pdf" }));
  return f;
}

const submit = (host: string, title: string, headers: Record<string, string>) =>
  request(host, "/api/submissions", { method: "POST", body: form(title), headers: { "cf-connecting-ip": "198.51.100.8", ...headers } });
const rows = (journalId: number) => db.select().from(submissions).where(eq(submissions.journalId, journalId));
const files = async (journalId: number) => (await env.FILES.list({ prefix: fileKeys.submission(journalId, "") })).objects.length;
const referenceOf = async (res: Response) => ((await res.json()) as { reference: string }).reference;

describe("attack: double-clicking Submit Online", () => {
  it("two simultaneous posts with one form key store one row and one file, and both answer its reference", async () => {
    const j = await createJournal();
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      submit(j.host, "Twice", { "Idempotency-Key": key }),
      submit(j.host, "Twice", { "Idempotency-Key": key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ra, rb] = [await referenceOf(a), await referenceOf(b)];
    expect(ra).toBe(rb);
    expect((await rows(j.id)).map((r) => r.reference)).toEqual([ra]);
    expect(await files(j.id)).toBe(1);
    // A retry later (the answer was lost) gets the same reference and stores nothing.
    const retry = await submit(j.host, "Twice", { "Idempotency-Key": key });
    expect([retry.status, await referenceOf(retry)]).toEqual([201, ra]);
    expect(await rows(j.id)).toHaveLength(1);
    expect(await files(j.id)).toBe(1);
  });

  it("counts a repeated key once toward the hourly limit, and still answers a repeat when the limit is reached", async () => {
    const j = await createJournal();
    const keys = Array.from({ length: SUBMISSIONS_PER_WINDOW }, () => crypto.randomUUID());
    const first: string[] = [];
    for (const key of keys) {
      const answers = await Promise.all([0, 1, 2].map(() => submit(j.host, `Paper ${key}`, { "Idempotency-Key": key })));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
      const refs = await Promise.all(answers.map(referenceOf));
      expect(new Set(refs).size).toBe(1);
      first.push(refs[0]);
    }
    expect(await rows(j.id)).toHaveLength(SUBMISSIONS_PER_WINDOW);
    // The limit is reached: a new submission is refused, a repeat of the last one still gets its reference.
    expect((await submit(j.host, "One more", { "Idempotency-Key": crypto.randomUUID() })).status).toBe(429);
    const repeat = await submit(j.host, "Again", { "Idempotency-Key": keys[SUBMISSIONS_PER_WINDOW - 1] });
    expect([repeat.status, await referenceOf(repeat)]).toEqual([201, first[SUBMISSIONS_PER_WINDOW - 1]]);
    expect(await rows(j.id)).toHaveLength(SUBMISSIONS_PER_WINDOW);
  });

  it("refuses a malformed key, and keys of one journal never answer for another", async () => {
    const j = await createJournal();
    for (const bad of ["short", "x".repeat(129), "has spaces in it!!", "semi;colons;are;not;allowed"]) {
      const res = await submit(j.host, "Bad key", { "Idempotency-Key": bad });
      expect([bad, res.status, await res.json()]).toEqual([bad, 400, { error: "invalid_idempotency_key" }]);
    }
    const key = crypto.randomUUID();
    const other = await createJournal();
    const here = await referenceOf(await submit(j.host, "Here", { "Idempotency-Key": key }));
    const there = await referenceOf(await submit(other.host, "There", { "Idempotency-Key": key }));
    expect(here).not.toBe(there);
    expect(await rows(other.id)).toHaveLength(1);
  });
});
