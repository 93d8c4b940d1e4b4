// Staff editor calls: list and load any status, create with a checked picture, update, toggle, tenancy.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createEditor, createJournal, getJson, request, type TestJournal } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { IMAGE_MAX_BYTES } from "#contract/constants";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

interface Ctx {
  j: TestJournal;
  token: string;
}

async function setup(): Promise<Ctx> {
  const j = await createJournal();
  return { j, token: await adminToken(j) };
}

const fields = (over: Record<string, string | undefined> = {}) => ({
  name: "Dr. Aynur Məmmədova",
  degree: "PhD",
  post: "Professor",
  content: "Baku State University & Institute of Botany",
  category: "chief editor",
  email: "aynur@example.org",
  phone: "+994 12 000 00 00",
  country: "Azerbaijan",
  ...over,
});

function form(f: Record<string, string | undefined>, img?: { bytes: Uint8Array; name?: string; type?: string }): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(f)) if (v !== undefined) body.set(k, v);
  if (img) body.set("imgFile", new File([img.bytes], img.name ?? "photo.png", { type: img.type ?? "image/png" }));
  return body;
}

const create = (c: Ctx, body: FormData) => getJson(c.j.host, "/api/editors", { method: "POST", headers: bearer(c.token), body });
const update = (c: Ctx, id: number, body: FormData | string, json = false) =>
  getJson(c.j.host, `/api/editors/${id}`, {
    method: "POST",
    headers: { ...bearer(c.token), ...(json ? { "content-type": "application/json" } : {}) },
    body,
  });

async function pictures(j: TestJournal): Promise<string[]> {
  return (await env.FILES.list({ prefix: `journals/${j.id}/editors/` })).objects.map((o) => o.key.split("/").pop()!);
}

describe("editors (staff)", () => {
  it("creates an editor with a picture stored under a generated name and served with its checked type", async () => {
    const c = await setup();
    const r = await create(c, form(fields({ category: "Chief Editor" }), { bytes: PNG, name: "../../evil.svg", type: "image/svg+xml" }));
    expect(r.status).toBe(201);
    const e = r.body.editor;
    expect(e).toMatchObject({
      name: "Dr. Aynur Məmmədova",
      degree: "PhD",
      post: "Professor",
      category: "chief editor",
      status: "enabled",
      content: "Baku State University & Institute of Botany",
      country: "Azerbaijan",
    });
    expect(e.picture).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(e.picture_url).toBe(`/assets/editors/${e.picture}`);
    expect(await pictures(c.j)).toEqual([e.picture]);
    const served = await request(c.j.host, e.picture_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // Without a picture: the default avatar.
    const plain = await create(c, form(fields({ name: "No Photo" })));
    expect(plain.body.editor).toMatchObject({ picture: "", picture_url: "/img/avatar.png" });
  });

  it("accepts JPEG, WebP and GIF by content and refuses SVG, other files and oversized images", async () => {
    const c = await setup();
    for (const [bytes, ext] of [
      [JPEG, "jpg"],
      [WEBP, "webp"],
      [GIF, "gif"],
    ] as const) {
      const r = await create(c, form(fields({ name: `Dr. Picture ${ext}` }), { bytes, name: "x.bin", type: "application/octet-stream" }));
      expect(r.status).toBe(201);
      expect(r.body.editor.picture.endsWith(`.${ext}`)).toBe(true);
    }
    const before = await pictures(c.j);
    const refused: [Uint8Array, number, string][] = [
      [SVG, 400, "invalid_file_type"],
      [new TextEncoder().encode("%PDF-1.4 not an image"), 400, "invalid_file_type"],
      [new TextEncoder().encode("<html><img src=x onerror=alert(1)></html>"), 400, "invalid_file_type"],
      [
        (() => {
          const b = new Uint8Array(IMAGE_MAX_BYTES + 1);
          b.set(PNG);
          return b;
        })(),
        413,
        "file_too_large",
      ],
    ];
    for (const [bytes, status, code] of refused) {
      const r = await create(c, form(fields({ name: `Refused ${code}` }), { bytes, name: "photo.png", type: "image/png" }));
      expect([r.status, r.body]).toEqual([status, { error: code }]);
    }
    expect(await pictures(c.j)).toEqual(before);
    const list = await getJson(c.j.host, "/api/admin/editors", { headers: bearer(c.token) });
    expect(list.body.some((e: { name: string }) => e.name.startsWith("Refused"))).toBe(false);
  });

  it("requires category, post, name and affiliation from the fixed lists", async () => {
    const c = await setup();
    const bad = [
      { name: undefined },
      { name: "  " },
      { content: undefined },
      { post: undefined },
      { category: undefined },
      { category: "guest editor" },
      { post: "Dean" },
      { post: "<img src=x onerror=alert(1)>Professor" },
      { status: "archived" },
    ];
    for (const over of bad) {
      const r = await create(c, form(fields(over)));
      expect([over, r.status, r.body]).toEqual([over, 400, { error: "invalid_input" }]);
    }
    expect((await getJson(c.j.host, "/api/admin/editors", { headers: bearer(c.token) })).body).toEqual([]);
  });

  it("lists and loads editors of every status for staff, while the public sees enabled ones only", async () => {
    const c = await setup();
    const on = await createEditor(c.j.id, { name: "Enabled One" });
    const off = await createEditor(c.j.id, { name: "Disabled One", status: "disabled" });
    const list = await getJson(c.j.host, "/api/admin/editors", { headers: bearer(c.token) });
    expect(list.body.map((e: { name: string }) => e.name)).toEqual(["Enabled One", "Disabled One"]);
    expect(list.body[0].picture_url).toBe("/img/avatar.png");
    expect((await getJson(c.j.host, `/api/admin/editors/${off.id}`, { headers: bearer(c.token) })).body).toMatchObject({
      id: off.id,
      status: "disabled",
    });
    expect((await request(c.j.host, `/api/editors/${off.id}`)).status).toBe(404);
    expect((await getJson(c.j.host, "/api/editors/")).body.map((e: { id: number }) => e.id)).toEqual([on.id]);
  });

  it("toggles the status with a status-only body (form or JSON)", async () => {
    const c = await setup();
    const e = await createEditor(c.j.id, { name: "Toggle Me", content: "Uni" });
    const off = await update(c, e.id, form({ status: "disabled" }));
    expect(off.status).toBe(200);
    expect(off.body.editor).toMatchObject({ status: "disabled", name: "Toggle Me", content: "Uni" });
    expect((await request(c.j.host, `/api/editors/${e.id}`)).status).toBe(404);
    const on = await update(c, e.id, JSON.stringify({ status: "enabled" }), true);
    expect(on.body.editor.status).toBe("enabled");
    expect(await update(c, e.id, form({ status: "maybe" }))).toMatchObject({ status: 400, body: { error: "invalid_input" } });
  });

  it("updates fields and replaces the picture, deleting the old object", async () => {
    const c = await setup();
    const created = (await create(c, form(fields(), { bytes: PNG }))).body.editor;
    const r = await update(
      c,
      created.id,
      form(fields({ name: "Renamed", category: "associate editor", post: "Scientist" }), {
        bytes: JPEG,
        name: "new.jpg",
        type: "image/jpeg",
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.editor).toMatchObject({ id: created.id, name: "Renamed", category: "associate editor", post: "Scientist" });
    expect(r.body.editor.picture).toMatch(/\.jpg$/);
    expect(await pictures(c.j)).toEqual([r.body.editor.picture]);
    expect(r.body.editor.updated_at >= created.updated_at).toBe(true);
    // An edit without a picture keeps it; a partial edit keeps the other fields.
    const keep = await update(c, created.id, form({ degree: "DSc" }));
    expect(keep.body.editor).toMatchObject({ picture: r.body.editor.picture, name: "Renamed", degree: "DSc" });
    // A refused edit changes nothing and stores no picture.
    const refused = await update(c, created.id, form({ name: "" }, { bytes: GIF }));
    expect(refused).toMatchObject({ status: 400, body: { error: "invalid_input" } });
    expect(await pictures(c.j)).toEqual([r.body.editor.picture]);
    expect((await getJson(c.j.host, `/api/admin/editors/${created.id}`, { headers: bearer(c.token) })).body.name).toBe("Renamed");
  });

  it("keeps journals apart", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = await createEditor(b.j.id, { name: "Theirs" });
    expect((await getJson(a.j.host, `/api/admin/editors/${theirs.id}`, { headers: bearer(a.token) })).status).toBe(404);
    expect(await update(a, theirs.id, form({ status: "disabled" }))).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect((await getJson(b.j.host, `/api/admin/editors/${theirs.id}`, { headers: bearer(b.token) })).body.status).toBe("enabled");
    expect((await getJson(a.j.host, "/api/admin/editors", { headers: bearer(a.token) })).body).toEqual([]);
  });
});
