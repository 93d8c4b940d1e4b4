// Staff and the author write to each other (issue 48 item 6): staff's message goes by e-mail with the tracking link
// and stays in the timeline; the author's tracking page shows the conversation — staff's messages and the author's
// own replies — and never a reviewer's reply to the same manuscript or a reply merely claiming to be the author's.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import { receiveMail } from "./mail-inbound";
import {
  AUTHOR,
  detail,
  drained,
  inDays,
  linkIn,
  linkRequest,
  openSession,
  outboxOf,
  staffOf,
  submitManuscript,
  rawMail,
} from "./workflow.fixtures";

describe("messages between staff and the author", () => {
  it("staff write, the author replies by e-mail, and the tracking page shows both and nothing of a reviewer", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Arsenic in tube wells of the Indus delta");

    // Bad input is refused and sends nothing.
    const empty = await staff.post(`/manuscripts/${m.id}/messages`, { subject: "Question", text: "   " });
    expect([empty.status, empty.body.error]).toEqual([400, "missing_message"]);

    const sent = await staff.post(`/manuscripts/${m.id}/messages`, {
      subject: `${m.reference}: the sampling map`,
      text: "Could you send the sampling map as a separate figure?",
    });
    expect(sent.status).toBe(201);
    expect(sent.body.timeline.at(-1)).toMatchObject({ action: "message", letter: { subject: `${m.reference}: the sampling map` } });
    await drained(j.id);
    const out = await outboxOf(staff);
    const mail = out.find((x) => x.kind === "message.author")!;
    expect(mail).toMatchObject({ to: AUTHOR.email, status: "sent" });
    expect(mail.text).toContain("Could you send the sampling map as a separate figure?");
    const track = linkIn(mail.text, "track");

    // The author replies from their own address; a reviewer replies to the same manuscript's address; a third
    // message names the author in From: but was sent from elsewhere.
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Noor Jahan", email: "noor@rev.example", dueDate: inDays(10) });
    const replyTo = mail.replyTo;
    await drained(j.id);
    // The reviewer replies to their own invitation's address (each person has their own, docs/decisions/0396).
    const noorReplyTo = (await outboxOf(staff)).find((x) => x.to === "noor@rev.example")!.replyTo;
    await receiveMail(
      rawMail(AUTHOR.email, replyTo, `Re: ${m.reference}: the sampling map`, "Attached as Figure 1b."),
      { from: AUTHOR.email, to: replyTo },
      env,
    );
    await receiveMail(
      rawMail("noor@rev.example", noorReplyTo, "Re: Invitation", "Reviewer Noor here, the stats look off."),
      { from: "noor@rev.example", to: noorReplyTo },
      env,
    );
    await receiveMail(
      rawMail(AUTHOR.email, replyTo, "Re: spoof", "Please pay the fee to account 123."),
      { from: "mallory@attacker.example", to: replyTo },
      env,
    );
    expect((await detail(staff, m.id)).discussion).toHaveLength(3);

    const s = await openSession(j.host, "track", track.token);
    const page = await (await linkRequest(j.host, "/track", s.cookie)).text();
    const messages = page.slice(page.indexOf("<h2>Messages</h2>"));
    expect(messages).toContain("Could you send the sampling map as a separate figure?");
    expect(messages).toContain("Attached as Figure 1b.");
    expect(messages.indexOf("Could you send")).toBeLessThan(messages.indexOf("Attached as Figure 1b."));
    expect(page).not.toMatch(/Noor|stats look off|account 123/);
    // The message is not filed among the decision letters.
    const letters = page.slice(page.indexOf("Letters from the editors"), page.indexOf("<h2>Messages</h2>"));
    expect(letters).not.toContain("sampling map");
  });
});
