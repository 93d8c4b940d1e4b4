// The route walk of the API contract (issue 41 item 2, docs/decisions/0250-one-route-table.md): the routes the
// journal app and the platform console register, read from the apps (no hand-kept list), against the route tables
// of contract/routes/ and docs/openapi.json:
//   - every registered /api and /auth endpoint is declared, and every declared one is registered;
//   - each is in the checked-in OpenAPI document;
//   - a staff endpoint is behind the guard of the role its table names, and answers 401 without a token;
//     a platform endpoint answers 401 without an operator token; a public one has no staff guard.
// The test's failure lists exactly the endpoints to declare (or to remove from a table).
import { beforeAll, describe, expect, test } from "vitest";
import { createApp } from "../../app";
import { createPlatformApp } from "../../platform/platform.app";
import { endpointsOf, urlOf } from "../../auth/route-walk.testing";
import { honoPath, mountedAt } from "./declared";
import { editorsApi } from "#contract/routes/editors";
import { settingsApi } from "#contract/routes/journals";
import { declaredRoutes } from "#contract/routes/index";
import { AREA_ROLES } from "#contract/roles";
import { createJournal, request, type TestJournal } from "#tests/api/fixtures";
import { PLATFORM_HOST } from "#tests/api/platform-fixtures";
import openapi from "../../../docs/openapi.json";

const isApi = (path: string) => path.startsWith("/api/") || path === "/api" || path.startsWith("/auth/") || path === "/auth";

const journalApp = endpointsOf(createApp().routes);
const platformApp = endpointsOf(createPlatformApp().routes);
/** Registered: "METHOD /hono/:path" → the staff role its guards need (undefined: no staff guard). */
const registered = new Map<string, { app: "journal" | "platform"; role: string | null | undefined }>();
for (const e of journalApp.guarded) if (isApi(e.path)) registered.set(`${e.method} ${e.path}`, { app: "journal", role: e.role });
for (const e of journalApp.open) if (isApi(e.path)) registered.set(`${e.method} ${e.path}`, { app: "journal", role: undefined });
for (const e of [...platformApp.guarded, ...platformApp.open]) {
  // The console's page answers every other GET (GET *): not an API route.
  if (isApi(e.path)) registered.set(`${e.method} ${e.path}`, { app: "platform", role: undefined });
}

const declared = declaredRoutes().map((d) => ({ ...d, key: `${d.route.method} ${honoPath(d.route.path)}` }));
const declaredKeys = new Set(declared.map((d) => d.key));

describe("every API route is declared once, registered, and in docs/openapi.json", () => {
  test("the walk finds both apps' routers (a broken walk would pass vacuously)", () => {
    expect(registered.size).toBeGreaterThan(140);
    expect([...registered.values()].filter((r) => r.app === "platform").length).toBeGreaterThan(30);
  });

  test("every registered /api and /auth endpoint is declared in contract/routes/", () => {
    const undeclared = [...registered.keys()].filter((k) => !declaredKeys.has(k));
    expect(undeclared, "declare these in contract/routes/<concern>.ts and register them with at(table.name)").toEqual([]);
  });

  test("every declared endpoint is registered, and declared once", () => {
    expect(declared.filter((d) => !registered.has(d.key)).map((d) => `${d.group}.${d.name}: ${d.key}`)).toEqual([]);
    expect(declared.length).toBe(declaredKeys.size);
  });

  test("every declared endpoint is in the checked-in OpenAPI document", () => {
    const paths = openapi.paths as Record<string, Record<string, { operationId?: string }>>;
    const missing = declared.filter((d) => paths[d.route.path]?.[d.route.method.toLowerCase()]?.operationId !== `${d.group}.${d.name}`);
    expect(
      missing.map((d) => `${d.group}.${d.name}: ${d.route.method} ${d.route.path}`),
      "run `npm run docs:openapi`",
    ).toEqual([]);
  });

  test("the access each table declares is the guard the app puts in front of the endpoint", () => {
    const wrong: string[] = [];
    for (const d of declared) {
      const r = registered.get(d.key);
      if (!r) continue;
      const a = d.route.access;
      if (r.app === "platform") {
        if (a.kind !== "operator" && a.kind !== "public") wrong.push(`${d.key}: on the platform's hosts, declared ${a.kind}`);
        continue;
      }
      if (a.kind === "operator") {
        wrong.push(`${d.key}: declared for operators, registered on the journal app`);
        continue;
      }
      // The staff role the guards need: the area's role, null for any account, undefined for no staff guard.
      const expected = a.kind === "staff" ? AREA_ROLES[a.area] : a.kind === "account" ? null : undefined;
      const said = (role: string | null | undefined) => (role === undefined ? "no staff guard" : (role ?? "any account"));
      if (r.role !== expected)
        wrong.push(
          `${d.key}: declared ${a.kind === "staff" ? `staff("${a.area}")` : a.kind} (${said(expected)}), guarded by ${said(r.role)}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});

describe("mountedAt", () => {
  test("gives the router-relative Hono path of a declaration, and refuses one outside the router's prefix", () => {
    const at = mountedAt("/api/editors");
    expect(at(editorsApi.list)).toBe("/");
    expect(at(editorsApi.one)).toBe("/:id");
    expect(mountedAt("")(editorsApi.one)).toBe("/api/editors/:id");
    expect(mountedAt("/api/admin/editors")(editorsApi.picture)).toBe("/:id/picture");
    expect(() => at(settingsApi.read)).toThrow("GET /api/settings is declared outside /api/editors, where its router is mounted");
    // A prefix that is only the start of a segment is not a mount point.
    expect(() => mountedAt("/api/edit")(editorsApi.one)).toThrow(/outside/);
  });
});

describe("without a token", () => {
  let journal: TestJournal;
  beforeAll(async () => {
    journal = await createJournal();
  });

  const body = (method: string) => (method === "GET" || method === "HEAD" ? undefined : "{}");
  const staffRoutes = declared.filter((d) => d.route.access.kind === "staff" || d.route.access.kind === "account");
  const operatorRoutes = declared.filter((d) => d.route.access.kind === "operator");

  test.each(staffRoutes.map((d) => [d.key, d] as const))("staff route %s answers 401", async (_key, d) => {
    const res = await request(journal.host, urlOf(honoPath(d.route.path)), {
      method: d.route.method,
      headers: { "content-type": "application/json" },
      body: body(d.route.method),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "unauthorized" });
  });

  test.each(operatorRoutes.map((d) => [d.key, d] as const))("platform route %s answers 401", async (_key, d) => {
    const res = await request(PLATFORM_HOST, urlOf(honoPath(d.route.path)), {
      method: d.route.method,
      headers: { "content-type": "application/json" },
      body: body(d.route.method),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "unauthorized" });
  });
});
