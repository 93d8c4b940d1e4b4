// A journal's own site pages (issue 37 item 4): instructions_content and policies_content (and contact_content) in
// GET /api/settings/ and POST /api/settings, sanitised to the page allowlist, shown on /instructions, /policies and
// /contact in the Worker's HTML (so without JavaScript too), with the spec's facts kept; the default text until the
// journal writes its own; the journal's own copyright form.
import { describe, expect, it } from "vitest";
import { createJournal, getJson, request } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { DEFAULT_INSTRUCTIONS_HTML, DEFAULT_POLICIES_HTML, SHARED_COPYRIGHT_FORM_PATH } from "#contract/site-content";

const save = (host: string, token: string, body: unknown) =>
  getJson(host, "/api/settings", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const page = async (host: string, path: string) => {
  const res = await request(host, path, { headers: { accept: "text/html" } });
  return { status: res.status, html: await res.text() };
};

describe("site pages", () => {
  it("a new journal shows the default text; GET /api/settings/ carries it as HTML like home_content", async () => {
    const j = await createJournal({ fee_rupee: "2500", fee_dollar: "60" });
    const s = (await getJson(j.host, "/api/settings/")).body;
    expect(s.instructions_content).toBe(DEFAULT_INSTRUCTIONS_HTML);
    expect(s.policies_content).toBe(DEFAULT_POLICIES_HTML);
    expect(s.copyright_form_url).toBe(SHARED_COPYRIGHT_FORM_PATH);
    const { html } = await page(j.host, "/instructions");
    expect(html).toContain("Structure the text as Introduction");
    expect(html).toContain("Every manuscript is reviewed by at least two independent referees");
  });

  it("/instructions says each thing once: one fee block, one peer-review block, PDF for review and Word after acceptance, no names in the manuscript", async () => {
    // As the demo journal: default texts, and the statements DOAJ asks for filled in Settings.
    const j = await createJournal({
      fee_rupee: "2500",
      fee_dollar: "60",
      review_process: "Double-blind peer review by two reviewers.",
      apc_policy: "Accepted articles pay the fee below.",
      waiver_policy: "Waived on request.",
    });
    // The rendered page itself (the document also carries the settings for hydration, default texts whole).
    const html = (await page(j.host, "/instructions")).html.replace(/<!-- -->/g, "");
    const start = html.indexOf('<article class="page prose-page">');
    const text = html.slice(start, html.indexOf("</article>", start));
    expect(text.length).toBeGreaterThan(1000);
    const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
    expect(count(/<h2[^>]*>Publication fee<\/h2>/g)).toBe(1);
    expect(count(/data-testid="fee-india"/g)).toBe(1);
    expect(count(/>Peer review</g)).toBe(1);
    expect(text).toContain("Double-blind peer review by two reviewers.");
    expect(text).not.toContain("Fees and waivers");
    expect(text).toContain("Ethics"); // the rest of the default policies stays
    // The requirement and the default text agree with the form (a PDF) and with a double-blind review.
    expect(text).toContain("MS Word");
    expect(text).toMatch(/submit a PDF of it through/);
    expect(text).toMatch(/after acceptance, send the\s+Word file/);
    expect(text).not.toMatch(/names and affiliations, an abstract/);
    expect(text).toContain("names and affiliations out of the manuscript");
    // /policies has no statements beside it: the whole default text, its peer review included.
    const policies = (await page(j.host, "/policies")).html;
    expect(policies).toContain("<h2>Peer review</h2>");
    expect(policies).toContain("<h2>Fees and waivers</h2>");
  });

  it("saves what a manager typed, sanitised, and every page shows it in its first HTML with the spec's facts kept", async () => {
    const j = await createJournal({ fee_rupee: "2500", fee_dollar: "60" });
    const token = await tokenFor(await createAdmin(j.id));
    const typed = {
      instructions_content:
        '<h2>Before you write</h2><ul><li><p>Use <i>SI</i> units</p></li></ul><p>Read the <a href="/policies" onclick="x()">policies</a> and <a href="javascript:alert(1)">this</a>.</p><script>alert(1)</script>',
      policies_content: "<h2>Peer review</h2><p>Double-blind, by two referees.</p>",
      contact_content: '<p>Write to <a href="mailto:office@example.org">the office</a>.</p>',
    };
    const r = await save(j.host, token, typed);
    expect(r.status).toBe(200);
    expect(r.body.settings.instructions_content).toBe(
      '<h2>Before you write</h2><ul><li><p>Use <i>SI</i> units</p></li></ul><p>Read the <a href="/policies">policies</a> and this.</p>',
    );
    expect((await getJson(j.host, "/api/settings/")).body).toMatchObject({
      policies_content: typed.policies_content,
      contact_content: typed.contact_content,
    });

    const ins = await page(j.host, "/instructions");
    ins.html = ins.html.replace(/<!-- -->/g, "");
    expect(ins.status).toBe(200);
    expect(ins.html).toContain("<h2>Before you write</h2>");
    expect(ins.html).toContain('<a href="/policies">policies</a>');
    expect(ins.html).not.toContain("javascript:");
    expect(ins.html).not.toContain("<script>alert");
    // The spec's facts, whatever the journal wrote: MS Word, 5 authors, 50 references, the fees, the copyright form.
    expect(ins.html).toContain("MS Word");
    expect(ins.html).toMatch(/at most <strong>5 authors<\/strong>/);
    expect(ins.html).toMatch(/at most <strong>50 references<\/strong>/);
    expect(ins.html).toMatch(/data-testid="fee-india"[^>]*>(?:<bdi[^>]*>)?[^<]*2,?500/);
    expect(ins.html).toContain("Download copyright form");
    expect(ins.html).toContain("Double-blind, by two referees.");

    const pol = await page(j.host, "/policies");
    expect(pol.status).toBe(200);
    expect(pol.html).toContain("<title>Policies |");
    expect(pol.html).toContain("Double-blind, by two referees.");
    expect((await page(j.host, "/contact")).html).toContain('<a href="mailto:office@example.org">the office</a>');
  });

  it("only managers edit them", async () => {
    const j = await createJournal();
    const editor = await tokenFor(await createAdmin(j.id, { role: "editor" }));
    expect(await save(j.host, editor, { instructions_content: "<p>Mine now</p>" })).toMatchObject({
      status: 403,
      body: { error: "forbidden_role" },
    });
  });

  it("the journal's own copyright form: a PDF, downloaded from /instructions, and back to the shared one", async () => {
    const j = await createJournal();
    const token = await tokenFor(await createAdmin(j.id));
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const form = new FormData();
    form.set("pdfFile", new File([pdf], "form.pdf", { type: "application/pdf" }));
    const up = await getJson(j.host, "/api/settings/copyright-form", { method: "POST", headers: bearer(token), body: form });
    expect(up.status).toBe(200);
    expect(up.body.copyright_form_url).toMatch(/^\/assets\/copyright-form\/copyright-form-[a-z0-9]+\.pdf$/);
    const file = await request(j.host, up.body.copyright_form_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect((await page(j.host, "/instructions")).html).toContain(up.body.copyright_form_url);
    // Not a PDF: refused.
    const bad = new FormData();
    bad.set("pdfFile", new File([new TextEncoder().encode("hello")], "x.pdf", { type: "application/pdf" }));
    expect(await getJson(j.host, "/api/settings/copyright-form", { method: "POST", headers: bearer(token), body: bad })).toMatchObject({
      status: 400,
      body: { error: "invalid_file_type" },
    });
    const back = await getJson(j.host, "/api/settings/copyright-form", { method: "DELETE", headers: bearer(token) });
    expect(back.body.copyright_form_url).toBe(SHARED_COPYRIGHT_FORM_PATH);
    expect((await request(j.host, up.body.copyright_form_url)).status).toBe(404);
  });
});
