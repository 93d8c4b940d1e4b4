// Signed links (docs/decisions/0190): one purpose, one subject, one journal's hosts, until expiry or revocation;
// and double-blind: nothing a reviewer's link can fetch names the author.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createJournal, db, request } from "#tests/api/fixtures";
import { accessLinks } from "../core/data/schema";
import { AUTHOR, detail, inDays, linkIn, linkRequest, openSession, outboxOf, staffOf, submitManuscript } from "./workflow.fixtures";

async function invited(title = "Lichens on basalt") {
  const j = await createJournal();
  const staff = await staffOf(j);
  const m = await submitManuscript(j, title);
  await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) });
  const out = await outboxOf(staff);
  return {
    j,
    staff,
    m,
    review: linkIn(out.find((x) => x.kind === "review.invitation")!.text, "review"),
    track: linkIn(out.find((x) => x.kind === "acknowledgement")!.text, "track"),
    invitation: out.find((x) => x.kind === "review.invitation")!,
  };
}

describe("signed links", () => {
  it("open only their own purpose and journal; a changed token is invalid", async () => {
    const { j, review, track } = await invited();
    const other = await createJournal();
    expect((await openSession(j.host, "review", review.token)).status).toBe(200);
    expect((await openSession(j.host, "track", track.token)).status).toBe(200);
    // A reviewer's token is not an author's, and the reverse.
    expect((await openSession(j.host, "track", review.token)).body).toEqual({ error: "link_invalid" });
    expect((await openSession(j.host, "review", track.token)).body).toEqual({ error: "link_invalid" });
    // Another journal's host: invalid.
    expect((await openSession(other.host, "review", review.token)).body).toEqual({ error: "link_invalid" });
    // Another row id with this MAC, or a flipped character: invalid.
    const [id, mac] = review.token.split(".");
    expect((await openSession(j.host, "review", `${Number(id) + 1}.${mac}`)).status).toBe(404);
    const flipped = `${id}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    expect((await openSession(j.host, "review", flipped)).status).toBe(404);
    // The same MAC with the last character's unused bits set decodes to the same bytes: still not a link.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const loose = `${id}.${mac.slice(0, -1)}${alphabet[alphabet.indexOf(mac.slice(-1)) + 1]}`;
    expect((await openSession(j.host, "review", loose)).status).toBe(404);
    // A cookie copied onto another journal's host opens nothing there.
    const s = await openSession(j.host, "review", review.token);
    const there = await linkRequest(other.host, "/review", s.cookie);
    expect(there.status).toBe(404);
    expect(await there.text()).toContain("This link is not valid");
  });

  it("stop working when they expire or are revoked", async () => {
    const { j, staff, m, review, track } = await invited();
    const s = await openSession(j.host, "review", review.token);
    const [id] = review.token.split(".");
    await db
      .update(accessLinks)
      .set({ expiresAt: "2020-01-01T00:00:00.000Z" })
      .where(eq(accessLinks.id, Number(id)));
    expect((await openSession(j.host, "review", review.token)).body).toEqual({ error: "link_expired" });
    const page = await linkRequest(j.host, "/review", s.cookie);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This link has expired");
    await db
      .update(accessLinks)
      .set({ expiresAt: "2099-01-01T00:00:00.000Z" })
      .where(eq(accessLinks.id, Number(id)));
    expect((await linkRequest(j.host, "/review", s.cookie)).status).toBe(200);
    // Staff withdraw the invitation: the link is revoked at once, the open session with it.
    const d = await detail(staff, m.id);
    const revoked = await staff.post(`/manuscripts/${m.id}/reviews/${d.reviews[0].id}/revoke`);
    expect(revoked.body.reviews[0]).toMatchObject({ status: "revoked", linkActive: false });
    expect((await openSession(j.host, "review", review.token)).body).toEqual({ error: "link_revoked" });
    expect((await linkRequest(j.host, "/review", s.cookie)).status).toBe(410);
    expect((await linkRequest(j.host, "/review/manuscript.pdf", s.cookie)).status).toBe(410);
    // The author's link is untouched, until staff replace it: the old one stops, the new one (e-mailed) opens.
    const a = await openSession(j.host, "track", track.token);
    expect(a.status).toBe(200);
    expect((await staff.post(`/manuscripts/${m.id}/tracking-link`)).status).toBe(200);
    expect((await openSession(j.host, "track", track.token)).body).toEqual({ error: "link_revoked" });
    expect((await linkRequest(j.host, "/track", a.cookie)).status).toBe(410);
    const fresh = linkIn((await outboxOf(staff)).find((x) => x.kind === "tracking_link")!.text, "track");
    expect(fresh.token).not.toBe(track.token);
    expect((await openSession(j.host, "track", fresh.token)).status).toBe(200);
  });

  it("without a session the page only offers the exchange, and never answers an action", async () => {
    const { j } = await invited();
    const page = await request(j.host, "/review");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/workflow-link.js" defer></script>');
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const post = await request(j.host, "/review/respond", {
      method: "POST",
      body: new URLSearchParams({ answer: "accept" }),
      redirect: "manual",
    });
    expect(await post.text()).not.toContain("Accept the invitation");
    const script = await request(j.host, "/workflow-link.js");
    expect(script.headers.get("content-type")).toContain("javascript");
    // A post from another site is refused.
    const foreign = await request(j.host, "/api/workflow/link", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ purpose: "review", token: "1.x" }),
    });
    expect(foreign.status).toBe(403);
  });

  it("the page's own form posts (Origin: null under no-referrer) pass; a cross-site post does not", async () => {
    const { j, review } = await invited();
    const s = await openSession(j.host, "review", review.token);
    const crossSite = await linkRequest(j.host, "/review/respond", s.cookie, {
      method: "POST",
      body: new URLSearchParams({ answer: "accept" }),
      headers: { "sec-fetch-site": "cross-site", origin: "null" },
    });
    expect(crossSite.status).toBe(403);
    const own = await linkRequest(j.host, "/review/respond", s.cookie, {
      method: "POST",
      body: new URLSearchParams({ answer: "accept" }),
      headers: { "sec-fetch-site": "same-origin", origin: "null" },
    });
    expect(own.status).toBe(303);
  });
});

describe("double-blind", () => {
  it("nothing a reviewer's link fetches names the author or their e-mail", async () => {
    const { j, review, invitation } = await invited();
    const names = [AUTHOR.name, "Siddiqa", "Ayesha", AUTHOR.email, "uni.example", "Siddiqa-arsenic-final"];
    const seen: string[] = [invitation.subject, invitation.text];
    const s = await openSession(j.host, "review", review.token);
    seen.push(JSON.stringify(s.body));
    const pages = [await linkRequest(j.host, "/review", s.cookie)];
    await linkRequest(j.host, "/review/respond", s.cookie, { method: "POST", body: new URLSearchParams({ answer: "accept" }) });
    pages.push(await linkRequest(j.host, "/review", s.cookie));
    const pdf = await linkRequest(j.host, "/review/manuscript.pdf", s.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="manuscript-SUB-\d{8}-[A-Z0-9]{6}-round1\.pdf"$/);
    for (const res of pages) {
      seen.push(await res.text());
      seen.push(JSON.stringify([...res.headers]));
    }
    seen.push(JSON.stringify([...pdf.headers]));
    const all = seen.join("\n");
    for (const n of names) expect(all).not.toContain(n);
    // And the reviewer's name never reaches the author: the invitation is to the reviewer only.
    expect(invitation.to).toBe("ines@rev.example");
  });
});
