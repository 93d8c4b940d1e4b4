// The Instructions page's own reads in one D1 round trip (issue 47 item 6: "/instructions makes three queries one
// after another"): whether the journal shows its editorial figures, the sections' own fees, and whether fees are
// paid online. The figures themselves are read only when the journal shows them.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../core/env";
import { paymentSettings, sectionFees, sections, workflowSettings } from "../core/data/schema";

export interface InstructionsFacts {
  publicFigures: boolean;
  /** Sections with a fee of their own, in the sections' order. */
  sectionFees: { title: string; feeRupee: string; feeDollar: string }[];
  feesOnline: boolean;
}

export async function readInstructionsFacts(db: Db, journalId: number): Promise<InstructionsFacts> {
  const [settings, fees, payments] = await db.batch([
    db
      .select({ publicFigures: workflowSettings.publicFigures })
      .from(workflowSettings)
      .where(eq(workflowSettings.journalId, journalId))
      .limit(1),
    db
      .select({ title: sections.title, feeRupee: sectionFees.feeRupee, feeDollar: sectionFees.feeDollar })
      .from(sections)
      .innerJoin(sectionFees, eq(sectionFees.sectionId, sections.id))
      .where(eq(sections.journalId, journalId))
      .orderBy(asc(sections.seq), asc(sections.id)),
    db.select({ enabled: paymentSettings.enabled }).from(paymentSettings).where(eq(paymentSettings.journalId, journalId)).limit(1),
  ]);
  return {
    publicFigures: settings[0]?.publicFigures ?? false,
    sectionFees: fees
      .filter((f) => f.feeRupee || f.feeDollar)
      .map((f) => ({ title: f.title, feeRupee: f.feeRupee ?? "", feeDollar: f.feeDollar ?? "" })),
    feesOnline: payments[0]?.enabled ?? false,
  };
}
