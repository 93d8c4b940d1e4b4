// The app's endpoints as Hono registered them, with the staff guards in front of each (read from the app, no
// hand-kept list). Shared by the route × role table (worker/auth/route-roles.test.ts) and the API contract's
// route walk (worker/core/routing/api-contract.test.ts).
import { guardInfoOf, type GuardInfo } from "./admin-guard";
import { STAFF_ROLES, type StaffRole } from "#contract/roles";

export interface Endpoint {
  method: string;
  path: string;
  /** The least role that passes; null: any signed-in account. */
  role: StaffRole | null;
  oneTime: boolean;
}

interface RegisteredRoute {
  method: string;
  path: string;
  handler: unknown;
}

/** Does a route pattern registered with `use` (e.g. /api/admin/*) take this endpoint's path? */
export function covers(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (pattern === "*" || pattern === "/*") return true;
  if (!pattern.endsWith("/*")) return false;
  const prefix = pattern.slice(0, -2);
  return path === prefix || path.startsWith(`${prefix}/`);
}

const RANK = (role: StaffRole | null) => (role ? STAFF_ROLES.length - STAFF_ROLES.indexOf(role) : 0);

/** The endpoints (method + path, first registration) and the staff guards registered before each. */
export function endpointsOf(routes: readonly RegisteredRoute[]): { guarded: Endpoint[]; open: { method: string; path: string }[] } {
  const seen = new Map<string, number>();
  routes.forEach((r, i) => {
    if (r.method === "ALL" || guardInfoOf(r.handler)) return;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, i);
  });
  const guarded: Endpoint[] = [];
  const open: { method: string; path: string }[] = [];
  for (const [key, index] of seen) {
    const [method, path] = key.split(" ");
    const guards: GuardInfo[] = routes
      .slice(0, index)
      .filter((r) => (r.method === "ALL" || r.method === method) && covers(r.path, path))
      .map((r) => guardInfoOf(r.handler))
      .filter((g): g is GuardInfo => g !== undefined);
    if (guards.length === 0) {
      open.push({ method, path });
      continue;
    }
    const role = guards.map((g) => g.role).reduce((a, b) => (RANK(b) > RANK(a) ? b : a), null as StaffRole | null);
    guarded.push({ method, path, role, oneTime: guards.every((g) => g.oneTime) });
  }
  return { guarded, open };
}

/** A concrete URL for a pattern: every parameter is 987654 (digits, as routes want, and a record no journal has). */
export const urlOf = (path: string) => path.replace(/:[A-Za-z]+(\{[^}]*\})?\??/g, "987654").replace(/\/\*$/, "");
