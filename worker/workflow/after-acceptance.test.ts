// After acceptance (issue 48 item 3): Copyediting -> Production -> Published in OJS's order, the decisions that move
// there with their letters, "decline without review" before review only, and a decision closing the invitations
// nobody answered (the reviewers are told).
import { describe, expect, it } from "vitest";
import { createArticle, createJournal } from "#tests/api/fixtures";
import { detail, inDays, outboxOf, staffOf, submitManuscript } from "./workflow.fixtures";

const letter = (decision: string) => ({ decision, subject: `Decision ${decision}`, text: `Letter for ${decision}.` });

describe("after acceptance", () => {
  it("accepted -> copyediting -> production -> published, each with its letter; the stages are in the list's answer", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Solar drying of apricots");
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Late Reviewer", email: "late@rev.example", dueDate: inDays(10) });
    const accepted = await staff.post(`/manuscripts/${m.id}/decision`, letter("accepted"));
    expect(accepted.body.stage).toBe("accepted");
    // The invitation nobody answered is closed, and its reviewer told by reference and title only.
    expect(accepted.body.reviews[0]).toMatchObject({ status: "revoked", linkActive: false });
    const cancelled = (await outboxOf(staff)).find((x) => x.kind === "review.cancelled")!;
    expect(cancelled.to).toBe("late@rev.example");
    expect(cancelled.text).toContain("no longer needed");
    expect(cancelled.text).not.toContain("Siddiqa");
    // Publication cannot skip production once copyediting started; production cannot go back.
    expect((await staff.post(`/manuscripts/${m.id}/decision`, letter("desk_declined"))).status).toBe(409);
    const ce = await staff.post(`/manuscripts/${m.id}/decision`, letter("copyediting"));
    expect(ce.body).toMatchObject({ stage: "copyediting", allowed: ["production", "withdrawn"] });
    const letterDraft = await staff.get(`/manuscripts/${m.id}/letter?decision=production`);
    expect(letterDraft.body.subject).toContain("in production");
    const prod = await staff.post(`/manuscripts/${m.id}/decision`, letter("production"));
    expect(prod.body.stage).toBe("production");
    expect((await staff.post(`/manuscripts/${m.id}/decision`, letter("copyediting"))).status).toBe(409);
    const mails = (await outboxOf(staff)).filter((x) => x.manuscriptId === m.id).map((x) => x.kind);
    expect(mails).toEqual(expect.arrayContaining(["decision.accepted", "decision.copyediting", "decision.production"]));
    // Publish as article from production.
    await createArticle(j.id, { refnumber: "JAP-2026-007", year: 2026, volume: 3, issue: 1 });
    const pub = await staff.post(`/manuscripts/${m.id}/published`, { refnumber: "JAP-2026-007" });
    expect(pub.status).toBe(200);
    expect(pub.body.stage).toBe("published");
    // The list answers every stage, in order, with counts.
    const list = (await staff.get("/manuscripts")).body;
    expect(list.stages).toEqual([
      "received",
      "under_review",
      "revisions_requested",
      "accepted",
      "copyediting",
      "production",
      "published",
      "declined",
      "withdrawn",
    ]);
    expect(list.counts).toMatchObject({ copyediting: 0, production: 0, published: 1 });
    expect((await detail(staff, m.id)).timeline.map((e) => e.to).filter(Boolean)).toEqual(
      expect.arrayContaining(["accepted", "copyediting", "production", "published"]),
    );
  });

  it("declines without review only before review", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Out of scope");
    const draft = await staff.get(`/manuscripts/${m.id}/letter?decision=desk_declined`);
    expect(draft.body.text).toContain("not to send it for review");
    const d = await staff.post(`/manuscripts/${m.id}/decision`, letter("desk_declined"));
    expect(d.body.stage).toBe("declined");
    expect(d.body.timeline.some((e: { summary: string }) => e.summary === "Decision: Decline without review")).toBe(true);
    const m2 = await submitManuscript(j, "In review already");
    await staff.post(`/manuscripts/${m2.id}/reviewers`, { name: "R", email: "r@rev.example", dueDate: inDays(5) });
    expect((await staff.post(`/manuscripts/${m2.id}/decision`, letter("desk_declined"))).status).toBe(409);
  });
});
