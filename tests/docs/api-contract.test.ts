// The API contract that cannot drift (issue 41 item 2, docs/decisions/0250-one-route-table.md), the checks that
// need no Worker: docs/openapi.json is what the route tables generate, it holds together as an OpenAPI 3.1
// document (read back as plain JSON, not through the code that wrote it), and web/ writes no API path by hand.
// The Worker's side (every registered route declared, 401 without a token) is worker/core/routing/api-contract.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPENAPI_FILE, openApiText } from "../../scripts/docs/openapi";
import { ROOT } from "../../scripts/docs/decisions-index";
import { apiPath } from "../../contract/routes/endpoint";
import { archiveApi } from "../../contract/routes/archive";
import { documentsApi } from "../../contract/routes/documents";
import { platformTransferApi } from "../../contract/routes/platform";

type Json = Record<string, any>;
const written = (): Json => JSON.parse(readFileSync(OPENAPI_FILE, "utf8"));

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe("docs/openapi.json", () => {
  it("is what the route tables generate (npm run docs:openapi writes it)", () => {
    expect(written(), "docs/openapi.json is stale: run `npm run docs:openapi` and commit it").toEqual(JSON.parse(openApiText()));
  });

  it("is a whole OpenAPI 3.1 document: ids unique, every path parameter declared, every reference and scheme defined", () => {
    const doc = written();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info?.title).toBe("string");
    expect(typeof doc.info?.version).toBe("string");
    const problems: string[] = [];
    const ids = new Set<string>();
    const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
    const tags = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    for (const [p, item] of Object.entries(doc.paths as Record<string, Json>)) {
      if (!p.startsWith("/")) problems.push(`${p}: a path starts with /`);
      const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${p}`;
        if (!METHODS.includes(method)) problems.push(`${name}: not an HTTP method`);
        if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} twice`);
        ids.add(op.operationId);
        const declared = (op.parameters ?? []).filter((x: Json) => x.in === "path");
        if (declared.some((x: Json) => x.required !== true)) problems.push(`${name}: a path parameter must be required`);
        if (JSON.stringify(declared.map((x: Json) => x.name).sort()) !== JSON.stringify(inPath))
          problems.push(`${name}: path parameters ${inPath}`);
        if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${name}: no responses`);
        for (const code of Object.keys(op.responses ?? {}))
          if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(code)) problems.push(`${name}: response ${code}`);
        for (const req of op.security ?? [])
          for (const s of Object.keys(req)) if (!schemes.has(s)) problems.push(`${name}: unknown scheme ${s}`);
        for (const t of op.tags ?? []) if (!tags.has(t)) problems.push(`${name}: unknown tag ${t}`);
        if (typeof op.summary !== "string" || op.summary.length < 5) problems.push(`${name}: no summary`);
      }
    }
    // Every $ref points at something in the document.
    const text = readFileSync(OPENAPI_FILE, "utf8");
    for (const [, ref] of text.matchAll(/"\$ref": "#\/([^"]+)"/g)) {
      const target = ref.split("/").reduce<any>((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
      if (target === undefined) problems.push(`unresolved $ref #/${ref}`);
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(140);
  });

  it("keeps the paths checks outside the project use (issues 36–40), and the staff role of each staff route", () => {
    const doc = written();
    for (const [method, p] of [
      ["post", "/api/admin/staff"],
      ["post", "/api/indexing"],
      ["post", "/api/indexing/{id}"],
      ["get", "/api/settings"],
      ["post", "/api/settings"],
      ["get", "/api/sushi/reports/{report}"],
      ["get", "/api/sushi/status"],
      ["post", "/api/admin/articles/{id}/status"],
      ["get", "/api/stats/articles/{refnumber}"],
    ]) {
      expect(doc.paths[p]?.[method], `${method.toUpperCase()} ${p}`).toBeDefined();
    }
    expect(doc.paths["/api/admin/staff"].post["x-staff-role"]).toBe("manager");
    expect(doc.paths["/api/sushi/reports/{report}"].get.security).toEqual([{ sushiKey: [] }]);
    expect(doc.paths["/api/sushi/status"].get.security).toEqual([]);
  });
});

describe("the typed client (apiPath)", () => {
  it("fills each parameter, encoded inside its segment, and appends the query", () => {
    expect(apiPath(archiveApi.issue, { year: 2024, vol: 12, issue: 3 })).toBe("/api/archives/2024/12/3");
    expect(apiPath(documentsApi.certificate, { ref: "IJ/2024 1", authorName: "Işık Ö" })).toBe(
      "/api/pdf/certificate/IJ%2F2024%201/I%C5%9F%C4%B1k%20%C3%96",
    );
    expect(apiPath(archiveApi.search, {}, { q: "a b", page: 2, empty: "" })).toBe("/api/search?q=a+b&page=2");
    expect(apiPath(platformTransferApi.uploadPart, { id: 7, token: "t", n: 2 }, { uploadId: "u/1" })).toBe(
      "/api/platform/journals/7/transfer/uploads/t/parts/2?uploadId=u%2F1",
    );
  });

  it("refuses a missing parameter rather than calling a wrong address", () => {
    expect(() => apiPath(archiveApi.article, { id: "" })).toThrow(/needs \{id\}/);
  });
});

/** Every .ts/.tsx file under web/. */
function webFiles(dir = path.join(ROOT, "web"), out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) webFiles(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The code of a file without its comments (line comments, block comments and JSX comments). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

describe("web/ writes no API path by hand", () => {
  it("has no /api/ or /auth/ address outside the route tables (apiPath(table.endpoint, …) instead)", () => {
    const files = webFiles();
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      withoutComments(readFileSync(file, "utf8"))
        .split("\n")
        .forEach((line, i) => {
          if (/["'`>}]\/(api|auth)(\/|["'`?])/.test(line)) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
