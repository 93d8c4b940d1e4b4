// Double-blind files read by programs that are not ours (issue 48 item 1's contract): poppler's pdfinfo and qpdf
// find no /Author, /Creator or XMP naming the author in what a reviewer downloads, where they find all three in the
// file the author uploaded; and qpdf finds the copy a sound PDF.
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import { fileCheck } from "../documents/file-check.testing";
import { AUTHOR, inDays, linkIn, linkRequest, openSession, outboxOf, pdfNaming, staffOf, submitManuscript } from "./workflow.fixtures";

describe("a reviewer's download, read by pdfinfo and qpdf", () => {
  it("carries no Author, Creator or XMP naming the author", async () => {
    const original = await pdfNaming(AUTHOR.name, "manuscript Lichens on basalt");
    // The attack's file: readers see the author's name in it.
    const before = await fileCheck("pdf-metadata", original);
    expect(before.output).toMatch(new RegExp(`Author:\\s+${AUTHOR.name}`));
    expect(before.output).toMatch(/Creator:\s+Microsoft Word for Dr\. Ayesha Siddiqa/);
    expect(before.output).toContain(`<rdf:li>${AUTHOR.name}</rdf:li>`);
    expect(before.output).toMatch(/\/Info \d+ 0 R/);

    const j = await createJournal();
    const staff = await staffOf(j);
    await submitManuscript(j, "Lichens on basalt", { file: original });
    const m = (await staff.get("/manuscripts")).body.manuscripts[0];
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) });
    const review = linkIn((await outboxOf(staff)).find((x) => x.kind === "review.invitation")!.text, "review");
    const s = await openSession(j.host, "review", review.token);
    const res = await linkRequest(j.host, "/review/manuscript.pdf", s.cookie);
    expect(res.status).toBe(200);
    const copy = new Uint8Array(await res.arrayBuffer());

    const after = await fileCheck("pdf-metadata", copy);
    expect(after.ok, after.output).toBe(true);
    for (const n of [AUTHOR.name, "Siddiqa", "Ayesha"]) expect(after.output).not.toContain(n);
    expect(after.output).not.toMatch(/^(Author|Creator|Title):/m);
    // No XMP: pdfinfo -meta prints nothing between its heading and the next.
    expect(after.output).toMatch(/== pdfinfo -meta\n\s*== qpdf/);
    expect(after.output).not.toMatch(/\/Info|\/Metadata/);
    expect(after.output).toMatch(/Pages:\s+1/);
    const sound = await fileCheck("qpdf-check", copy);
    expect(sound.ok, sound.output).toBe(true);
    // The page's text is still the manuscript's.
    expect((await fileCheck("pdftotext", copy)).output).toContain("manuscript Lichens on basalt");
  });
});
