// Figures "resized for the web" (issue 51 item 1, docs/decisions/0388): a Word file's picture wider than the page is
// shown from a copy 1600 px wide made by Cloudflare's Images binding (run locally by Miniflare with Sharp), with its
// width and height on the <img>; the original stays in R2 and is what the JATS file names. Sizes are read back by
// the Images binding's own info() (libvips), not by the Worker's header reader.
import { env } from "cloudflare:workers";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { barChartPng } from "../../scripts/demo/chart-png";
import { writeDocx } from "../../scripts/demo/docx-writer";
import { attachWordFile, publishFulltext } from "./fulltext-admin.testing";
import { WEB_FIGURE_WIDTH, webCopyOf } from "./web-figure";

const images = (env as unknown as { IMAGES: ImagesBinding }).IMAGES;
const infoOf = async (bytes: Uint8Array | ArrayBuffer) => images.info(new Blob([bytes]).stream());

/** The <img>s of some HTML, as an HTML parser reads them. */
async function imgsOf(html: string): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  await new HTMLRewriter()
    .on("img", { element: (e) => void out.push(Object.fromEntries([...e.attributes])) })
    .transform(new Response(html))
    .text();
  return out;
}

describe("figures resized for the web", () => {
  it("a figure wider than 1600 px is shown from a 1600 px copy with its size; the original stays for JATS; a narrow one as it is", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const auth = bearer(await adminToken(j));
    const wide = barChartPng([0.2, 0.5, 0.8, 0.4], [31, 74, 122], 2400, 1500);
    const narrow = barChartPng([0.3, 0.6], [150, 40, 40], 480, 300);
    const docx = writeDocx([
      { kind: "heading", level: 1, text: "Results" },
      { kind: "figure", png: wide, width: 480, height: 300, alt: "Yield by district", caption: "Figure 1. Yield by district" },
      { kind: "figure", png: narrow, width: 480, height: 300, alt: "Two bars", caption: "Figure 2. Two bars" },
    ]);
    const up = await attachWordFile(j.host, a.id, auth, new File([docx], "manuscript.docx"));
    expect(up.status).toBe(200);
    const [first, second] = await imgsOf(((await up.json()) as { draft_html: string }).draft_html);

    // The wide figure: the page gets the web copy, with the copy's own size (2400 x 1500 scaled to 1600 x 1000).
    expect(first.src).toMatch(/^\/assets\/fulltext\/\d+\/figure1-\w+\.web\.png$/);
    expect([first.width, first.height, first.alt]).toEqual(["1600", "1000", "Yield by district"]);
    const web = await request(j.host, first.src);
    expect(web.status).toBe(200);
    expect(web.headers.get("content-type")).toBe("image/png");
    const webBytes = new Uint8Array(await web.arrayBuffer());
    expect(await infoOf(webBytes)).toMatchObject({ format: "image/png", width: 1600, height: 1000 });
    expect(webBytes.length).toBeLessThan(wide.length);
    // The original, unchanged, beside it.
    const originalPath = first.src.replace(".web.png", ".png");
    const original = new Uint8Array(await (await request(j.host, originalPath)).arrayBuffer());
    expect(original).toEqual(wide);

    // The narrow figure: no copy, its own size.
    expect(second.src).toMatch(/^\/assets\/fulltext\/\d+\/figure2-\w+\.png$/);
    expect([second.width, second.height]).toEqual(["480", "300"]);

    // Published: the page shows the web copy; the JATS file names the original.
    const pub = await publishFulltext(j.host, a.id, auth);
    expect(pub.status).toBe(200);
    const pagePath = `/archives/2024/vol3/issue2/${a.refnumber}`;
    const onPage = (await imgsOf(await (await request(j.host, pagePath)).text())).filter((i) => i.src?.startsWith("/assets/fulltext/"));
    expect(onPage.map((i) => [i.src, i.width, i.height])).toEqual([
      [first.src, "1600", "1000"],
      [second.src, "480", "300"],
    ]);
    const jats = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(
      await (await request(j.host, `${pagePath}.xml`)).text(),
    );
    const hrefs = JSON.stringify(jats).match(/"@xlink:href":"[^"]*\/assets\/fulltext\/[^"]+"/g) ?? [];
    expect(hrefs).toHaveLength(2);
    expect(hrefs[0]).toContain(originalPath);
    expect(hrefs.join()).not.toContain(".web.");
  });

  it("a wide JPEG gets a JPEG copy; a GIF, a narrow picture, a damaged one or no binding get none (the original is shown)", async () => {
    const wide = barChartPng([0.9, 0.1], [20, 120, 60], 3000, 2000);
    const jpeg = new Uint8Array(
      await (await images.input(new Blob([wide]).stream()).output({ format: "image/jpeg", quality: 95 })).response().arrayBuffer(),
    );
    expect(await infoOf(jpeg)).toMatchObject({ format: "image/jpeg", width: 3000, height: 2000 });
    const copy = await webCopyOf(images, jpeg, "image/jpeg");
    expect(copy).toMatchObject({ width: WEB_FIGURE_WIDTH, height: 1067 });
    expect(await infoOf(copy!.bytes)).toMatchObject({ format: "image/jpeg", width: 1600, height: 1067 });

    expect(await webCopyOf(images, barChartPng([0.5], [0, 0, 0], 1600, 900), "image/png")).toBeNull();
    expect(await webCopyOf(undefined, wide, "image/png")).toBeNull();
    // A GIF (it may be animated; the binding in local mode writes no GIF either): only its header is read.
    const gif = new Uint8Array([...new TextEncoder().encode("GIF89a"), 0xb8, 0x0b, 0xd0, 0x07, 0xf0, 0, 0, 0, 0, 0, 0, 0x3b]);
    expect(await webCopyOf(images, gif, "image/gif")).toBeNull();
    // A PNG header announcing 4000 px over bytes that are no picture: refused by the binding, kept as it is.
    const damaged = new Uint8Array(wide.slice(0, 64));
    expect(await webCopyOf(images, damaged, "image/png")).toBeNull();
  });
});
