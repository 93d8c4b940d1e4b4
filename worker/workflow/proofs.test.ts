// Copyedits and proofs checked by the author through the tracking link (issue 48 item 3), sent by a production
// account, which sees accepted manuscripts and after, never those in review.
import { describe, expect, it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { linkIn, linkRequest, openSession, outboxOf, pdfNaming, staffOf, submitManuscript } from "./workflow.fixtures";

const letter = (decision: string) => ({ decision, subject: `Decision ${decision}`, text: `Letter for ${decision}.` });

describe("proofs", () => {
  it("production sends proofs; the author downloads and approves them, or sends corrections", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const inReview = await submitManuscript(j, "Still in review");
    const m = await submitManuscript(j, "Tillage and earthworms");
    await staff.post(`/manuscripts/${m.id}/decision`, letter("accepted"));
    const production = bearer(await adminToken(j, { role: "production" }));
    // The production list: accepted and after only; the editors' list stays closed to production.
    const list = await request(j.host, "/api/admin/production/manuscripts", { headers: production });
    const ids = ((await list.json()) as { manuscripts: { id: number }[] }).manuscripts.map((x) => x.id);
    expect(ids).toContain(m.id);
    expect(ids).not.toContain(inReview.id);
    expect((await request(j.host, "/api/admin/manuscripts", { headers: production })).status).toBe(403);
    const send = async (id: number, note = "") => {
      const f = new FormData();
      f.set("pdfFile", new File([await pdfNaming("Typesetter", "proof pages")], "proofs.pdf", { type: "application/pdf" }));
      f.set("note", note);
      return request(j.host, `/api/admin/production/manuscripts/${id}/author-check`, { method: "POST", headers: production, body: f });
    };
    // Accepted has nothing for the author to check; in review is not production's.
    expect((await send(m.id)).status).toBe(409);
    expect((await send(inReview.id)).status).toBe(404);
    await staff.post(`/manuscripts/${m.id}/decision`, letter("copyediting"));
    expect((await send(m.id, "Please check the references.")).status).toBe(201);
    const track = linkIn((await outboxOf(staff)).find((x) => x.kind === "acknowledgement" && x.manuscriptId === m.id)!.text, "track");
    const a = await openSession(j.host, "track", track.token);
    let page = await (await linkRequest(j.host, "/track", a.cookie)).text();
    expect(page).toContain("Please check the copyedited manuscript");
    const corr = await linkRequest(j.host, "/track/check", a.cookie, {
      method: "POST",
      body: new URLSearchParams({ answer: "corrections", corrections: "Page 2: the units are mg/kg." }),
    });
    expect(corr.status).toBe(303);
    await staff.post(`/manuscripts/${m.id}/decision`, letter("production"));
    expect((await send(m.id)).status).toBe(201);
    const mail = (await outboxOf(staff)).find((x) => x.kind === "author_check.proof")!;
    expect(mail.to).toBe("ayesha.siddiqa@uni.example.org");
    expect(mail.text).toContain("/track#");
    page = await (await linkRequest(j.host, "/track", a.cookie)).text();
    expect(page).toContain("Please check the proofs");
    const file = await linkRequest(j.host, "/track/check-file", a.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    // Approving with nothing waiting after: refused.
    expect(
      (await linkRequest(j.host, "/track/check", a.cookie, { method: "POST", body: new URLSearchParams({ answer: "approve" }) })).status,
    ).toBe(303);
    expect(
      (await linkRequest(j.host, "/track/check", a.cookie, { method: "POST", body: new URLSearchParams({ answer: "approve" }) })).status,
    ).toBe(409);
    page = await (await linkRequest(j.host, "/track", a.cookie)).text();
    expect(page).toContain("You approved the proofs");
    const d = (await staff.get(`/manuscripts/${m.id}`)).body;
    const summaries = d.timeline.map((e: { summary: string }) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        "Proofs sent to the author",
        "The author approved the proofs",
        "The author sent corrections to the copyedited manuscript:\nPage 2: the units are mg/kg.",
      ]),
    );
    expect((await outboxOf(staff)).some((x) => x.kind === "office.author_check")).toBe(true);
  });
});
