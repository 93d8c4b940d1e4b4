// Issues as journals publish them, after they were made (issue 37 item 5, docs/decisions/0261): staff edit an
// issue's title, description and publication date, and give it a cover image (the editor-picture checks: type by
// content, 2 MB, a fresh object name; the replaced one deleted) with its text alternative, shown on the public
// issue page and in the archive list.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createJournal, getJson, request } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

async function setup(role: "production" | "editor" | "manager" = "production") {
  const j = await createJournal();
  const token = await tokenFor(await createAdmin(j.id, { role }));
  const post = (path: string, body: unknown) =>
    getJson(j.host, path, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const upload = (path: string, bytes: Uint8Array, fields: Record<string, string> = {}, name = "cover.png") => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set("coverFile", new File([bytes], name, { type: "image/png" }));
    return getJson(j.host, path, { method: "POST", headers: bearer(token), body });
  };
  const created = await post("/api/admin/create-issue", { volume: 5, issue: 2, year: 2024 });
  expect(created.status).toBe(201);
  const details = await getJson(j.host, "/api/admin/issues/2024/5/2", { headers: bearer(token) });
  expect(details.status).toBe(200);
  // Published, so the public pages show what staff change (a new issue is theirs until then: docs/decisions/0383).
  expect((await post(`/api/admin/issues/${details.body.issue.id}/publication`, { status: "published" })).status).toBe(200);
  return { j, token, post, upload, id: details.body.issue.id as number };
}

const html = async (host: string, path: string) =>
  (await (await request(host, path, { headers: { accept: "text/html" } })).text()).replace(/<!-- -->/g, "");
const covers = async (journalId: number) => (await env.FILES.list({ prefix: `journals/${journalId}/issues/` })).objects.map((o) => o.key);

describe("an issue after it was made", () => {
  it("staff change its title, description and date; a field not sent stays; the public issue page follows at once", async () => {
    const { j, post, id } = await setup();
    expect(await html(j.host, "/archives/2024/vol5/issue2")).not.toContain("Special Issue on Coastal Soils");
    const edited = await post(`/api/admin/issues/${id}`, {
      title: "Special Issue on Coastal Soils",
      description: "<p>Guest editors: <b>M. Okafor</b><script>alert(1)</script></p>",
      publishedAt: "2024-06-30",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.issue).toMatchObject({
      id,
      year: 2024,
      volume: 5,
      issue: 2,
      title: "Special Issue on Coastal Soils",
      description: "<p>Guest editors: <b>M. Okafor</b></p>",
      publishedAt: "2024-06-30",
      coverUrl: "",
    });
    // Only the date sent: the title and description stay; "" clears the date.
    const dated = await post(`/api/admin/issues/${id}`, { publishedAt: "" });
    expect(dated.body.issue).toMatchObject({ title: "Special Issue on Coastal Soils", publishedAt: null });
    await post(`/api/admin/issues/${id}`, { publishedAt: "2024-07-01" });
    const page = await html(j.host, "/archives/2024/vol5/issue2");
    expect(page).toContain("Special Issue on Coastal Soils");
    expect(page).toContain("Guest editors: <b>M. Okafor</b>");
    expect(page).toContain('dateTime="2024-07-01"');
    expect(page).not.toContain("alert(1)");
    // Volume, number and year are not editable (the articles are filed under them); a bad date is refused.
    const moved = await post(`/api/admin/issues/${id}`, { year: 1999, volume: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.issue).toMatchObject({ year: 2024, volume: 5 });
    expect((await post(`/api/admin/issues/${id}`, { publishedAt: "2024-02-30" })).body).toEqual({ error: "invalid_input" });
  });

  it("a cover image: sniffed, bounded, stored under a fresh name, shown with its text on the issue page and the archive list", async () => {
    const { j, upload, post, id, token } = await setup();
    // Not an image by content (a PDF named .png), an SVG, too large: refused, nothing stored.
    const pdf = new TextEncoder().encode("%PDF-1.4 not a picture");
    expect((await upload(`/api/admin/issues/${id}/cover`, pdf)).body).toEqual({ error: "invalid_file_type" });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(`/api/admin/issues/${id}/cover`, svg, {}, "cover.svg")).body).toEqual({ error: "invalid_file_type" });
    const big = new Uint8Array(2_097_153);
    big.set(PNG);
    expect((await upload(`/api/admin/issues/${id}/cover`, big)).status).toBe(413);
    expect(await covers(j.id)).toEqual([]);

    const first = await upload(`/api/admin/issues/${id}/cover`, PNG, { coverAlt: "A mangrove shore at low tide" });
    expect(first.status).toBe(200);
    expect(first.body.issue.coverUrl).toMatch(/^\/assets\/issues\/[0-9a-f-]{36}\.png$/);
    expect(first.body.issue.coverAlt).toBe("A mangrove shore at low tide");
    const img = await request(j.host, first.body.issue.coverUrl);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    const page = await html(j.host, "/archives/2024/vol5/issue2");
    expect(page).toContain(`src="${first.body.issue.coverUrl}"`);
    expect(page).toContain('alt="A mangrove shore at low tide"');
    const archive = await html(j.host, "/archives");
    expect(archive).toContain(`src="${first.body.issue.coverUrl}"`);
    expect(archive).toContain('alt="A mangrove shore at low tide"');

    // Replaced: a new name; the old object is deleted and no longer served.
    const second = await upload(`/api/admin/issues/${id}/cover`, JPEG, {}, "cover.jpg");
    expect(second.body.issue.coverUrl).toMatch(/\.jpg$/);
    expect(second.body.issue.coverUrl).not.toBe(first.body.issue.coverUrl);
    expect(await covers(j.id)).toHaveLength(1);
    expect((await request(j.host, first.body.issue.coverUrl)).status).toBe(404);
    // Without staff's text, the pages describe the cover by the issue.
    await post(`/api/admin/issues/${id}`, { coverAlt: "", title: "Coastal Soils" });
    expect(await html(j.host, "/archives/2024/vol5/issue2")).toContain('alt="Cover of VOL. 5, ISSUE 2 (2024): Coastal Soils"');

    // Removed: the row first, then the object.
    const removed = await getJson(j.host, `/api/admin/issues/${id}/cover`, { method: "DELETE", headers: bearer(token) });
    expect(removed.body.issue.coverUrl).toBe("");
    expect(await covers(j.id)).toEqual([]);
    expect(await html(j.host, "/archives/2024/vol5/issue2")).not.toContain('class="issue-cover"');
  });

  it("another journal's issue is not found; a visitor cannot edit; Production may (issues are its work)", async () => {
    const { id } = await setup();
    const other = await setup();
    expect((await other.post(`/api/admin/issues/${id}`, { title: "Taken over" })).status).toBe(404);
    expect((await other.upload(`/api/admin/issues/${id}/cover`, PNG)).status).toBe(404);
    const anonymous = await request(other.j.host, `/api/admin/issues/${other.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "x" }),
    });
    expect(anonymous.status).toBe(401);
    expect((await getJson(other.j.host, "/api/admin/issues/2024/5/9", { headers: bearer(other.token) })).status).toBe(404);
  });
});
