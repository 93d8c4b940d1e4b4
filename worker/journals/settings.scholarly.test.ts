// The journal's scholarly metadata settings: publisher, DOI prefix, Creative Commons licence, print and online
// ISSN (check digit), language; validated on save, shown by the public read.
import { describe, expect, it } from "vitest";
import { createJournal, getJson } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";

const save = (host: string, token: string, body: unknown) =>
  getJson(host, "/api/settings", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("scholarly settings", () => {
  it("defaults to CC BY 4.0 and English, and saves publisher, DOI prefix, licence, ISSNs and language", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const before = (await getJson(j.host, "/api/settings/")).body;
    expect(before).toMatchObject({
      license: "CC-BY-4.0",
      license_url: "https://creativecommons.org/licenses/by/4.0/",
      language: "en",
      doi_prefix: "",
    });

    const r = await save(j.host, token, {
      publisher: "Soil Society Press",
      doi_prefix: "10.55501",
      license: "CC-BY-NC-SA-4.0",
      issn_print: "2049 3630".replace(" ", ""),
      issn_online: "2434-561x",
      language: "pt-BR",
    });
    expect(r.status).toBe(200);
    const expected = {
      publisher: "Soil Society Press",
      doi_prefix: "10.55501",
      license: "CC-BY-NC-SA-4.0",
      license_url: "https://creativecommons.org/licenses/by-nc-sa/4.0/",
      issn_print: "2049-3630",
      issn_online: "2434-561X",
      language: "pt-BR",
    };
    expect(r.body.settings).toMatchObject(expected);
    expect((await getJson(j.host, "/api/settings/")).body).toMatchObject(expected);
    // SPEC's comma-separated ISSN (the home page's two lines) follows them: one source (issue 26 item 7).
    expect(r.body.settings.issn).toBe("2049-3630, 2434-561X");
  });

  it("refuses a wrong ISSN check digit, an unknown licence, a malformed DOI prefix or language, and keeps the old values", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    for (const bad of [
      { issn_print: "2049-3631" },
      { issn_online: "12345" },
      { license: "MIT" },
      { doi_prefix: "11.1234" },
      { doi_prefix: "10.12/x" },
      { language: "English" },
      { language: "" },
    ]) {
      const r = await save(j.host, token, bad);
      expect([bad, r.status, r.body]).toEqual([bad, 400, { error: "invalid_input" }]);
    }
    expect((await getJson(j.host, "/api/settings/")).body).toMatchObject({
      issn_print: "",
      license: "CC-BY-4.0",
      doi_prefix: "",
      language: "en",
    });
  });
});
