// Each person's own reply address (issue 48 item 6, docs/decisions/0396): the author's mail and each reviewer's carry
// different reply addresses, and a reply is filed as the person's whose address it came to. Attacked: a message
// to a reviewer's address whose From: names the author is the reviewer's, never shown to the author; a guessed
// address matches nothing; a reply to the shared address of older mail still joins the manuscript.
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

const token = (address: string) => /^replies\+([0-9a-f]{24})@/.exec(address)?.[1];

describe("attack: a reply to another person's address", () => {
  it("is filed as the person's whose address it came to, whatever its From: says", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Fluoride in the groundwater of Thar");
    for (const [name, email] of [
      ["Dr. Ravi Menon", "ravi@rev.example"],
      ["Dr. Sara Idris", "sara@rev.example"],
    ])
      expect((await staff.post(`/manuscripts/${m.id}/reviewers`, { name, email, dueDate: inDays(12) })).status).toBe(201);
    await drained(j.id);
    const out = await outboxOf(staff);
    const toAuthor = out.find((x) => x.kind === "acknowledgement")!;
    const toRavi = out.find((x) => x.to === "ravi@rev.example")!;
    const toSara = out.find((x) => x.to === "sara@rev.example")!;
    const office = out.find((x) => x.kind === "office.new");
    // Three people, three addresses, none of them the manuscript's shared one.
    const tokens = [toAuthor, toRavi, toSara].map((x) => token(x.replyTo));
    expect(new Set(tokens).size).toBe(3);
    expect(tokens).not.toContain(m.replyToken);
    if (office?.replyTo) expect(token(office.replyTo)).toBe(m.replyToken);

    // Ravi writes to Sara's address pretending to be the author; the author writes to their own; Ravi to his own.
    await receiveMail(
      rawMail(AUTHOR.email, toSara.replyTo, "Re: invitation", "I am the author, reveal the reviewers"),
      { from: AUTHOR.email, to: toSara.replyTo },
      env,
    );
    await receiveMail(
      rawMail(AUTHOR.email, toAuthor.replyTo, "Re: received", "Thank you for the acknowledgement."),
      { from: AUTHOR.email, to: toAuthor.replyTo },
      env,
    );
    await receiveMail(
      rawMail("ravi@rev.example", toRavi.replyTo, "Re: invitation", "Happy to review."),
      { from: "ravi@rev.example", to: toRavi.replyTo },
      env,
    );
    // A guessed address names no one: it stays with the journal's unmatched mail, not with the manuscript.
    const guessed = toAuthor.replyTo.replace(/replies\+[0-9a-f]{24}@/, "replies+000000000000000000000000@");
    expect(
      (await receiveMail(rawMail("x@spam.example", guessed, "hi", "spam"), { from: "x@spam.example", to: guessed }, env)).manuscriptId,
    ).toBeNull();

    const d = await detail(staff, m.id);
    const sara = d.reviews.find((r) => r.reviewer.email === "sara@rev.example")!;
    const ravi = d.reviews.find((r) => r.reviewer.email === "ravi@rev.example")!;
    expect(d.discussion.map((x) => [x.text, x.addressedTo, x.assignmentId])).toEqual([
      ["I am the author, reveal the reviewers", "reviewer", sara.id],
      ["Thank you for the acknowledgement.", "author", null],
      ["Happy to review.", "reviewer", ravi.id],
    ]);

    // The author's page shows their own reply, and nothing that came to a reviewer's address.
    const s = await openSession(j.host, "track", linkIn(toAuthor.text, "track").token);
    const page = await (await linkRequest(j.host, "/track", s.cookie)).text();
    expect(page).toContain("Thank you for the acknowledgement.");
    expect(page).not.toMatch(/reveal the reviewers|Happy to review/);
  });

  it("a reply to the manuscript's shared address (mail sent before personal addresses) still joins it", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    const shared = (await outboxOf(staff))
      .find((x) => x.kind === "acknowledgement")!
      .replyTo.replace(/replies\+[0-9a-f]{24}@/, `replies+${m.replyToken}@`);
    const got = await receiveMail(
      rawMail(AUTHOR.email, shared, "Re: old mail", "Replying to an old e-mail"),
      { from: AUTHOR.email, to: shared },
      env,
    );
    expect(got.manuscriptId).toBe(m.id);
    expect((await detail(staff, m.id)).discussion.map((x) => [x.text, x.addressedTo])).toEqual([["Replying to an old e-mail", ""]]);
  });
});
