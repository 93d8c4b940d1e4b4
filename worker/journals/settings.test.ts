import { describe, expect, it } from "vitest";
import { createJournal, getJson } from "#tests/api/fixtures";

describe("GET /api/settings/", () => {
  it("answers the requesting host's journal settings, with and without the trailing slash", async () => {
    const j = await createJournal({
      websitename: "Journal of Applied Tests",
      issn: "1111-2222, 3333-4444",
      fee_rupee: "2500",
      fee_dollar: "60",
    });
    for (const path of ["/api/settings/", "/api/settings"]) {
      const { status, body } = await getJson(j.host, path);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        websitename: "Journal of Applied Tests",
        issn: "1111-2222, 3333-4444",
        fee_rupee: "2500",
        fee_dollar: "60",
        domain: j.host,
      });
    }
  });

  it("never exposes internal columns", async () => {
    const j = await createJournal();
    const { body } = await getJson(j.host, "/api/settings/");
    expect(Object.keys(body).sort()).toEqual(
      [
        "address",
        "domain",
        "fee_dollar",
        "fee_rupee",
        "formatted_journal_name",
        "home_content",
        "impactfactor",
        "issn",
        "websiteemail",
        "websitename",
        "whatsup_number",
        // Scholarly metadata (migrations/0005).
        "publisher",
        "doi_prefix",
        "license",
        "license_url",
        "issn_print",
        "issn_online",
        "language",
        // The interface languages (migrations/0270, docs/decisions/0351).
        "interface_language",
        "interface_languages",
        // The journal's own images (docs/decisions/0163): public paths, never R2 keys.
        "logo_url",
        "cover_image_url",
        "certificate_image_url",
        // The policies DOAJ asks for (docs/decisions/0222), shown on /instructions.
        "apc_policy",
        "waiver_policy",
        "review_process",
        "plagiarism_policy",
        // Site pages (migrations/0081, issue 37 item 4): the text shown, and the copyright form's public path.
        "instructions_content",
        "policies_content",
        "contact_content",
        "copyright_form_url",
      ].sort(),
    );
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const j = await createJournal();
    const { status, body } = await getJson(j.host, "/api/nope");
    expect(status).toBe(404);
    expect(body).toEqual({ error: "not_found" });
  });
});
