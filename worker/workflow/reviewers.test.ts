// The journal's reviewer database (issue 48 item 4): what staff stored about a reviewer is never lost by inviting
// them again without retyping it.
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import { eq } from "drizzle-orm";
import { dbOf } from "#tests/api/fixtures";
import { mailOutbox, reviewAssignments } from "../core/data/schema";
import { REVIEWER_BUSY_AT } from "#contract/workflow";
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
} from "./workflow.fixtures";

describe("reviewers", () => {
  it("inviting a known reviewer with blank affiliation and expertise keeps the stored ones", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const added = await staff.post("/reviewers", {
      name: "Dr. Ines Moreau",
      email: "ines@rev.example",
      affiliation: "Université de Lyon",
      keywords: "lichens, basalt, bryophytes",
    });
    expect(added.status).toBe(201);
    const m = await submitManuscript(j, "Lichens on basalt");
    // The invite form as a hurried editor sends it: name and e-mail only, the other fields empty.
    const invited = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Dr. Ines Moreau",
      email: "INES@rev.example",
      affiliation: "",
      keywords: "  ",
      dueDate: inDays(14),
    });
    expect(invited.status).toBe(201);
    const r = (await staff.get("/reviewers")).body.reviewers.find((x: { email: string }) => x.email === "ines@rev.example");
    expect(r).toMatchObject({ affiliation: "Université de Lyon", keywords: "lichens, basalt, bryophytes", invitations: 1 });
    // What is typed still updates them.
    const m2 = await submitManuscript(j, "Mosses on granite");
    await staff.post(`/manuscripts/${m2.id}/reviewers`, {
      name: "Dr. Ines Moreau",
      email: "ines@rev.example",
      affiliation: "CNRS, Lyon",
      dueDate: inDays(14),
    });
    const again = (await staff.get("/reviewers")).body.reviewers.find((x: { email: string }) => x.email === "ines@rev.example");
    expect(again).toMatchObject({ affiliation: "CNRS, Lyon", keywords: "lichens, basalt, bryophytes" });
  });

  it("refuses the manuscript's own author or co-author as its reviewer, and stores and sends nothing", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    await staff.post("/reviewers", { name: "Prof. Omar Khalid", email: "omar.k@other.example", affiliation: "University of Karachi" });
    const m = await submitManuscript(j, "Arsenic in the Indus delta", {
      fields: [
        ["address", "Department of Chemistry\nUniversity of Karachi\nKarachi 75270"],
        ["coAuthorName", "Bilal Ahmed"],
        ["coAuthorEmail", "bilal@uni.example.org"],
        ["coAuthorAffiliation", "Aga Khan University"],
        ["coAuthorOrcid", ""],
        ["coAuthorName", "Omar Khalid"],
        ["coAuthorEmail", ""],
        ["coAuthorAffiliation", "University of Karachi"],
        ["coAuthorOrcid", ""],
      ],
    });
    const invite = (who: { name: string; email: string; affiliation?: string }) =>
      staff.post(`/manuscripts/${m.id}/reviewers`, { ...who, dueDate: inDays(14) });
    const refused = [
      // The author's e-mail, however it is spelt.
      { name: "A. Siddiqa", email: AUTHOR.email.toUpperCase() },
      // A co-author's e-mail under another name.
      { name: "Someone Else", email: " bilal@uni.example.org " },
      // The author's name and a line of her institute address, from another mailbox.
      { name: "dr. ayesha  SIDDIQA", email: "ayesha@gmail.example", affiliation: "University of Karachi" },
      // A co-author by name, the institution taken from the reviewer database when the form leaves it blank.
      { name: "Prof. Omar Khalid", email: "omar.k@other.example", affiliation: "" },
    ];
    for (const who of refused) {
      const res = await invite(who);
      expect(res.status, who.email).toBe(409);
      expect(res.body).toEqual({ error: "reviewer_is_author" });
    }
    expect(await dbOf(j).select().from(reviewAssignments).where(eq(reviewAssignments.manuscriptId, m.id))).toEqual([]);
    const mail = await dbOf(j).select().from(mailOutbox).where(eq(mailOutbox.manuscriptId, m.id));
    expect(mail.filter((x) => x.kind === "review.invitation")).toEqual([]);
    // The same name at another institution is another person.
    expect((await invite({ name: "Bilal Ahmed", email: "b.ahmed@lums.example", affiliation: "LUMS, Lahore" })).status).toBe(201);
  });

  it("a declining reviewer's reason and suggestion reach the editor, never the author", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Soil crusts of the Thar");
    expect(
      (await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Lena Brandt", email: "lena@rev.example", dueDate: inDays(14) }))
        .status,
    ).toBe(201);
    await drained(j.id);
    const invitation = (await outboxOf(staff)).find((x) => x.kind === "review.invitation")!;
    const s = await openSession(j.host, "review", linkIn(invitation.text, "review").token);
    const respond = (fields: Record<string, string>) =>
      linkRequest(j.host, "/review/respond", s.cookie, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
    // Too long: refused with the reason on the page, the invitation still open.
    const long = await respond({ answer: "decline", declineReason: "x".repeat(2001) });
    expect(await long.text()).toContain("Please shorten your reason");
    expect((await detail(staff, m.id)).reviews[0].status).toBe("invited");

    const reason = `On leave until March & "busy" <sorry>\nلدي تضارب مصالح.`;
    expect(
      (await respond({ answer: "decline", declineReason: reason, declineSuggestion: "Dr. Omar Haddad <omar@uni.example>" })).status,
    ).toBe(303);
    const r = (await detail(staff, m.id)).reviews[0];
    expect(r).toMatchObject({ status: "declined", declineReason: reason, declineSuggestion: "Dr. Omar Haddad <omar@uni.example>" });
    await drained(j.id);
    const office = (await outboxOf(staff)).find((x) => x.kind === "office.review_declined")!;
    expect(office.text).toContain(reason);
    expect(office.text).toContain("Dr. Omar Haddad <omar@uni.example>");
    // The author's page says nothing of it.
    const ack = (await outboxOf(staff)).find((x) => x.kind === "acknowledgement")!;
    const a = await openSession(j.host, "track", linkIn(ack.text, "track").token);
    const track = await (await linkRequest(j.host, "/track", a.cookie)).text();
    expect(track).not.toMatch(/On leave|Haddad|تضارب/);
    expect(
      (await outboxOf(staff))
        .filter((x) => x.to === AUTHOR.email)
        .map((x) => x.text)
        .join("\n"),
    ).not.toMatch(/On leave|Haddad/);
  });

  it("counts a reviewer's open reviews, the load the invite form warns of", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const invitedTo = [];
    for (const [i, title] of ["Dunes", "Oases", "Wadis"].entries()) {
      const m = await submitManuscript(j, title, { email: `author${i}@uni.example.org` });
      const res = await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Busy", email: "busy@rev.example", dueDate: inDays(10) });
      invitedTo.push({ m, assignment: res.body.invited.id as number });
    }
    const load = async () =>
      (await staff.get("/reviewers")).body.reviewers.find((x: { email: string }) => x.email === "busy@rev.example").open;
    expect(await load()).toBe(REVIEWER_BUSY_AT);
    // A withdrawn invitation is no longer open.
    const { m, assignment } = invitedTo[0];
    expect((await staff.post(`/manuscripts/${m.id}/reviews/${assignment}/revoke`)).status).toBe(200);
    expect(await load()).toBe(REVIEWER_BUSY_AT - 1);
  });

  it("staff edit the invitation before it goes: the reviewer gets their words with their own link, never the author's name", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Salt marsh carbon at Sundarbans");
    const draft = await staff.get<{ subject: string; text: string }>(`/manuscripts/${m.id}/invitation`);
    expect(draft.status).toBe(200);
    expect(draft.body.text).toContain("Salt marsh carbon at Sundarbans");
    expect(draft.body.text).toContain("{{review_link}}");
    expect(draft.body.text).not.toContain(AUTHOR.name);

    // A letter that lost the reviewer's link is refused, and nobody is invited.
    const noLink = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Dr. Paulo Reis",
      email: "paulo@rev.example",
      dueDate: inDays(10),
      subject: draft.body.subject,
      text: "Dear {{reviewer_name}}, please review it.",
    });
    expect(noLink.status).toBe(400);
    expect(noLink.body.error).toBe("missing_review_link");
    expect((await detail(staff, m.id)).reviews).toHaveLength(0);

    const text = draft.body.text.replace(
      "Dear {{reviewer_name}},",
      "Dear {{reviewer_name}},\n\nWe remember your fine review of the Hooghly estuary paper.",
    );
    const sent = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Dr. Paulo Reis",
      email: "paulo@rev.example",
      dueDate: inDays(10),
      subject: "A manuscript close to your work: {{due_date}}",
      text,
    });
    expect(sent.status).toBe(201);
    await drained(j.id);
    const mail = (await outboxOf(staff)).find((x) => x.kind === "review.invitation" && x.to === "paulo@rev.example")!;
    expect(mail.subject).toBe(`A manuscript close to your work: ${inDays(10)}`);
    expect(mail.text).toContain("Dear Dr. Paulo Reis,\n\nWe remember your fine review of the Hooghly estuary paper.");
    expect(mail.text).not.toMatch(/\{\{/);
    // The link in it is the reviewer's own and opens their review.
    const { token } = linkIn(mail.text, "review");
    expect((await openSession(j.host, "review", token)).status).toBe(200);
  });
});
