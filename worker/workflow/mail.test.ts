// The mail path (docs/decisions/0191): outbox row -> Queue -> consumer -> send_email, a failing send kept and
// retried, never sent twice; replies to the Reply-To join the manuscript's discussion, others the unmatched list;
// the daily reminders.
import { createMessageBatch, env, getQueueResult, createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createJournal, db, journalDb } from "#tests/api/fixtures";
import { mailOutbox, manuscripts, reviewAssignments, submissions } from "../core/data/schema";
import { sendOutboxBatch, MAX_ATTEMPTS, type MailQueueBody } from "./mail-queue";
import { email, receiveMail } from "./mail-inbound";
import { parseMail } from "./mime-text";
import { runWorkflowDaily } from "./reminders";
import { detail, drained, inDays, outboxOf, staffOf, submitManuscript } from "./workflow.fixtures";

async function queuedRow(journalId: number, to = "someone@example.org") {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      journalId,
      kind: "test",
      toAddress: to,
      fromAddress: "office@journal.example",
      fromName: "Office",
      subject: "Hello",
      text: "Body",
      createdAt: new Date().toISOString(),
    })
    .returning();
  return row;
}

const batchOf = (rows: { id: number; journalId: number }[], attempts = 1) =>
  createMessageBatch<MailQueueBody>(
    "journal-edge-mail",
    rows.map(({ id, journalId }, i) => ({ id: `m${id}-${i}`, timestamp: new Date(), attempts, body: { outboxId: id, journalId } })),
  );

const failing = {
  send: async () => {
    throw new Error("550 sender domain not verified");
  },
} as unknown as SendEmail;

describe("outbox -> queue -> send", () => {
  it("a failing send is kept with its error and retried; a later attempt sends it once", async () => {
    const j = await createJournal();
    const row = await queuedRow(j.id);
    const batch = batchOf([row]);
    const ctx = createExecutionContext();
    await sendOutboxBatch(batch, { ...env, EMAIL: failing });
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m${row.id}-0`]);
    let [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(stored).toMatchObject({ status: "failed", attempts: 1, lastError: "550 sender domain not verified" });
    // The retry, through the real local send_email binding.
    const retry = batchOf([row], 2);
    await sendOutboxBatch(retry, env);
    expect((await getQueueResult(retry, createExecutionContext())).explicitAcks).toEqual([`m${row.id}-0`]);
    [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(stored).toMatchObject({ status: "sent", attempts: 2, lastError: "" });
    expect(stored.messageId).toBeTruthy();
    // A duplicate delivery of the same message sends nothing more.
    const dup = batchOf([row], 3);
    await sendOutboxBatch(dup, { ...env, EMAIL: failing });
    [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(stored).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("after the last attempt the message stays failed, and staff resend it", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const row = await queuedRow(j.id);
    await db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, row.id));
    const batch = batchOf([row], MAX_ATTEMPTS);
    await sendOutboxBatch(batch, { ...env, EMAIL: failing });
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.retryMessages).toEqual([]);
    const failed = (await outboxOf(staff)).find((m) => m.id === row.id)!;
    expect(failed).toMatchObject({ status: "failed", error: "550 sender domain not verified", attempts: MAX_ATTEMPTS });
    // Resend: back on the real queue, sent by the consumer.
    const resent = await staff.post(`/outbox/${row.id}/resend`);
    expect(resent.status).toBe(200);
    await drained(j.id);
    expect((await outboxOf(staff)).find((m) => m.id === row.id)!.status).toBe("sent");
    // Only a failed message can be resent.
    expect((await staff.post(`/outbox/${row.id}/resend`)).body).toEqual({ error: "not_failed" });
  });

  it("simultaneous deliveries of one message send it once", async () => {
    const j = await createJournal();
    const row = await queuedRow(j.id);
    let sends = 0;
    const counting = {
      send: async (m: unknown) => {
        sends++;
        return env.EMAIL.send(m as never);
      },
    } as unknown as SendEmail;
    await Promise.all([1, 2, 3].map((n) => sendOutboxBatch(batchOf([row], n), { ...env, EMAIL: counting })));
    expect(sends).toBe(1);
  });

  it("answers the outbox newest first, with the sender from the workflow settings", async () => {
    const j = await createJournal({ websitename: "Annals of Hydrology" });
    const staff = await staffOf(j);
    expect(
      (await staff.put("/workflow/settings", { senderName: "Annals Office", senderAddress: "office@annals.example", publicFigures: true }))
        .status,
    ).toBe(200);
    expect((await staff.put("/workflow/settings", { senderName: "", senderAddress: "not mail", publicFigures: true })).body).toEqual({
      error: "invalid_email",
    });
    await submitManuscript(j, "First");
    await submitManuscript(j, "Second");
    const out = await outboxOf(staff);
    const acks = out.filter((m) => m.kind === "acknowledgement");
    expect(acks[0].text).toContain("Second");
    expect(acks[1].text).toContain("First");
    expect(acks[0].from).toBe("Annals Office <office@annals.example>");
    expect(acks[0].replyTo).toMatch(/^replies\+[0-9a-f]{24}@annals\.example$/);
    for (const m of out) for (const url of m.text.match(/https?:\/\/\S+/g) ?? []) expect(new URL(url).host).toBe(j.host);
    // Newest by when a message was written, not by its row: history written out of order (an import, the demo)
    // still reads newest first.
    const first = out.find((m) => m.kind === "acknowledgement" && m.text.includes("First"))!;
    const later = new Date(Date.parse(acks[0].createdAt) + 60_000).toISOString();
    await (await journalDb(j)).update(mailOutbox).set({ createdAt: later }).where(eq(mailOutbox.id, first.id));
    const reordered = (await outboxOf(staff)).filter((m) => m.kind === "acknowledgement");
    expect(reordered.map((m) => m.text.includes("First"))).toEqual([true, false]);
  });
});

const reply = (to: string, body: string, subject = "Re: SUB") =>
  new TextEncoder().encode(
    [
      'From: "Ayesha S." <ayesha.siddiqa@uni.example.org>',
      `To: ${to}`,
      `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(subject)))}?=`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      'Content-Type: text/plain; charset="utf-8"',
      "Content-Transfer-Encoding: quoted-printable",
      "",
      body,
      "--b1",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>html version</p>",
      "--b1--",
      "",
    ].join("\r\n"),
  );

describe("replies", () => {
  it("a reply to a notification's Reply-To joins that manuscript's discussion", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    const replyTo = (await outboxOf(staff)).find((x) => x.kind === "acknowledgement")!.replyTo;
    const raw = reply(replyTo, "Thank you. I will send the data files=\r\n soon. Caf=C3=A9 =E2=9C=93", `Re: ${m.reference} — received`);
    // Through the Worker's email() handler, as Email Routing calls it.
    const message = {
      from: "ayesha.siddiqa@uni.example.org",
      to: replyTo,
      raw: new Response(raw).body!,
      rawSize: raw.byteLength,
    } as unknown as ForwardableEmailMessage;
    await email(message, env, createExecutionContext());
    const d = await detail(staff, m.id);
    expect(d.discussion).toHaveLength(1);
    expect(d.discussion[0]).toMatchObject({
      from: "ayesha.siddiqa@uni.example.org",
      fromName: "Ayesha S.",
      subject: `Re: ${m.reference} — received`,
      text: "Thank you. I will send the data files soon. Café ✓",
    });
  });

  it("a reply to the token on the platform's mail domain (a journal sending from it, decision 0395) joins the manuscript", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    const replyTo = (await outboxOf(staff)).find((x) => x.kind === "acknowledgement")!.replyTo;
    const atPlatform = replyTo.replace(/@.*$/, "@platform.example");
    const envelope = { from: "ayesha.siddiqa@uni.example.org", to: atPlatform };
    const filed = await receiveMail(reply(atPlatform, "Via the platform"), envelope, {
      ...env,
      PLATFORM_MAIL_FROM: "journals@platform.example",
    });
    expect(filed.manuscriptId).toBe(m.id);
    // Where the platform does not send from that domain, the same address names nothing.
    const stray = await receiveMail(reply(atPlatform, "Stray"), envelope, { ...env, PLATFORM_MAIL_FROM: "" });
    expect(stray.manuscriptId).toBeNull();
  });

  it("a reply that matches nothing is kept in the unmatched list", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const got = await receiveMail(
      reply(`replies+${"0".repeat(24)}@${j.host}`, "Lost?"),
      { from: "x@y.example", to: `replies+${"0".repeat(24)}@${j.host}` },
      env,
    );
    expect(got.manuscriptId).toBeNull();
    const plain = await receiveMail(reply(`editor@${j.host}`, "Hello editor"), { from: "x@y.example", to: `editor@${j.host}` }, env);
    expect(plain.manuscriptId).toBeNull();
    const unmatched = (await staff.get("/mail/unmatched")).body.messages.map((m: { text: string }) => m.text);
    expect(unmatched).toEqual(expect.arrayContaining(["Lost?", "Hello editor"]));
  });

  it("parses headers and bodies the way mail clients write them", async () => {
    const raw = new TextEncoder().encode(
      "From: =?ISO-8859-1?Q?Andr=E9?= <Andre@Example.org>\r\nTo: a@b.c\r\nSubject: plain\r\n folded\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nSGVsbG8gd29ybGQg4pyT\r\n",
    );
    expect(await parseMail(raw)).toMatchObject({
      from: { address: "andre@example.org", name: "André" },
      subject: "plain folded",
      text: "Hello world ✓",
    });
  });
});

describe("submissions the queue never heard of", () => {
  it("the daily cron makes them manuscripts and acknowledges them once", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const [row] = await db
      .insert(submissions)
      .values({
        journalId: j.id,
        reference: `SUB-20260101-${j.id}QZ`,
        name: "Dr. Lost",
        email: "lost@author.example",
        title: "Lost in the queue",
        file: "x.pdf",
        createdAt: new Date().toISOString(),
      })
      .returning();
    await runWorkflowDaily(env, new Date());
    await runWorkflowDaily(env, new Date());
    const [m] = await db.select().from(manuscripts).where(eq(manuscripts.submissionId, row.id));
    expect(m).toMatchObject({ stage: "received", reference: row.reference });
    const acks = (await outboxOf(staff)).filter((x) => x.kind === "acknowledgement");
    expect(acks.map((x) => x.to)).toEqual(["lost@author.example"]);
    expect(acks[0].text).toContain(`https://${j.host}/track#`);
  });
});

describe("reminders", () => {
  it("remind reviewers before the due date and once it has passed, once each", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Soon", email: "soon@rev.example", dueDate: inDays(2) });
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Late", email: "late@rev.example", dueDate: inDays(20) });
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Far", email: "far@rev.example", dueDate: inDays(20) });
    const d = await detail(staff, m.id);
    await db
      .update(reviewAssignments)
      .set({ dueDate: inDays(-1) })
      .where(eq(reviewAssignments.id, d.reviews[1].id));
    await runWorkflowDaily(env, new Date());
    let out = await outboxOf(staff);
    expect(out.filter((x) => x.kind === "review.reminder.before").map((x) => x.to)).toEqual(["soon@rev.example"]);
    const overdue = out.filter((x) => x.kind === "review.reminder.after");
    expect(overdue.map((x) => x.to)).toEqual(["late@rev.example"]);
    expect(overdue[0].text).toMatch(new RegExp(`https?://${j.host.replace(/\./g, "\\.")}/review#\\d+\\.`));
    await runWorkflowDaily(env, new Date());
    out = await outboxOf(staff);
    expect(out.filter((x) => x.kind.startsWith("review.reminder"))).toHaveLength(2);
  });
});
