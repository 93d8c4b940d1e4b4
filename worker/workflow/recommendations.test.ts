// The reviewer's recommendations (issue 48 item 3) beside Accept, revisions and Decline: "Resubmit for review" and
// "See comments" are offered on the review page in its language, stored as chosen and shown to the editor, and
// never reach the author, who reads only the comments meant for them.
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import { detail, drained, inDays, linkIn, linkRequest, openSession, outboxOf, staffOf, submitManuscript } from "./workflow.fixtures";

describe("review recommendations", () => {
  it("resubmit for review and see comments are offered, stored and shown to the editor only", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Rice husk ash in rural concrete");
    const chosen = ["resubmit_for_review", "see_comments"] as const;
    for (const [i, name] of ["Dr. Ama Owusu", "Prof. Bilal Qureshi"].entries()) {
      const email = `reviewer${i}@rev.example`;
      expect((await staff.post(`/manuscripts/${m.id}/reviewers`, { name, email, dueDate: inDays(14) })).status).toBe(201);
      await drained(j.id);
      const invitation = (await outboxOf(staff)).find((x) => x.kind === "review.invitation" && x.to === email)!;
      const s = await openSession(j.host, "review", linkIn(invitation.text, "review").token);
      await linkRequest(j.host, "/review/respond", s.cookie, { method: "POST", body: new URLSearchParams({ answer: "accept" }) });
      const page = await (await linkRequest(j.host, "/review", s.cookie)).text();
      expect(page).toContain("Resubmit for review");
      expect(page).toContain("See comments");
      expect(page).toContain(`value="${chosen[i]}"`);
      const review = new FormData();
      review.set("recommendation", chosen[i]!);
      review.set("commentsAuthor", `Note ${i + 1}: the curing times need a table.`);
      review.set("commentsEditor", `For the editor ${i + 1}`);
      expect((await linkRequest(j.host, "/review/submit", s.cookie, { method: "POST", body: review })).status).toBe(303);
    }
    const d = await detail(staff, m.id);
    expect(d.reviews.map((r) => r.recommendation).sort()).toEqual([...chosen].sort());

    // The author's letter draft carries the comments, not the recommendations.
    const letter = await staff.get<{ text: string }>(`/manuscripts/${m.id}/letter?decision=revisions_requested`);
    expect(letter.body.text).toContain("Note 1: the curing times need a table.");
    expect(letter.body.text).not.toMatch(/Resubmit for review|See comments|For the editor/);
  });
});
