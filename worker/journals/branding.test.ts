// A journal's own images (issue 29 item 5): defaults drawn from its own name and ISSN, uploads in Settings with the
// checks of editor pictures, and the public sidebar pointing at them.
import { describe, expect, it } from "vitest";
import { createJournal, getJson, request, d1Of } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { env } from "cloudflare:test";
import { namedKeys } from "../platform/file-orphans";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function upload(host: string, token: string, kind: string, bytes: Uint8Array, name = "cover.png", type = "image/png") {
  const form = new FormData();
  form.append("imgFile", new File([bytes], name, { type }));
  return getJson(host, `/api/settings/images/${kind}`, { method: "POST", headers: bearer(token), body: form });
}

describe("journal images", () => {
  it("defaults are drawn from each journal's own name and ISSN, never another journal's", async () => {
    const a = await createJournal({ websitename: "Journal of Alpine Botany", issn: "2394-7500" });
    const b = await createJournal({ websitename: "Review of Coastal Law", issn: "2049-3630" });
    const settings = (await getJson(a.host, "/api/settings/")).body;
    expect(settings.cover_image_url).toBe("/assets/branding/cover.svg");
    expect(settings.certificate_image_url).toBe("/assets/branding/certificate.svg");
    for (const kind of ["cover", "certificate"]) {
      const svgA = await (await request(a.host, `/assets/branding/${kind}.svg`)).text();
      const svgB = await (await request(b.host, `/assets/branding/${kind}.svg`)).text();
      expect(svgA).toMatch(/ALPINE BOTANY|Alpine Botany/);
      expect(svgA).toContain("2394-7500");
      expect(svgA).not.toMatch(/Coastal|2049-3630/i);
      expect(svgB).toMatch(/COASTAL LAW|Coastal Law/);
      expect(svgB).not.toMatch(/Alpine/i);
    }
    const logo = await request(a.host, "/assets/branding/logo.svg");
    expect(logo.headers.get("content-type")).toContain("image/svg+xml");
    expect(await logo.text()).toContain(">JAB<");
    // The public page's sidebar shows this journal's images.
    const html = await (await request(a.host, "/")).text();
    expect(html).toContain('src="/assets/branding/cover.svg"');
    expect(html).not.toContain("/img/cover-page.png");
  });

  it("an admin uploads a cover image: the sidebar shows it; bad files are refused; another journal cannot read it", async () => {
    const a = await createJournal();
    const b = await createJournal();
    const token = await adminToken(a);
    expect((await upload(a.host, token, "cover", new TextEncoder().encode("<svg/>"), "x.svg", "image/svg+xml")).body).toEqual({
      error: "invalid_file_type",
    });
    expect((await upload(a.host, token, "cover", new Uint8Array(2_097_153).fill(1))).status).toBe(413);
    expect((await upload(a.host, token, "banner", PNG)).status).toBe(404);
    const form = new FormData();
    form.append("imgFile", new File([PNG], "c.png", { type: "image/png" }));
    expect((await getJson(a.host, "/api/settings/images/cover", { method: "POST", body: form })).status).toBe(401);

    const ok = await upload(a.host, token, "cover", PNG);
    expect(ok.status).toBe(200);
    const url = ok.body.cover_image_url as string;
    expect(url).toMatch(/^\/assets\/branding\/cover-[a-z0-9]{10}\.png$/);
    const image = await request(a.host, url);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect((await request(b.host, url)).status).toBe(404);
    expect(await (await request(a.host, "/")).text()).toContain(`src="${url}"`);
    // The orphan audit counts the uploaded image as named by a row (never removed as an orphan).
    const named = await namedKeys({ platform: env.DB, journals: [d1Of(a)] } as unknown as Parameters<typeof namedKeys>[0], a.id);
    expect(named.has(`journals/${a.id}/branding/${url.split("/").pop()}`)).toBe(true);

    // Back to the default: the old file is gone.
    const reset = await getJson(a.host, "/api/settings/images/cover", { method: "DELETE", headers: bearer(token) });
    expect(reset.body.cover_image_url).toBe("/assets/branding/cover.svg");
    expect((await request(a.host, url)).status).toBe(404);
  });
});
