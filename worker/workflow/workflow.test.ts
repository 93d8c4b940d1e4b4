// The path of a manuscript (issue 36): Submit Online -> acknowledgement -> reviewers through signed links ->
// decision letters -> revision -> acceptance -> published article, every move on the timeline and every message in
// the outbox, sent by the queue consumer through the local send_email binding.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { namedKeys } from "../platform/file-orphans";
import { fileKeys } from "../core/files/keys";
import { createArticle, createJournal, db, pdfBytes, request, d1Of } from "#tests/api/fixtures";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../core/data/schema";
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

describe("a manuscript from submission to published article", () => {
  it("walks every stage, with letters, links and the outbox", async () => {
    const j = await createJournal({ websitename: "Journal of Arid Lands" });
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    expect(m.stage).toBe("received");

    // The acknowledgement: reference and an absolute tracking link on the journal's host.
    let out = await outboxOf(staff);
    const ack = out.find((x) => x.kind === "acknowledgement")!;
    expect(ack).toMatchObject({ to: AUTHOR.email, subject: `${m.reference}: manuscript received` });
    expect(ack.text).toContain(m.reference);
    const track = linkIn(ack.text, "track");
    expect(track.url).toBe(`http://${j.host}/track`);
    expect(ack.replyTo).toMatch(/^replies\+[0-9a-f]{24}@/);
    // The queue consumer sends it.
    await drained(j.id);
    expect((await outboxOf(staff)).find((x) => x.id === ack.id)!.status).toBe("sent");

    // The contract: the list and the detail.
    const list = await staff.get("/manuscripts");
    expect(list.status).toBe(200);
    expect(list.body.manuscripts[0]).toMatchObject({ id: m.id, reference: m.reference, title: m.title, stage: "received" });
    // Every stage is counted, Copyediting and Production included (issue 48 item 3).
    expect(list.body.counts).toEqual({ ...Object.fromEntries(list.body.stages.map((s: string) => [s, 0])), received: 1 });
    expect(list.body.stages).toEqual(expect.arrayContaining(["copyediting", "production"]));

    // Two reviewers invited: the manuscript goes under review.
    const r1 = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Prof. Lena Brandt",
      email: "lena@rev.example",
      dueDate: inDays(14),
    });
    expect(r1.status).toBe(201);
    expect(r1.body.stage).toBe("under_review");
    const r2 = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Dr. Tomás Ruiz",
      email: "tomas@rev.example",
      dueDate: inDays(14),
    });
    expect(r2.status).toBe(201);
    expect(
      (await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Tomás Ruiz", email: "TOMAS@rev.example", dueDate: inDays(14) }))
        .body,
    ).toEqual({
      error: "already_invited",
    });
    out = await outboxOf(staff);
    const invitations = out.filter((x) => x.kind === "review.invitation");
    expect(invitations.map((x) => x.to).sort()).toEqual(["lena@rev.example", "tomas@rev.example"]);

    // Each reviewer accepts through the link and submits a review.
    for (const [i, inv] of invitations.entries()) {
      const { token, url } = linkIn(inv.text, "review");
      expect(url).toBe(`http://${j.host}/review`);
      const s = await openSession(j.host, "review", token);
      expect(s.status).toBe(200);
      expect(s.cookie).toMatch(/^wf_review=/);
      const page = await linkRequest(j.host, "/review", s.cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      expect(await page.text()).toContain("Accept the invitation");
      const accepted = await linkRequest(j.host, "/review/respond", s.cookie, {
        method: "POST",
        body: new URLSearchParams({ answer: "accept" }),
      });
      expect(accepted.status).toBe(303);
      const review = new FormData();
      review.set("recommendation", i === 0 ? "minor_revisions" : "major_revisions");
      review.set("commentsAuthor", `Comment ${i + 1}: please clarify the sampling design.`);
      review.set("commentsEditor", `Confidential ${i + 1}`);
      if (i === 0) review.set("reviewFile", new File([pdfBytes("review")], "my-review.pdf", { type: "application/pdf" }));
      const sent = await linkRequest(j.host, "/review/submit", s.cookie, { method: "POST", body: review });
      expect(sent.status).toBe(303);
      const readOnly = await (await linkRequest(j.host, "/review", s.cookie)).text();
      expect(readOnly).toContain("A submitted review can no longer be changed");
      expect(readOnly).not.toContain("<textarea");
      // A second submission is refused.
      const again = await linkRequest(j.host, "/review/submit", s.cookie, { method: "POST", body: review });
      expect(again.status).toBe(409);
    }

    // Revisions requested, with the letter filled from the template.
    const draft = await staff.get(`/manuscripts/${m.id}/letter?decision=revisions_requested`);
    expect(draft.body.subject).toBe(`${m.reference}: revisions requested`);
    expect(draft.body.text).toContain(`Dear ${AUTHOR.name}`);
    expect(draft.body.text).toContain("Reviewer 1:\nComment 1: please clarify the sampling design.");
    expect(draft.body.text).toContain("Reviewer 2:\nComment 2");
    expect(draft.body.text).not.toContain("Confidential");
    expect(draft.body.text).not.toContain("Lena");
    const rev = await staff.post(`/manuscripts/${m.id}/decision`, { decision: "revisions_requested", ...draft.body });
    expect(rev.status).toBe(200);
    expect(rev.body.stage).toBe("revisions_requested");

    // The author's tracking page: the letter, the comments without reviewers' names, the revision upload.
    const a = await openSession(j.host, "track", track.token);
    const trackPage = await (await linkRequest(j.host, "/track", a.cookie)).text();
    expect(trackPage).toContain("Revisions requested");
    expect(trackPage).toContain("Comment 1: please clarify");
    expect(trackPage).not.toMatch(/Lena|Brandt|Tomás|Ruiz|rev\.example|Confidential/);
    const revision = new FormData();
    revision.set("pdfFile", new File([pdfBytes("revised")], "revised.pdf", { type: "application/pdf" }));
    expect((await linkRequest(j.host, "/track/revision", a.cookie, { method: "POST", body: revision })).status).toBe(303);
    let d = await detail(staff, m.id);
    expect([d.stage, d.round]).toEqual(["under_review", 2]);
    // Every version is kept, and the orphan-file audit knows them all (it would delete what no row names).
    const named = await namedKeys({ platform: env.DB, journals: [d1Of(j)] }, j.id);
    const stored = (await env.FILES.list({ prefix: fileKeys.submission(j.id, "") })).objects.map((o) => o.key);
    expect(stored.length).toBe(3);
    for (const key of stored) expect(named.has(key)).toBe(true);
    expect(d.files.map((f) => [f.kind, f.round])).toEqual([
      ["manuscript", 1],
      ["review", 1],
      ["revision", 2],
    ]);

    // Accepted, then published from the prefilled article.
    const acceptDraft = (await staff.get(`/manuscripts/${m.id}/letter?decision=accepted`)).body;
    expect((await staff.post(`/manuscripts/${m.id}/decision`, { decision: "accepted", ...acceptDraft })).body.stage).toBe("accepted");
    expect((await staff.post(`/manuscripts/${m.id}/published`, { refnumber: "NOPE-1" })).body).toEqual({ error: "article_not_found" });
    const article = await createArticle(j.id, { refnumber: "JAL-2026-014", year: 2026, volume: 4, issue: 2, email: AUTHOR.email });
    const pub = await staff.post(`/manuscripts/${m.id}/published`, { refnumber: article.refnumber });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ stage: "published", articleId: article.id });
    const published = (await outboxOf(staff)).find((x) => x.kind === "published")!;
    expect(published.text).toContain(`http://${j.host}/archives/2026/vol4/issue2/JAL-2026-014`);
    expect(published.text).toContain(`http://${j.host}/pdf?refno=JAL-2026-014`);

    // The timeline tells the whole story, each with who and the stages.
    d = await detail(staff, m.id);
    expect(d.timeline.filter((e) => e.from || e.to).map((e) => [e.from, e.to])).toEqual([
      [null, "received"],
      ["received", "under_review"],
      ["under_review", "revisions_requested"],
      ["revisions_requested", "under_review"],
      ["under_review", "accepted"],
      ["accepted", "published"],
    ]);
    expect(d.timeline.find((e) => e.action === "decision")!.letter!.subject).toBe(`${m.reference}: revisions requested`);
    expect(d.timeline.find((e) => e.action === "decision")!.actor).toMatch(/^staff:/);
    expect(d.allowed).toEqual([]);

    // The figures: one submission, accepted and published.
    const figures = (await staff.get("/workflow/figures")).body;
    expect(figures).toMatchObject({ received: 1, decided: 1, accepted: 1, acceptanceRate: 1 });
    expect(figures.medianDaysToFirstDecision).toBe(0);
    expect(figures.medianReviewTurnaroundDays).toBe(0);
    // Public only when the journal turns them on.
    expect((await request(j.host, "/api/workflow/figures")).status).toBe(404);
    await staff.put("/workflow/settings", { senderName: "", senderAddress: "", publicFigures: true });
    const open = await request(j.host, "/api/workflow/figures");
    expect([open.status, open.headers.get("cache-control")]).toEqual([200, "no-store"]);
    expect(await open.json()).toEqual(figures);
    // Staff actions are in the journal's history as well.
    const events = (await staff.get("/events?limit=50")).body as { action: string; entity_id: number }[];
    expect(
      events
        .filter((e) => e.entity_id === m.id)
        .map((e) => e.action)
        .reverse(),
    ).toEqual(["manuscript.invite", "manuscript.invite", "manuscript.decision", "manuscript.decision", "manuscript.publish"]);

    // Every message of the path went out once.
    await drained(j.id);
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.journalId, j.id));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("stage moves", () => {
  it("refuses the moves the table does not allow, and the ones that lost a race", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    const letter = { subject: "S", text: "T" };
    // Received: no revisions before review; published only through Publish as article.
    expect((await staff.post(`/manuscripts/${m.id}/decision`, { decision: "revisions_requested", ...letter })).body).toMatchObject({
      error: "invalid_stage_move",
      from: "received",
    });
    expect((await staff.post(`/manuscripts/${m.id}/published`, { refnumber: "X" })).body).toEqual({ error: "not_accepted" });
    expect((await staff.post(`/manuscripts/${m.id}/stage`, { to: "published" })).status).toBe(400);
    expect((await staff.post(`/manuscripts/${m.id}/stage`, { to: "under_review" })).body.stage).toBe("under_review");
    expect((await staff.post(`/manuscripts/${m.id}/decision`, { decision: "declined", ...letter })).body.stage).toBe("declined");
    // Declined is final.
    for (const decision of ["accepted", "revisions_requested", "declined"]) {
      const r = await staff.post(`/manuscripts/${m.id}/decision`, { decision, ...letter });
      expect([r.status, r.body.error]).toEqual([409, "invalid_stage_move"]);
    }
    expect((await staff.post(`/manuscripts/${m.id}/stage`, { to: "withdrawn" })).status).toBe(409);
    expect((await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "R", email: "r@x.example", dueDate: inDays(5) })).status).toBe(409);
    // Bad input: codes.
    const m2 = await submitManuscript(j, "Second");
    expect((await staff.post(`/manuscripts/${m2.id}/decision`, { decision: "maybe", ...letter })).body).toEqual({
      error: "invalid_decision",
    });
    expect((await staff.post(`/manuscripts/${m2.id}/reviewers`, { name: "R", email: "nope", dueDate: inDays(5) })).body).toEqual({
      error: "invalid_email",
    });
    expect((await staff.post(`/manuscripts/${m2.id}/reviewers`, { name: "R", email: "r@x.example", dueDate: "2020-01-01" })).body).toEqual({
      error: "due_date_past",
    });
    expect((await staff.get(`/manuscripts?stage=nope`)).body).toEqual({ error: "invalid_stage" });
    expect((await staff.get(`/manuscripts/999999`)).status).toBe(404);
  });

  it("withdrawal by the author through the link closes the reviewers' links", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j);
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Rev", email: "rev@x.example", dueDate: inDays(9) });
    const out = await outboxOf(staff);
    const track = linkIn(out.find((x) => x.kind === "acknowledgement")!.text, "track");
    const review = linkIn(out.find((x) => x.kind === "review.invitation")!.text, "review");
    const a = await openSession(j.host, "track", track.token);
    const noConfirm = await linkRequest(j.host, "/track/withdraw", a.cookie, { method: "POST", body: new URLSearchParams({}) });
    expect(noConfirm.status).toBe(400);
    expect(await noConfirm.text()).toContain("Tick the box");
    const w = await linkRequest(j.host, "/track/withdraw", a.cookie, { method: "POST", body: new URLSearchParams({ confirm: "yes" }) });
    expect(w.status).toBe(303);
    expect((await detail(staff, m.id)).stage).toBe("withdrawn");
    expect((await openSession(j.host, "review", review.token)).body).toEqual({ error: "link_revoked" });
  });

  it("lists with filters: stage, overdue, search by reference, title, author and e-mail", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const a = await submitManuscript(j, "Salt marsh carbon");
    const b = await submitManuscript(j, "Desert locust swarms");
    await staff.post(`/manuscripts/${b.id}/reviewers`, { name: "Late", email: "late@x.example", dueDate: inDays(3) });
    await db.update((await import("../core/data/schema")).reviewAssignments).set({ dueDate: "2020-01-01" });
    const ids = async (q: string) => (await staff.get(`/manuscripts?${q}`)).body.manuscripts.map((x: { id: number }) => x.id);
    expect(await ids("stage=under_review")).toEqual([b.id]);
    expect(await ids("overdue=1")).toEqual([b.id]);
    expect(await ids(`q=${a.reference}`)).toEqual([a.id]);
    expect(await ids("q=marsh")).toEqual([a.id]);
    expect((await ids("q=siddiqa")).sort()).toEqual([a.id, b.id].sort());
    expect((await ids("q=uni.example")).length).toBe(2);
    expect(await ids("q=%25")).toEqual([]);
  });
});

describe("staff add a manuscript that came by e-mail", () => {
  it("stores it with its PDF, acknowledges it, and refuses what is not a PDF", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const { adminToken, bearer } = await import("#tests/api/auth-fixtures");
    const token = await adminToken(j);
    const f = new FormData();
    for (const [k, v] of Object.entries({ name: "Dr. Mail", email: "mail@author.example", title: "Sent by e-mail", country: "" }))
      f.set(k, v);
    f.set("pdfFile", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "x.pdf"));
    const bad = await request(j.host, "/api/admin/manuscripts", { method: "POST", body: f, headers: bearer(token) });
    expect([bad.status, await bad.json()]).toEqual([400, { error: "invalid_file_type" }]);
    f.set("pdfFile", new File([pdfBytes("by mail")], "x.pdf"));
    const ok = await request(j.host, "/api/admin/manuscripts", { method: "POST", body: f, headers: bearer(token) });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { id: number; source: string; stage: string; timeline: { summary: string }[] };
    expect([body.source, body.stage]).toEqual(["staff", "received"]);
    expect(body.timeline[0].summary).toContain("Added by staff");
    expect((await outboxOf(staff)).some((x) => x.kind === "acknowledgement" && x.to === "mail@author.example")).toBe(true);
    // Unauthenticated: refused.
    expect((await request(j.host, "/api/admin/manuscripts")).status).toBe(401);
  });
});
