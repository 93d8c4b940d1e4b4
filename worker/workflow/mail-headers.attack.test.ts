// Header injection (issue 46, docs/decisions/0300): a line break typed into a value that reaches a mail header (the
// Submit Online Name and title, a reviewer's name, a letter's subject, the sender's name) must never start a header
// of the sender's choosing. The API refuses such values; rows stored some other way are sent on one line.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { createJournal, dbOf, pdfBytes, request } from "#tests/api/fixtures";
import { mailOutbox, submissions } from "../core/data/schema";
import { sendOutboxBatch, type MailQueueBody } from "./mail-queue";
import { startFromSubmission } from "./start-manuscript";
import { AUTHOR, detail, inDays, staffOf, submitManuscript } from "./workflow.fixtures";

const INJECTED = "Eve Attacker\r\nBcc: victim@target.example";

type Address = string | { name: string; email: string };
interface SentMessage {
  from: Address;
  to: Address;
  subject: string;
  text: string;
}

/**
 * The raw header block of a structured message as the local mail simulator (miniflare's send_email) writes it: the
 * display name quoted, nothing else escaped. This is where the issue's injected `Bcc:` line was seen.
 */
const addressLine = (a: Address) => (typeof a === "string" ? a : `"${a.name.replace(/["\\]/g, (ch) => `\\${ch}`)}" <${a.email}>`);
const rawMime = (m: SentMessage) =>
  `${[`From: ${addressLine(m.from)}`, `To: ${addressLine(m.to)}`, `Subject: ${m.subject}`].join("\r\n")}\r\n\r\n${m.text}`;

async function post(host: string, fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes("injection")], "paper.pdf", { type: "application/pdf" }));
  const res = await request(host, "/api/submissions", { method: "POST", body: f, headers: { "cf-connecting-ip": "198.51.100.77" } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("header injection through a name", () => {
  it("Submit Online refuses a name or title holding a line break, and stores nothing", async () => {
    const j = await createJournal();
    for (const [field, value] of [
      ["name", INJECTED],
      ["name", "Eve\nBcc: victim@target.example"],
      ["name", "Eve\u2028Bcc: victim@target.example"],
      ["title", "On arsenic\r\nBcc: victim@target.example"],
    ]) {
      const got = await post(j.host, { name: AUTHOR.name, email: AUTHOR.email, title: "A title", [field]: value });
      expect(got, `${field}: ${JSON.stringify(value)}`).toEqual({ status: 400, body: { error: "control_characters", fields: [field] } });
    }
    expect(await dbOf(j).select().from(submissions).where(eq(submissions.journalId, j.id))).toEqual([]);
  });

  it("staff-typed names and subjects holding a line break are refused with control_characters", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    const refused = { status: 400, body: { error: "control_characters" } };
    expect(await staff.post(`/manuscripts/${m.id}/reviewers`, { name: INJECTED, email: "rev@rev.example", dueDate: inDays(9) })).toEqual(
      refused,
    );
    expect(await staff.post("/reviewers", { name: INJECTED, email: "rev@rev.example" })).toEqual(refused);
    expect(
      await staff.post(`/manuscripts/${m.id}/decision`, { decision: "declined", subject: "Decision\nBcc: x@y.example", text: "No." }),
    ).toEqual(refused);
    expect(await staff.put("/workflow/templates/declined", { subject: "{{reference}}\r\nBcc: x@y.example", body: "No." })).toEqual(refused);
    expect(
      await staff.put("/workflow/settings", { senderName: "Office\r\nBcc: x@y.example", senderAddress: "", publicFigures: false }),
    ).toEqual(refused);
    // Nothing was written: no reviewer invited, the manuscript not decided.
    expect(await detail(staff, m.id)).toMatchObject({ stage: "received", reviews: [] });
  });

  it("a name and title stored with line breaks go out on one line: the raw message has no injected Bcc", async () => {
    const j = await createJournal();
    const db = dbOf(j);
    // As a row written before the schemas refused line breaks (or by an import) would be.
    const [row] = await db
      .insert(submissions)
      .values({
        journalId: j.id,
        reference: `SUB-20260101-${j.id}INJ`,
        name: INJECTED,
        email: AUTHOR.email,
        title: "Arsenic\r\nBcc: second-victim@target.example",
        file: "x.pdf",
        createdAt: new Date().toISOString(),
      })
      .returning();
    // No queue: the acknowledgement is sent below, by the consumer, through a recorder in front of the real binding.
    await startFromSubmission({ ...env, MAIL_QUEUE: undefined as unknown as Queue }, db, row.id, `https://${j.host}`);
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.journalId, j.id));
    const ack = rows.find((r) => r.kind === "acknowledgement")!;
    expect(ack.toName).toBe("Eve Attacker Bcc: victim@target.example");

    // The staff's decision letter drafted from a template with {{title}} in its subject.
    const staff = await staffOf(j);
    expect((await staff.put("/workflow/templates/declined", { subject: "{{title}}: decision", body: "Dear {{author_name}}" })).status).toBe(
      200,
    );
    const draft = (await staff.get(`/manuscripts/${ack.manuscriptId}/letter?decision=declined`)).body;
    expect(draft.subject).toBe("Arsenic Bcc: second-victim@target.example: decision");

    const sent: SentMessage[] = [];
    const recorder = {
      send: async (m: SentMessage) => {
        sent.push(m);
        return env.EMAIL.send(m as never);
      },
    } as unknown as SendEmail;
    const batch = createMessageBatch<MailQueueBody>(
      "journal-edge-mail",
      rows.map((r) => ({ id: `inj-${r.id}`, timestamp: new Date(), attempts: 1, body: { outboxId: r.id, journalId: j.id } })),
    );
    await sendOutboxBatch(batch, { ...env, EMAIL: recorder });
    expect((await getQueueResult(batch, createExecutionContext())).retryMessages).toEqual([]);
    const toAuthor = sent.filter((m) => (typeof m.to === "string" ? m.to : m.to.email) === AUTHOR.email);
    expect(toAuthor).toHaveLength(1);
    for (const m of sent) {
      const raw = rawMime(m);
      const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
      expect(head.split(/\r\n|\r|\n/).map((l) => l.split(":")[0].toLowerCase())).toEqual(["from", "to", "subject"]);
      const parsed = await PostalMime.parse(raw);
      expect(parsed.bcc).toBeUndefined();
      expect(parsed.to?.map((a) => a.address)).toHaveLength(1);
    }
    const parsed = await PostalMime.parse(rawMime(toAuthor[0]));
    expect(parsed.to).toEqual([{ name: "Eve Attacker Bcc: victim@target.example", address: AUTHOR.email }]);
  });
});
