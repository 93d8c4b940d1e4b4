// A journal restored as a new journal keeps its editorial workflow whole: every id the workflow's tables hold (they
// declare no foreign keys, migrations/0070) follows the renumbered rows, a signed link's subject follows by its purpose,
// and the tables keyed by the journal (workflow settings, the Crossref login) land on the new journal.
import { describe, expect, it } from "vitest";
import { createJournal, d1Of } from "#tests/api/fixtures";
import { memoryBackup, restoreAsNew } from "#tests/api/backup-fixtures";
import { inDays, staffOf, submitManuscript } from "../workflow/workflow.fixtures";

type Row = Record<string, unknown>;

describe("restoring a journal with its editorial workflow as a new journal", () => {
  it("follows every workflow reference to the restored rows; settings and the Crossref login belong to the new journal", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    await submitManuscript(j, "Mangrove carbon in the Niger delta");
    const second = await submitManuscript(j, "Arsenic in the Indus delta");
    expect(
      (await staff.post(`/manuscripts/${second.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) }))
        .status,
    ).toBe(201);
    expect((await staff.put("/workflow/settings", { senderName: "Editorial office", senderAddress: "", publicFigures: true })).status).toBe(
      200,
    );
    const d1 = d1Of(j);
    await d1
      .prepare("INSERT INTO crossref_accounts (journal_id, username, password_enc, endpoint, updated_at) VALUES (?, ?, ?, ?, ?)")
      .bind(j.id, "delta-journal", "v1:sealed", "https://test.crossref.org", new Date().toISOString())
      .run();
    await d1
      .prepare("INSERT INTO sushi_keys (journal_id, customer_name, customer_id, key_hash, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(j.id, "University Library", "lib-1", `hash-${j.id}`, new Date().toISOString())
      .run();

    // Into the same journal database, beside the original: every id is new.
    const r = await restoreAsNew(await memoryBackup(j));
    const N = r.journal!.id;
    expect(N).not.toBe(j.id);
    const rows = async (sql: string, ...params: unknown[]) =>
      (
        await d1
          .prepare(sql)
          .bind(...params)
          .all<Row>()
      ).results;

    const manuscripts = await rows("SELECT id, title FROM manuscripts WHERE journal_id = ? ORDER BY id", N);
    expect(manuscripts.map((m) => m.title)).toEqual(["Mangrove carbon in the Niger delta", "Arsenic in the Indus delta"]);
    const ids = new Set(manuscripts.map((m) => Number(m.id)));
    const reviewed = manuscripts.find((m) => m.title === "Arsenic in the Indus delta")!;
    expect(Number(reviewed.id)).not.toBe(second.id);

    const [assignment] = await rows("SELECT id, manuscript_id, reviewer_id FROM review_assignments WHERE journal_id = ?", N);
    expect(Number(assignment.manuscript_id)).toBe(Number(reviewed.id));
    const [reviewer] = await rows("SELECT id, email FROM reviewers WHERE journal_id = ?", N);
    expect({ id: Number(assignment.reviewer_id), email: reviewer.email }).toEqual({ id: Number(reviewer.id), email: "ines@rev.example" });

    // A signed link names its subject by its purpose: a reviewer's assignment, an author's manuscript.
    const links = await rows("SELECT purpose, subject_id FROM access_links WHERE journal_id = ?", N);
    expect(links.filter((l) => l.purpose === "review").map((l) => Number(l.subject_id))).toEqual([Number(assignment.id)]);
    const tracked = links.filter((l) => l.purpose === "track").map((l) => Number(l.subject_id));
    expect(tracked.length).toBeGreaterThan(0);
    for (const id of tracked) expect(ids.has(id)).toBe(true);

    for (const table of ["manuscript_files", "manuscript_events", "mail_outbox"]) {
      const named = await rows(`SELECT manuscript_id FROM ${table} WHERE journal_id = ? AND manuscript_id IS NOT NULL`, N);
      expect(named.length, table).toBeGreaterThan(0);
      for (const row of named) expect(ids.has(Number(row.manuscript_id)), `${table} names manuscript ${row.manuscript_id}`).toBe(true);
    }
    const outboxIds = new Set((await rows("SELECT id FROM mail_outbox WHERE journal_id = ?", N)).map((o) => Number(o.id)));
    for (const e of await rows("SELECT outbox_id FROM manuscript_events WHERE journal_id = ? AND outbox_id IS NOT NULL", N))
      expect(outboxIds.has(Number(e.outbox_id))).toBe(true);

    // Keyed by the journal itself: the new journal's own rows, the original's untouched.
    expect(
      await rows("SELECT journal_id, sender_name FROM workflow_settings WHERE journal_id IN (?, ?) ORDER BY journal_id", j.id, N),
    ).toEqual([
      { journal_id: j.id, sender_name: "Editorial office" },
      { journal_id: N, sender_name: "Editorial office" },
    ]);
    expect((await rows("SELECT username FROM crossref_accounts WHERE journal_id = ?", N)).map((a) => a.username)).toEqual([
      "delta-journal",
    ]);
  });
});
