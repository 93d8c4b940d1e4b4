// Submit Online without JavaScript (issue #27 item 10): the form's own post (POST /article, multipart) stores the
// submission like the API does and answers 303 to the form page, which shows the reference or the reason.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createJournal, db, pdfBytes, request } from "#tests/api/fixtures";
import { findSubmissionByReference } from "./submissions.repo";
import { fileKeys } from "../core/files/keys";

/** The received notice as the page renders it (its text also travels in the page's messages, decision 0352). */
const SUCCESS_NOTICE = 'data-testid="submission-success"';

function form(over: Record<string, string> = {}, file: Uint8Array | null = pdfBytes("no-js manuscript")): FormData {
  const f = new FormData();
  const fields = {
    name: "Dr. Leyla Əliyeva",
    email: "leyla@example.org",
    country: "Azerbaijan",
    phone: "",
    address: "",
    title: "Saline soils",
    ...over,
  };
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set("pdfFile", new File([file], "paper.pdf", { type: "application/pdf" }));
  return f;
}

let ip = 0;
const post = (host: string, body: FormData) =>
  request(host, "/article", {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "cf-connecting-ip": `203.0.113.${++ip}`, origin: `http://${host}` },
  });

describe("POST /article (the form without JavaScript)", () => {
  it("stores the submission and redirects to the page that shows its reference", async () => {
    const j = await createJournal();
    const res = await post(j.host, form());
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    const reference = /^\/article\?received=(SUB-\d{8}-[A-Z0-9]{6})$/.exec(location)?.[1];
    expect(reference, location).toBeDefined();
    const row = await findSubmissionByReference(db, j.id, reference!);
    expect(row).toMatchObject({ name: "Dr. Leyla Əliyeva", title: "Saline soils", country: "Azerbaijan" });
    // The plain form page is in the edge cache first (every visitor opens it): its answer page is not that copy.
    // (The page's messages travel with it, the notice's text among them: what tells is the notice itself.)
    expect(await (await request(j.host, "/article")).text()).not.toContain(SUCCESS_NOTICE);
    const page = await request(j.host, location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(SUCCESS_NOTICE);
    expect(html).toContain("Your submission was received");
    expect(html).toContain(reference);
    expect(html).toContain('content="noindex, follow"');
  });

  it("sends a refused post back to the form with the reason and the fields to correct, storing nothing", async () => {
    const j = await createJournal();
    const res = await post(j.host, form({ name: "", email: "not-an-address" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/article?error=invalid_input&fields=name,email");
    const html = await (await request(j.host, res.headers.get("location")!)).text();
    expect(html).toContain("Please correct the fields marked below.");
    expect(html).toContain("Please enter your name.");
    expect(html).toContain("Please enter a valid e-mail address.");
    expect(html).toMatch(/<form[^>]*action="\/article"[^>]*method="post"/);
    const missing = await post(j.host, form({}, null));
    expect(missing.headers.get("location")).toBe("/article?error=missing_file");
    const { results } = await db.$client
      .prepare("SELECT count(*) AS n FROM submissions WHERE journal_id = ?")
      .bind(j.id)
      .all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });

  it("stores a double-clicked form once: both posts lead to one reference; other content is a new submission", async () => {
    const j = await createJournal();
    const from = { "cf-connecting-ip": "203.0.113.250", origin: `http://${j.host}` };
    const send = (body: FormData) => request(j.host, "/article", { method: "POST", body, redirect: "manual", headers: from });
    const [first, second] = await Promise.all([send(form()), send(form())]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get("location")).toMatch(/^\/article\?received=SUB-/);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    // The same person sending another manuscript, or the same one under another title, is a new submission.
    const other = await send(form({}, pdfBytes("a second manuscript")));
    const retitled = await send(form({ title: "Saline soils, revised" }));
    const locations = [first, other, retitled].map((r) => r.headers.get("location"));
    expect(new Set(locations).size).toBe(3);
    const { results } = await db.$client
      .prepare("SELECT count(*) AS n FROM submissions WHERE journal_id = ?")
      .bind(j.id)
      .all<{ n: number }>();
    expect(results[0].n).toBe(3);
    expect((await env.FILES.list({ prefix: fileKeys.submission(j.id, "") })).objects).toHaveLength(3);
  });

  it("shows no reference it does not hold, and the form page itself is unchanged", async () => {
    const j = await createJournal();
    const fake = await (await request(j.host, "/article?received=SUB-20260101-ABCDEF")).text();
    expect(fake).not.toContain(SUCCESS_NOTICE);
    const plain = await request(j.host, "/article", { redirect: "manual" });
    expect(plain.status).toBe(200);
    const html = await plain.text();
    // HTML attribute names are case-insensitive (React writes encType), and their order is free.
    const form = /<form[^>]*action="\/article"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/\smethod="post"/i);
    expect(form).toMatch(/\senctype="multipart\/form-data"/i);
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });
});
