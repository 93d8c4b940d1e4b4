// Fees per section (issue 49 item 1): staff set a section's own INR / USD fee, file a manuscript under a section,
// and the invoice charges that section's fee (else the journal's); the Instructions page lists the section fees.
import { describe, expect, it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";
import { staffOf, submitManuscript, type Staff } from "../workflow/workflow.fixtures";
import { accept, payingJournal } from "./payments.fixtures";

async function addSection(staff: Staff, title: string): Promise<number> {
  const res = await staff.post("/sections", { title });
  expect(res.status).toBeLessThan(300);
  const list = (await staff.get("/sections")).body as { id: number; title: string }[];
  return list.find((s) => s.title === title)!.id;
}

const settingsWith = async (staff: Staff, sectionFees: unknown) => {
  const current = (await staff.get("/payments/settings")).body;
  return staff.put("/payments/settings", {
    enabled: current.enabled,
    dueOn: current.dueOn,
    dueDays: current.dueDays,
    bankDetails: current.bankDetails,
    razorpayKeyId: current.razorpayKeyId,
    sectionFees,
  });
};

describe("fees per section", () => {
  it("a manuscript filed under a section is invoiced that section's fee; others the journal's", async () => {
    const { j, staff } = await payingJournal();
    const reviews = await addSection(staff, "Review Articles");
    const notes = await addSection(staff, "Short Notes");
    const saved = await settingsWith(staff, [
      { sectionId: reviews, feeRupee: "4000", feeDollar: "95.50" },
      { sectionId: notes, feeRupee: "", feeDollar: "" },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.sectionFees).toEqual([
      { sectionId: reviews, title: "Review Articles", feeRupee: "4000", feeDollar: "95.50" },
      { sectionId: notes, title: "Short Notes", feeRupee: "", feeDollar: "" },
    ]);
    // The secrets stored before were kept (an empty secret keeps the stored one).
    expect(saved.body.has.razorpayKeySecret).toBe(true);

    const india = await submitManuscript(j, "A review from India", { country: "India", email: "a1@example.org" });
    const usa = await submitManuscript(j, "A review from Lagos", { country: "Nigeria", email: "a2@example.org" });
    const plain = await submitManuscript(j, "A note, journal's fee", { country: "India", email: "a3@example.org" });
    for (const [m, sectionId] of [
      [india, reviews],
      [usa, reviews],
      [plain, notes],
    ] as const) {
      const put = await staff.put(`/payments/manuscripts/${m.id}/section`, { sectionId });
      expect(put.status).toBe(200);
    }
    expect((await staff.get(`/payments/manuscripts/${india.id}`)).body.sectionId).toBe(reviews);
    for (const m of [india, usa, plain]) await accept(staff, m.id);
    const invoiceOf = async (id: number) => (await staff.get(`/payments/manuscripts/${id}`)).body.invoice;
    expect(await invoiceOf(india.id)).toMatchObject({ amount: 4000, currency: "INR" });
    expect(await invoiceOf(usa.id)).toMatchObject({ amount: 95.5, currency: "USD" });
    // A section without a fee of its own charges the journal's (INR 2,500).
    expect(await invoiceOf(plain.id)).toMatchObject({ amount: 2500, currency: "INR" });
  });

  it("a section's fee in one currency only: the other currency charges the journal's fee", async () => {
    const { j, staff } = await payingJournal();
    const s = await addSection(staff, "Case Reports");
    expect((await settingsWith(staff, [{ sectionId: s, feeRupee: "1200", feeDollar: "" }])).status).toBe(200);
    const m = await submitManuscript(j, "A case from Addis Ababa", { country: "Ethiopia" });
    await staff.put(`/payments/manuscripts/${m.id}/section`, { sectionId: s });
    await accept(staff, m.id);
    expect((await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice).toMatchObject({ amount: 60, currency: "USD" });
  });

  it("refuses a fee that is no amount, another journal's section, and a manuscript of another journal", async () => {
    const { staff } = await payingJournal();
    const s = await addSection(staff, "Letters");
    const bad = await settingsWith(staff, [{ sectionId: s, feeRupee: "a lot", feeDollar: "" }]);
    expect(bad).toMatchObject({ status: 400, body: { error: "invalid_fee" } });

    const other = await createJournal({ fee_rupee: "100", fee_dollar: "5" });
    const otherStaff = await staffOf(other);
    const foreign = await addSection(otherStaff, "Foreign section");
    expect(await settingsWith(staff, [{ sectionId: foreign, feeRupee: "1", feeDollar: "" }])).toMatchObject({
      status: 400,
      body: { error: "invalid_section" },
    });
    // Nothing was stored by either refusal.
    expect((await staff.get("/payments/settings")).body.sectionFees).toEqual([
      { sectionId: s, title: "Letters", feeRupee: "", feeDollar: "" },
    ]);
    // Another journal's section, or another journal's manuscript: refused, nothing changes.
    const otherM = await submitManuscript(other, "Elsewhere", { country: "India" });
    expect((await staff.put(`/payments/manuscripts/${otherM.id}/section`, { sectionId: s })).status).toBe(404);
    expect((await otherStaff.put(`/payments/manuscripts/${otherM.id}/section`, { sectionId: s })).body).toEqual({
      error: "invalid_section",
    });
    expect((await otherStaff.get(`/payments/manuscripts/${otherM.id}`)).body.sectionId).toBeNull();
  });

  it("the Instructions page shows each section's fee and that the fee is paid online with waivers", async () => {
    const { j, staff } = await payingJournal();
    const s = await addSection(staff, "Review Articles");
    await addSection(staff, "Research Articles");
    await settingsWith(staff, [{ sectionId: s, feeRupee: "4000", feeDollar: "" }]);
    const html = await (await request(j.host, "/instructions")).text();
    const table = /<table[^>]*data-testid="section-fees"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(table).toContain("Review Articles");
    expect(table).toContain("₹4,000");
    // USD falls back to the journal's $60; a section without its own fee is not listed.
    expect(table).toContain("$60");
    expect(table).not.toContain("Research Articles");
    expect(html).toContain('data-testid="fee-online"');
    expect(html).toMatch(/ask for a waiver/);
  });
});
