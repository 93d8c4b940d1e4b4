import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createArticle, createJournal, putArticleFile, request } from "#tests/api/fixtures";
import { fileKeys } from "../core/files/keys";
import { bodyText } from "#tests/api/body-text";

const article = { year: 2024, volume: 6, issue: 2, file: "IJ-2024-0007.pdf" };
const body = new TextEncoder().encode("%PDF-1.4\n" + "0123456789".repeat(100) + "\n%%EOF\n");

/** The public article that owns the file, and the file in R2 (only public articles' files are served). */
async function publishedArticleFile(journalId: number) {
  await createArticle(journalId, {
    year: article.year,
    volume: article.volume,
    issue: article.issue,
    refnumber: "IJ-2024-0007",
    file: article.file,
  });
  await putArticleFile(journalId, article, body);
}

describe("GET /assets/archives/{year}/vol{v}issue{i}/{file}", () => {
  it("serves the PDF with its type, validators and cache headers", async () => {
    const j = await createJournal();
    await publishedArticleFile(j.id);
    const res = await request(j.host, "/assets/archives/2024/vol6issue2/IJ-2024-0007.pdf");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get("last-modified")).toMatch(/GMT$/);
    expect(res.headers.get("cache-control")).toContain("max-age=");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(body);
  });

  it("answers byte ranges as PDF viewers ask for them", async () => {
    const j = await createJournal();
    await publishedArticleFile(j.id);
    const path = "/assets/archives/2024/vol6issue2/IJ-2024-0007.pdf";
    const first = await request(j.host, path, { headers: { range: "bytes=0-8" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-8/${body.length}`);
    expect(await bodyText(first)).toBe("%PDF-1.4\n");
    const tail = await request(j.host, path, { headers: { range: "bytes=-7" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${body.length - 7}-${body.length - 1}/${body.length}`);
    expect(await bodyText(tail)).toBe("\n%%EOF\n");
    const open = await request(j.host, path, { headers: { range: "bytes=1000-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 1000-${body.length - 1}/${body.length}`);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const j = await createJournal();
    await publishedArticleFile(j.id);
    const path = "/assets/archives/2024/vol6issue2/IJ-2024-0007.pdf";
    const etag = (await request(j.host, path)).headers.get("etag")!;
    const again = await request(j.host, path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("is a 404 for missing files and for any path that tries to leave its folder", async () => {
    const j = await createJournal();
    await publishedArticleFile(j.id);
    const other = await createJournal();
    await env.FILES.put(fileKeys.editorPicture(other.id, "secret.png"), "x");
    const paths = [
      "/assets/archives/2024/vol6issue2/missing.pdf",
      "/assets/archives/2024/vol6issue3/IJ-2024-0007.pdf",
      "/assets/archives/2024/vol6issue2/..%2F..%2F..%2Feditors%2Fsecret.png",
      "/assets/archives/2024/vol6issue2/%2e%2e",
      `/assets/editors/..%2F..%2F${other.id}%2Feditors%2Fsecret.png`,
      "/assets/editors/secret.png",
      "/assets/archives/2024/../../editors/secret.png",
      "/assets/indexing/",
      "/assets/whatever",
    ];
    for (const p of paths) {
      const res = await request(j.host, p);
      expect(res.status, p).toBe(404);
    }
  });
});
