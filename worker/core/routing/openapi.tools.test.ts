// docs/openapi.json read by an independent parser (docs/decisions/0250): Python's jsonschema checks that every schema
// in the document is a valid JSON Schema 2020-12 (OpenAPI 3.1's dialect), and that what the Worker really answers
// fits the answer schema the document gives each operation, so the document describes the API rather than itself.
// `npm run test:documents` (the FILE_CHECK binding of tests/file-checkers.ts, /openapi).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, test } from "vitest";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { editorsApi } from "#contract/routes/editors";
import { dashboardApi, indexingApi, settingsApi } from "#contract/routes/journals";
import type { Endpoint } from "#contract/routes/endpoint";
import { createArticle, createEditor, createIndexing, createIssue, createJournal, request, type TestJournal } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";

interface CheckResult {
  ok: boolean;
  output: string;
}

async function openapiCheck(body: string, query: Record<string, string> = {}): Promise<CheckResult> {
  const res = await env.FILE_CHECK.fetch(`http://checker/openapi?${new URLSearchParams(query)}`, { method: "POST", body });
  return res.json();
}

let journal: TestJournal;
let token: string;
let ids: { editor: number; article: number; ref: string };

beforeAll(async () => {
  journal = await createJournal();
  token = await adminToken(journal);
  await createIssue(journal.id, 2024, 3, 2);
  const editor = await createEditor(journal.id, { email: "e@example.org", phone: "+1 555" });
  await createIndexing(journal.id, { link: "https://example.org", image: "" });
  const article = await createArticle(journal.id, { year: 2024, volume: 3, issue: 2, keywords: "alpha, beta", title: "Contract checks" });
  ids = { editor: editor.id, article: article.id, ref: article.refnumber ?? "" };
});

describe("docs/openapi.json, read by Python's jsonschema", () => {
  test("every schema in it is a valid JSON Schema 2020-12", async () => {
    const r = await openapiCheck("{}");
    expect(r.output).toMatch(/^schemas \d+/);
    expect(r.ok, r.output).toBe(true);
  });

  test("the check can fail: an answer that breaks the schema is reported with its place", async () => {
    const r = await openapiCheck(JSON.stringify({ websitename: 7 }), { path: settingsApi.read.path, method: "get", status: "200" });
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/websitename|required/);
  });

  const answers: [string, Endpoint, () => string, boolean][] = [
    ["the settings", settingsApi.read, () => apiPath(settingsApi.read), false],
    ["the indexing partners", indexingApi.list, () => apiPath(indexingApi.list), false],
    ["the editors", editorsApi.list, () => apiPath(editorsApi.list), false],
    ["one editor", editorsApi.one, () => apiPath(editorsApi.one, { id: ids.editor }), false],
    ["the archive's years", archiveApi.years, () => apiPath(archiveApi.years), false],
    ["an issue", archiveApi.issue, () => apiPath(archiveApi.issue, { year: 2024, vol: 3, issue: 2 }), false],
    ["an article by id", archiveApi.article, () => apiPath(archiveApi.article, { id: ids.article }), false],
    ["an article by reference", archiveApi.byRef, () => apiPath(archiveApi.byRef, { refnumber: ids.ref }), false],
    ["a search", archiveApi.search, () => apiPath(archiveApi.search, {}, { q: "contract" }), false],
    ["the admin's editors", editorsApi.adminList, () => apiPath(editorsApi.adminList), true],
    ["the admin's editor", editorsApi.adminOne, () => apiPath(editorsApi.adminOne, { id: ids.editor }), true],
    ["the admin's article", archiveApi.adminArticle, () => apiPath(archiveApi.adminArticle, { id: ids.article }), true],
    ["the admin's issues", archiveApi.adminIssues, () => apiPath(archiveApi.adminIssues), true],
    ["the admin's search", archiveApi.adminSearch, () => apiPath(archiveApi.adminSearch, {}, { q: "contract" }), true],
    ["the admin's indexing partners", indexingApi.adminList, () => apiPath(indexingApi.adminList), true],
    ["the dashboard's history", dashboardApi.events, () => apiPath(dashboardApi.events), true],
  ];

  test.each(answers)("what the Worker answers for %s fits the document's schema", async (_name, route, url, staff) => {
    const res = await request(journal.host, url(), { headers: staff ? bearer(token) : {} });
    expect(res.status).toBe(200);
    const r = await openapiCheck(await res.text(), { path: route.path, method: route.method.toLowerCase(), status: "200" });
    expect(r.ok, r.output).toBe(true);
  });
});
