// Every admin route × every role, generated from the routes the app registers (issue 37 item 1, issue 41 item 3):
// no hand-kept list, so a router added later is covered the moment it is mounted. For each endpoint the guards in
// front of it are read from the app (the requireRole / requireAdmin / requireSession middleware registered before it
// on a path that matches), the least role that passes is worked out, and each kind of caller is sent:
//   nobody → 401; a role below it → 403 forbidden_role; a role at or above it → neither of those;
//   a session opened with a one-time password → 403 password_change_required unless the guard lets it through.
import { beforeAll, describe, expect, test } from "vitest";
import { createApp } from "../app";
import { endpointsOf, urlOf, type Endpoint } from "./route-walk.testing";
import { createJournal, request, type TestJournal } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor, type TestAdmin } from "#tests/api/auth-fixtures";
import { roleAllows, STAFF_ROLES, type StaffRole } from "#contract/roles";

const { guarded, open } = endpointsOf(createApp().routes);

/** Writes anyone may send: signing in, Submit Online (API and form), OAI-PMH by POST, the usage beacon. */
const PUBLIC_WRITES = new Set(["POST /auth/login", "POST /api/submissions", "POST /article", "POST /oai"]);

/**
 * Writes a signed link authorises instead of a staff session (docs/decisions/0190): a reviewer's and an author's
 * actions, and the exchange of a link's token for its cookie. Without a link each is refused (tested below).
 */
const LINK_WRITES = new Set([
  "POST /api/workflow/link",
  "POST /review/respond",
  "POST /review/submit",
  "POST /track/revision",
  "POST /track/withdraw",
  "POST /track/check",
  "POST /track/pay",
  "POST /track/waiver",
]);

/**
 * Writes a payment gateway's signature authorises (issue 49, docs/decisions/0330): its webhooks (signed with the
 * journal's webhook secret) and Razorpay's return (razorpay_signature under the key secret). Unsigned: refused.
 */
const GATEWAY_WRITES = new Set([
  "POST /api/payments/webhooks/razorpay",
  "POST /api/payments/webhooks/stripe",
  "POST /payments/return/razorpay",
]);

let journal: TestJournal;
const staff = {} as Record<StaffRole | "oneTime", TestAdmin>;
beforeAll(async () => {
  journal = await createJournal();
  for (const role of STAFF_ROLES) staff[role] = await createAdmin(journal.id, { role });
  staff.oneTime = await createAdmin(journal.id, { role: "manager", oneTimeExpiresAt: new Date(Date.now() + 3600_000).toISOString() });
});

async function send(e: Endpoint, who: keyof typeof staff | null): Promise<{ status: number; error?: string }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (who) Object.assign(headers, bearer(await tokenFor(staff[who])));
  const res = await request(journal.host, urlOf(e.path), {
    method: e.method,
    headers,
    body: e.method === "GET" || e.method === "HEAD" ? undefined : "{}",
  });
  const text = await res.text();
  let error: string | undefined;
  try {
    error = (JSON.parse(text) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  return { status: res.status, error };
}

describe("the route × role table, generated from the app's routes", () => {
  test("finds the admin routers (a broken walk would pass every row vacuously)", () => {
    const paths = guarded.map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(expect.arrayContaining(["POST /api/admin/staff", "POST /api/settings", "GET /api/admin/archives"]));
    expect(guarded.length).toBeGreaterThan(30);
  });

  test("every route that changes something, and everything under /api/admin, is guarded (issue 41 item 3)", () => {
    const unguardedWrites = open
      .filter((e) => !["GET", "HEAD", "OPTIONS"].includes(e.method) && !PUBLIC_WRITES.has(`${e.method} ${e.path}`))
      .filter((e) => !LINK_WRITES.has(`${e.method} ${e.path}`) && !GATEWAY_WRITES.has(`${e.method} ${e.path}`))
      .map((e) => `${e.method} ${e.path}`);
    expect(unguardedWrites).toEqual([]);
    expect(open.filter((e) => e.path.startsWith("/api/admin")).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  test.each([...LINK_WRITES])("%s refuses a request that brings no signed link", async (name) => {
    const [method, path] = name.split(" ");
    const got = await send({ method, path, role: null, oneTime: false } as Endpoint, null);
    expect(got.status).toBeGreaterThanOrEqual(400);
    expect(got.status).toBeLessThan(500);
    // A staff session is no substitute for the link.
    const asManager = await send({ method, path, role: null, oneTime: false } as Endpoint, "manager");
    expect(asManager.status).toBeGreaterThanOrEqual(400);
    expect(asManager.status).toBeLessThan(500);
  });

  test.each([...GATEWAY_WRITES])("%s refuses a request that brings no gateway signature", async (name) => {
    const [method, path] = name.split(" ");
    const got = await send({ method, path, role: null, oneTime: false } as Endpoint, "manager");
    expect(got.status).toBeGreaterThanOrEqual(400);
    expect(got.status).toBeLessThan(500);
  });

  test.each(guarded.map((e) => [`${e.method} ${e.path}`, e.role ?? "any account", e] as const))("%s needs %s", async (_name, _role, e) => {
    const table: Record<string, string> = {};
    const expected: Record<string, string> = {};
    const none = await send(e, null);
    table.nobody = `${none.status} ${none.error ?? ""}`.trim();
    expected.nobody = "401 unauthorized";
    for (const role of STAFF_ROLES) {
      const got = await send(e, role);
      const allowed = e.role === null || roleAllows(role, e.role);
      table[role] = allowed
        ? got.status === 401 || got.error === "forbidden_role"
          ? `refused ${got.status}`
          : "passes"
        : `${got.status} ${got.error}`;
      expected[role] = allowed ? "passes" : "403 forbidden_role";
    }
    const oneTime = await send(e, "oneTime");
    table.oneTime = e.oneTime
      ? oneTime.error === "password_change_required"
        ? "refused"
        : "passes"
      : `${oneTime.status} ${oneTime.error}`;
    expected.oneTime = e.oneTime ? "passes" : "403 password_change_required";
    expect(table).toEqual(expected);
  });
});
