// The database, not a prior check, has the last word on duplicates: a racing insert that passed every check
// still fails on the UNIQUE constraints, and the failure names the right field.
import { describe, expect, it } from "vitest";
import { createJournal, db } from "#tests/api/fixtures";
import { articleColumnsOf } from "#contract/admin";
import { articleAddSchema } from "#contract/article-form";
import { insertArticle, updateArticle, type ArticleValues } from "./articles.repo";

/** An article's columns as a checked add form writes them (fields it leaves out take their defaults). */
const base = (n: string): ArticleValues => ({
  ...articleColumnsOf(
    articleAddSchema.parse({
      refnumber: `R-${n}`,
      title: `Title <i>${n}</i>`,
      authorname: "A",
      abstract: "x",
      year: 2024,
      volume: 1,
      issue: 1,
      pagenumber: "1-2",
      txnid: `TXN-${n}`,
      ptype: "paid",
      publishdate: "2024-01-01",
      email: "a@example.org",
    }),
    "",
  ),
  file: "",
});
const meta = { status: "enabled", createdby: "t" };

describe("articles UNIQUE constraints", () => {
  it("maps each constraint failure to its error code", async () => {
    const j = await createJournal();
    expect((await insertArticle(db, j.id, { ...base("1"), ...meta })).ok).toBe(true);
    expect(await insertArticle(db, j.id, { ...base("2"), refnumber: "R-1", ...meta })).toEqual({
      ok: false,
      conflict: "duplicate_reference_number",
    });
    expect(await insertArticle(db, j.id, { ...base("2"), title: "Title <i>1</i>", ...meta })).toEqual({
      ok: false,
      conflict: "duplicate_title",
    });
    // Same words with other markup and case: the plain-text index (migration 0002) refuses it.
    expect(await insertArticle(db, j.id, { ...base("2"), title: "TITLE <b>1</b>", ...meta })).toEqual({
      ok: false,
      conflict: "duplicate_title",
    });
    expect(await insertArticle(db, j.id, { ...base("2"), txnid: "TXN-1", ...meta })).toEqual({ ok: false, conflict: "duplicate_txnid" });
    const second = await insertArticle(db, j.id, { ...base("2"), ...meta });
    expect(second.ok).toBe(true);
    const id = second.ok ? second.row.id : 0;
    const stamp = second.ok ? second.row.modification : "";
    expect(await updateArticle(db, j.id, id, stamp, { ...base("2"), refnumber: "R-1", modifiedby: "t" })).toEqual({
      ok: false,
      conflict: "duplicate_reference_number",
    });
    // A save based on an older stamp changes nothing and says so.
    expect(await updateArticle(db, j.id, id, "2000-01-01T00:00:00.000Z", { ...base("2"), title: "Changed", modifiedby: "t" })).toEqual({
      ok: false,
      conflict: "stale_edit",
    });
    expect(await updateArticle(db, j.id, 999999, stamp, { ...base("2"), modifiedby: "t" })).toEqual({ ok: false, conflict: "not_found" });
    // DOIs are unique per journal whatever their letter case (migration 0005); empty DOIs never clash.
    // A transaction id another article has is refused on add only (SPEC §8): an edit may share it (issue 26).
    const shared = await updateArticle(db, j.id, id, stamp, { ...base("2"), txnid: "TXN-1", modifiedby: "t" });
    expect(shared.ok && shared.row.txnid).toBe("TXN-1");
    const stamp2 = shared.ok ? shared.row.modification : "";
    expect((await updateArticle(db, j.id, id, stamp2, { ...base("2"), txnid: "TXN-1", doi: "10.1234/ABC.1", modifiedby: "t" }))?.ok).toBe(
      true,
    );
    // ...and a later add still cannot use it, nor the id article 2 was added with.
    expect(await insertArticle(db, j.id, { ...base("4"), txnid: "TXN-1", ...meta })).toEqual({ ok: false, conflict: "duplicate_txnid" });
    expect(await insertArticle(db, j.id, { ...base("4"), txnid: "TXN-2", ...meta })).toEqual({ ok: false, conflict: "duplicate_txnid" });
    expect(await insertArticle(db, j.id, { ...base("3"), doi: "10.1234/abc.1", ...meta })).toEqual({
      ok: false,
      conflict: "duplicate_doi",
    });
    expect((await insertArticle(db, j.id, { ...base("3"), ...meta })).ok).toBe(true);
    // Another journal may use the same values.
    const other = await createJournal();
    expect((await insertArticle(db, other.id, { ...base("1"), ...meta })).ok).toBe(true);
  });
});
