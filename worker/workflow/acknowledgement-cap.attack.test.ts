// The journal's address aimed at a stranger (issue 46, docs/decisions/0301): Submit Online acknowledges whatever
// address is typed. Each IP may store 5 an hour; one recipient gets at most ACKNOWLEDGEMENTS_PER_ADDRESS
// acknowledgements a day from one journal, however many networks send them. The submissions are still stored.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createJournal, dbOf, pdfBytes, request, type TestJournal } from "#tests/api/fixtures";
import { mailOutbox, manuscriptEvents, manuscripts } from "../core/data/schema";
import { ACKNOWLEDGEMENTS_PER_ADDRESS } from "#contract/submission";
import { drained, staffOf } from "./workflow.fixtures";
import { ACKNOWLEDGEMENT_CAPPED } from "./workflow";

const VICTIM = "Victim@Target.example";

async function submitAs(j: TestJournal, ip: string, email: string, title: string) {
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: "Someone", email, title })) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes(title)], "paper.pdf", { type: "application/pdf" }));
  const res = await request(j.host, "/api/submissions", { method: "POST", body: f, headers: { "cf-connecting-ip": ip } });
  expect(res.status, title).toBe(201);
}

/** Waits until the queue consumer has dealt with every manuscript: acknowledged or marked as capped. */
async function settled(j: TestJournal, expected: number) {
  const db = dbOf(j);
  for (let i = 0; i < 150; i++) {
    const ms = await db.select().from(manuscripts).where(eq(manuscripts.journalId, j.id));
    const done = await db
      .select({ manuscriptId: manuscriptEvents.manuscriptId })
      .from(manuscriptEvents)
      .where(and(eq(manuscriptEvents.journalId, j.id), eq(manuscriptEvents.actor, "system")));
    if (ms.length === expected && new Set(done.map((d) => d.manuscriptId)).size === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the queue did not start every manuscript");
}

describe("attack: Submit Online aimed at one address from several networks", () => {
  it(`three IPs cannot send one victim more than ${ACKNOWLEDGEMENTS_PER_ADDRESS} acknowledgements; others are still acknowledged`, async () => {
    const j = await createJournal();
    const ips = ["192.0.2.11", "198.51.100.12", "203.0.113.13"];
    let n = 0;
    // Each IP stays within its own hourly limit (5): three each, nine for the victim, in several spellings.
    for (const ip of ips)
      for (let k = 0; k < 3; k++) await submitAs(j, ip, n % 2 ? VICTIM.toLowerCase() : VICTIM, `Spam ${n++} with the sender's chosen text`);
    await submitAs(j, ips[0], "genuine.author@uni.example", "A genuine manuscript");
    await settled(j, 10);
    await drained(j.id);

    const out = await dbOf(j).select().from(mailOutbox).where(eq(mailOutbox.journalId, j.id));
    const acks = out.filter((m) => m.kind === "acknowledgement");
    expect(acks.filter((m) => m.toAddress.toLowerCase() === VICTIM.toLowerCase())).toHaveLength(ACKNOWLEDGEMENTS_PER_ADDRESS);
    expect(acks.filter((m) => m.toAddress === "genuine.author@uni.example")).toHaveLength(1);

    // Every submission is a manuscript all the same; the ones not acknowledged say why on their timeline.
    const staff = await staffOf(j);
    const list = (await staff.get("/manuscripts")).body;
    expect((list.manuscripts ?? list).length).toBe(10);
    const capped = await dbOf(j)
      .select()
      .from(manuscriptEvents)
      .where(and(eq(manuscriptEvents.journalId, j.id), eq(manuscriptEvents.action, ACKNOWLEDGEMENT_CAPPED)));
    expect(capped).toHaveLength(9 - ACKNOWLEDGEMENTS_PER_ADDRESS);
    expect(capped[0].summary).toMatch(/^Acknowledgement not e-mailed: victim@target\.example already had 3/i);
  });
});
