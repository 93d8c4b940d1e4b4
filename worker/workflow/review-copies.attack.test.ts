// Double-blind files as an attacker would test them (issue 48 item 1): the author's PDF names them in its document
// information dictionary and its XMP metadata; nothing a reviewer downloads may carry either, and a reviewer's PDF
// reaches the author the same way. Staff keep the originals and are told what the copies leave out.
import { describe, expect, it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import {
  AUTHOR,
  detail,
  inDays,
  linkIn,
  linkRequest,
  openSession,
  outboxOf,
  pdfNaming,
  staffOf,
  submitManuscript,
} from "./workflow.fixtures";

const latin1 = (b: ArrayBuffer) => new TextDecoder("latin1").decode(b);
const NAMES = [AUTHOR.name, "Siddiqa", "Ayesha"];

async function reviewing() {
  const j = await createJournal();
  const staff = await staffOf(j);
  const m = await submitManuscript(j, "Lichens on basalt");
  await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) });
  const out = await outboxOf(staff);
  const review = linkIn(out.find((x) => x.kind === "review.invitation")!.text, "review");
  const track = linkIn(out.find((x) => x.kind === "acknowledgement")!.text, "track");
  const s = await openSession(j.host, "review", review.token);
  return { j, staff, m, s, track };
}

describe("double-blind files", () => {
  it("the reviewer's download has no Author, Creator, Title or XMP naming the author; staff keep the original", async () => {
    const { j, staff, m, s } = await reviewing();
    const res = await linkRequest(j.host, "/review/manuscript.pdf", s.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const copy = latin1(await res.arrayBuffer());
    expect(copy.startsWith("%PDF-")).toBe(true);
    for (const n of NAMES) expect(copy).not.toContain(n);
    expect(copy).not.toMatch(/\/Author|\/Creator|\/Metadata|x:xmpmeta/);
    // The page text is still there (the copy is the manuscript, not an empty file).
    expect(copy).toContain("/Type /Page");
    // Staff: the original, byte for byte, and what the copy leaves out.
    const d = await detail(staff, m.id);
    const original = d.files.find((f) => f.kind === "manuscript")!;
    expect(original.metadataRemoved).toEqual(expect.arrayContaining([`Author: ${AUTHOR.name}`, "XMP metadata"]));
    const token = await adminToken(j);
    const staffCopy = await request(j.host, original.url, { headers: bearer(token) });
    expect(staffCopy.status).toBe(200);
    expect((await staffCopy.arrayBuffer()).byteLength).toBe(original.size);
  });

  it("an editor's file for review replaces the author's file for that round, without its metadata either", async () => {
    const { j, staff, m, s } = await reviewing();
    const token = await adminToken(j);
    const form = new FormData();
    form.set("pdfFile", new File([await pdfNaming("Office Editor Kim", "anonymised lichens")], "anon.pdf", { type: "application/pdf" }));
    const up = await request(j.host, `/api/admin/manuscripts/${m.id}/review-file`, { method: "POST", headers: bearer(token), body: form });
    expect(up.status).toBe(201);
    const d = (await up.json()) as Awaited<ReturnType<typeof detail>>;
    expect(d.files.map((f) => f.kind)).toContain("review_copy");
    expect(d.timeline.some((e) => e.summary.startsWith("File for review uploaded for round 1"))).toBe(true);
    const copy = latin1(await (await linkRequest(j.host, "/review/manuscript.pdf", s.cookie)).arrayBuffer());
    expect(copy).not.toContain("Office Editor Kim");
    expect(copy.length).toBeGreaterThan(0);
    // Not a PDF: refused, nothing stored.
    const bad = new FormData();
    bad.set("pdfFile", new File(["hello"], "x.pdf", { type: "application/pdf" }));
    const refused = await request(j.host, `/api/admin/manuscripts/${m.id}/review-file`, {
      method: "POST",
      headers: bearer(token),
      body: bad,
    });
    expect(refused.status).toBe(400);
    expect((await detail(staff, m.id)).files.filter((f) => f.kind === "review_copy")).toHaveLength(1);
  });

  it("a file that cannot be read safely is not given out; the editor is told", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    // Starts like a PDF, but has no catalog: no copy can be made of it.
    const broken = new TextEncoder().encode(`%PDF-1.4\n1 0 obj<</Author (${AUTHOR.name})>>endobj\ntrailer<</Info 1 0 R>>\n%%EOF\n`);
    const m = await submitManuscript(j, "Broken lichens", { file: broken });
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) });
    const review = linkIn((await outboxOf(staff)).find((x) => x.kind === "review.invitation")!.text, "review");
    const s = await openSession(j.host, "review", review.token);
    const res = await linkRequest(j.host, "/review/manuscript.pdf", s.cookie);
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).not.toContain(AUTHOR.name);
    expect(page).toContain("could not be checked");
    expect((await detail(staff, m.id)).files[0].metadataRemoved).toBe("unreadable");
  });

  it("a reviewer's PDF reaches the author without the reviewer's name; the round's link ends with the decision", async () => {
    const { j, staff, m, s, track } = await reviewing();
    await linkRequest(j.host, "/review/respond", s.cookie, { method: "POST", body: new URLSearchParams({ answer: "accept" }) });
    const form = new FormData();
    form.set("recommendation", "minor_revisions");
    form.set("commentsAuthor", "Clear; the figures need scales.");
    form.set(
      "reviewFile",
      new File([await pdfNaming("Dr. Ines Moreau", "review notes")], "moreau-review.pdf", { type: "application/pdf" }),
    );
    expect((await linkRequest(j.host, "/review/submit", s.cookie, { method: "POST", body: form })).status).toBe(303);
    const a = await openSession(j.host, "track", track.token);
    const page = await (await linkRequest(j.host, "/track", a.cookie)).text();
    const href = /href="(\/track\/review-file\?review=\d+)"/.exec(page)?.[1];
    expect(href).toBeTruthy();
    const res = await linkRequest(j.host, href!, a.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).not.toContain("moreau");
    const copy = latin1(await res.arrayBuffer());
    for (const n of ["Moreau", "Ines"]) expect(copy).not.toContain(n);
    // Another manuscript's review id answers nothing.
    expect((await linkRequest(j.host, "/track/review-file?review=999999", a.cookie)).status).toBe(404);
    // After the decision the round is over: the reviewer keeps their review, no longer the manuscript.
    await staff.post(`/manuscripts/${m.id}/decision`, { decision: "revisions_requested", subject: "Revise", text: "Please revise." });
    expect((await linkRequest(j.host, "/review/manuscript.pdf", s.cookie)).status).toBe(410);
    const own = await (await linkRequest(j.host, "/review", s.cookie)).text();
    expect(own).toContain("Clear; the figures need scales.");
    expect(own).not.toContain("/review/manuscript.pdf");
  });
});
