// Indexing partners for journal managers (issue 37 item 3): add with a checked image, edit, enable/disable, reorder;
// the public list (GET /api/indexing/) follows at once; only managers may.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createJournal, getJson, request, type TestJournal } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

function form(f: Record<string, string>, img?: { bytes: Uint8Array; name?: string; type?: string }): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(f)) body.set(k, v);
  if (img) body.set("imgFile", new File([img.bytes], img.name ?? "logo.png", { type: img.type ?? "image/png" }));
  return body;
}

async function setup() {
  const j = await createJournal();
  const token = await tokenFor(await createAdmin(j.id));
  const post = (path: string, body: FormData | unknown) =>
    getJson(j.host, path, {
      method: "POST",
      headers: body instanceof FormData ? bearer(token) : { ...bearer(token), "content-type": "application/json" },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
  const publicList = async () => (await getJson<{ id: number; title: string; image_url: string }[]>(j.host, "/api/indexing/")).body;
  return { j, token, post, publicList };
}

const images = async (j: TestJournal) => (await env.FILES.list({ prefix: `journals/${j.id}/indexing/` })).objects.map((o) => o.key);

describe("indexing partners (staff)", () => {
  it("adds a partner with an image that the public list and the image path serve at once", async () => {
    const { j, post, publicList } = await setup();
    expect(await publicList()).toEqual([]);
    const r = await post("/api/indexing", form({ title: "Scopus", link: "https://www.scopus.com/", sortnumber: "5" }, { bytes: PNG }));
    expect(r.status).toBe(201);
    expect(r.body.entry).toMatchObject({ title: "Scopus", link: "https://www.scopus.com/", sortnumber: 5, status: "enabled" });
    expect(r.body.entry.image).toMatch(/^[0-9a-f-]{36}\.png$/);
    const list = await publicList();
    expect(list.map((e) => e.title)).toEqual(["Scopus"]);
    const img = await request(j.host, list[0].image_url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(await images(j)).toHaveLength(1);
  });

  it("edits, disables and reorders; the public list follows each change", async () => {
    const { j, post, publicList, token } = await setup();
    const a = (await post("/api/indexing", form({ title: "Alpha", sortnumber: "1" }))).body.entry;
    const b = (await post("/api/indexing", form({ title: "Beta", sortnumber: "2" }))).body.entry;
    const c = (await post("/api/indexing", form({ title: "Gamma", sortnumber: "3" }))).body.entry;
    expect((await publicList()).map((e) => e.title)).toEqual(["Alpha", "Beta", "Gamma"]);
    // Edit: a new title and an image; the old image (none) stays none, the new one is stored.
    const edited = await post(`/api/indexing/${b.id}`, form({ title: "Beta Index", link: "http://beta.example.org" }, { bytes: PNG }));
    expect(edited.body.entry).toMatchObject({ title: "Beta Index", sortnumber: 2 });
    // Replacing the image deletes the one it replaced.
    const before = await images(j);
    await post(`/api/indexing/${b.id}`, form({}, { bytes: PNG }));
    const after = await images(j);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    // Disable: gone from the public list, still in the staff list.
    expect((await post(`/api/indexing/${a.id}`, form({ status: "disabled" }))).body.entry.status).toBe("disabled");
    expect((await publicList()).map((e) => e.title)).toEqual(["Beta Index", "Gamma"]);
    const staffList = await getJson(j.host, "/api/admin/indexing", { headers: bearer(token) });
    expect(staffList.body.map((e: { title: string }) => e.title)).toEqual(["Alpha", "Beta Index", "Gamma"]);
    // Reorder: every id, in the new order.
    const ordered = await post("/api/admin/indexing/order", { ids: [c.id, a.id, b.id] });
    expect(ordered.body.map((e: { title: string; sortnumber: number }) => [e.title, e.sortnumber])).toEqual([
      ["Gamma", 10],
      ["Alpha", 20],
      ["Beta Index", 30],
    ]);
    expect((await publicList()).map((e) => e.title)).toEqual(["Gamma", "Beta Index"]);
    // An order that leaves one out (a list changed meanwhile) is refused whole.
    expect(await post("/api/admin/indexing/order", { ids: [c.id, a.id] })).toMatchObject({
      status: 409,
      body: { error: "order_mismatch" },
    });
  });

  it("checks what it stores: a title, a web link, a sort number, a real image", async () => {
    const { j, post } = await setup();
    expect(await post("/api/indexing", form({ title: "" }))).toMatchObject({ status: 400, body: { error: "invalid_input" } });
    expect(await post("/api/indexing", form({ title: "X", link: "javascript:alert(1)" }))).toMatchObject({
      status: 400,
      body: { error: "invalid_link" },
    });
    expect(await post("/api/indexing", form({ title: "X", sortnumber: "-1" }))).toMatchObject({ status: 400 });
    expect(await post("/api/indexing", form({ title: "X" }, { bytes: SVG, name: "x.svg", type: "image/svg+xml" }))).toMatchObject({
      status: 400,
      body: { error: "invalid_file_type" },
    });
    expect(await images(j)).toEqual([]);
  });

  it("is for journal managers only, and another journal's partner is not found", async () => {
    const { j, post } = await setup();
    const entry = (await post("/api/indexing", form({ title: "Mine" }))).body.entry;
    const editor = await tokenFor(await createAdmin(j.id, { role: "editor" }));
    const r = await getJson(j.host, "/api/indexing", { method: "POST", headers: bearer(editor), body: form({ title: "Not mine to add" }) });
    expect(r).toMatchObject({ status: 403, body: { error: "forbidden_role" } });
    const other = await setup();
    expect((await other.post(`/api/indexing/${entry.id}`, form({ title: "Taken" }))).status).toBe(404);
  });
});

describe("deleting an indexing partner (issue 37 item 2)", () => {
  it("removes the row and then its image object; the public grid follows; another journal's partner is not found", async () => {
    const { j, post, publicList, token } = await setup();
    const kept = (await post("/api/indexing", form({ title: "Kept Index", sortnumber: "1" }))).body.entry;
    const gone = (await post("/api/indexing", form({ title: "Gone Index", sortnumber: "2" }, { bytes: PNG }))).body.entry;
    expect(await images(j)).toHaveLength(1);
    const other = await setup();
    const refused = await getJson(other.j.host, `/api/indexing/${gone.id}`, { method: "DELETE", headers: bearer(other.token) });
    expect(refused.status).toBe(404);
    const deleted = await getJson(j.host, `/api/indexing/${gone.id}`, { method: "DELETE", headers: bearer(token) });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toMatchObject({ id: gone.id, title: "Gone Index" });
    expect(await images(j)).toEqual([]);
    expect((await request(j.host, `/assets/indexing/${gone.image}`)).status).toBe(404);
    expect((await publicList()).map((e) => e.title)).toEqual([kept.title]);
    expect((await getJson(j.host, `/api/indexing/${gone.id}`, { method: "DELETE", headers: bearer(token) })).status).toBe(404);
    // Only managers: an editor is refused, and nothing is deleted.
    const editor = await tokenFor(await createAdmin(j.id, { role: "editor" }));
    const byEditor = await getJson(j.host, `/api/indexing/${kept.id}`, { method: "DELETE", headers: bearer(editor) });
    expect(byEditor).toMatchObject({ status: 403, body: { error: "forbidden_role" } });
    expect((await publicList()).map((e) => e.title)).toEqual([kept.title]);
  });
});
