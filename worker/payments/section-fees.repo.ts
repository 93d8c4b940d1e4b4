// D1 reads and writes of per-section fees (issue 49 item 1; migrations/0240, docs/decisions/0331): a section's own
// INR / USD fee, and the section a manuscript is filed under, which decides the invoice's fee.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../core/env";
import { manuscripts, sectionFees, sections } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import type { SectionFee, SectionFeeInput } from "#contract/payments";

/** Every section of the journal in its order, with its own fees ("" where it charges the journal's). */
export async function sectionFeesOf(db: Db, journalId: number): Promise<SectionFee[]> {
  const rows = await db
    .select({ sectionId: sections.id, title: sections.title, feeRupee: sectionFees.feeRupee, feeDollar: sectionFees.feeDollar })
    .from(sections)
    .leftJoin(sectionFees, eq(sectionFees.sectionId, sections.id))
    .where(eq(sections.journalId, journalId))
    .orderBy(asc(sections.seq), asc(sections.id));
  return rows.map((r) => ({ sectionId: r.sectionId, title: r.title, feeRupee: r.feeRupee ?? "", feeDollar: r.feeDollar ?? "" }));
}

/** The fees of one section of the journal; undefined when it has none of its own (or is another journal's). */
export async function sectionFeeOf(db: Db, journalId: number, sectionId: number | null | undefined) {
  if (!sectionId) return undefined;
  const [row] = await db
    .select()
    .from(sectionFees)
    .where(and(eq(sectionFees.journalId, journalId), eq(sectionFees.sectionId, sectionId)))
    .limit(1);
  return row;
}

/** Whether every id names a section of this journal. */
export async function sectionsBelong(db: Db, journalId: number, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < unique.length; i += 90) {
    const chunk = unique.slice(i, i + 90);
    const found = await db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.journalId, journalId), inArray(sections.id, chunk)));
    if (found.length !== chunk.length) return false;
  }
  return true;
}

/**
 * Replaces the journal's section fees with `list` in one batch: a section with both fees empty charges the
 * journal's fee and keeps no row. The caller has checked that every section is the journal's.
 */
export async function saveSectionFees(db: Db, journalId: number, list: SectionFeeInput[]): Promise<void> {
  const updatedAt = nowIso();
  const kept = list.filter((f) => f.feeRupee || f.feeDollar);
  await db.batch([
    db.delete(sectionFees).where(eq(sectionFees.journalId, journalId)),
    ...kept.map((f) =>
      db.insert(sectionFees).values({ journalId, sectionId: f.sectionId, feeRupee: f.feeRupee, feeDollar: f.feeDollar, updatedAt }),
    ),
  ] as unknown as Parameters<Db["batch"]>[0]);
}

/** Files the manuscript under a section of its journal (null: none); false when no such manuscript. */
export async function setManuscriptSection(db: Db, journalId: number, manuscriptId: number, sectionId: number | null): Promise<boolean> {
  const rows = await db
    .update(manuscripts)
    .set({ sectionId, updatedAt: nowIso() })
    .where(and(eq(manuscripts.journalId, journalId), eq(manuscripts.id, manuscriptId)))
    .returning({ id: manuscripts.id });
  return rows.length > 0;
}
