// The orphan audit against the real local D1 and R2: objects no row names are found (old ones removed, young
// ones left for a write in flight), and rows naming a missing object are reported.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createArticle, createEditor, createJournal, pdfBytes, putArticleFile, d1Of } from "#tests/api/fixtures";
import { fileKeys } from "../core/files/keys";
import { auditFiles, removeOrphans } from "./file-orphans";

describe("files:orphans audit", () => {
  it("finds unnamed objects and missing files, and removes only the old orphans", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { year: 2024, volume: 1, issue: 1, file: "A-1-abcdefghij.pdf" });
    await putArticleFile(j.id, a);
    await createArticle(j.id, { year: 2024, volume: 1, issue: 1, file: "GONE-1-abcdefghij.pdf" });
    const e = await createEditor(j.id, { picture: "pic.png" });
    await env.FILES.put(fileKeys.editorPicture(j.id, e.picture), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const orphanPdf = fileKeys.article(j.id, 2024, 1, 1, "A-1-oldversion0.pdf");
    const orphanPic = fileKeys.editorPicture(j.id, "replaced.png");
    await env.FILES.put(orphanPdf, pdfBytes("old version"));
    await env.FILES.put(orphanPic, new Uint8Array([1, 2, 3]));

    // Right after the upload, a write may still be switching to them: nothing is an orphan yet.
    const young = await auditFiles({ platform: env.DB, journals: [d1Of(j)] }, env.FILES, { journalId: j.id });
    expect(young.orphans).toEqual([]);
    expect(young.recent.map((o) => o.key).sort()).toEqual([orphanPdf, orphanPic].sort());
    expect(young.missing).toEqual([fileKeys.article(j.id, 2024, 1, 1, "GONE-1-abcdefghij.pdf")]);

    const later = await auditFiles({ platform: env.DB, journals: [d1Of(j)] }, env.FILES, {
      journalId: j.id,
      now: new Date(Date.now() + 2 * 3_600_000),
    });
    expect(later.orphans.map((o) => o.key).sort()).toEqual([orphanPdf, orphanPic].sort());
    expect(await removeOrphans(env.FILES, later.orphans)).toBe(2);
    expect(await env.FILES.head(orphanPdf)).toBeNull();
    expect(await env.FILES.head(fileKeys.article(j.id, 2024, 1, 1, a.file))).not.toBeNull();
    expect(await env.FILES.head(fileKeys.editorPicture(j.id, e.picture))).not.toBeNull();
    expect((await auditFiles({ platform: env.DB, journals: [d1Of(j)] }, env.FILES, { journalId: j.id, graceMs: 0 })).orphans).toEqual([]);
  });
});
