// Routes registered at their declared paths (issue 41 item 2, docs/decisions/0250-one-route-table.md). A router
// mounted at a prefix names that prefix once, and each registration names its declaration instead of a path:
//
//   const at = mountedAt("/api/editors");
//   export const editorsRoutes = new Hono<AppEnv>().get(at(editorsApi.one), async (c) => ...);
//
// `at` turns "/api/editors/{id}" into Hono's "/:id" (in the type too, so c.req.param("id") stays typed) and throws at
// start-up when the declaration is not under the prefix. That the prefix is the router's real mount point is what
// the route-walk test checks (worker/core/routing/api-contract.test.ts): every registered /api route is declared.
import type { Endpoint } from "#contract/routes/endpoint";

type Colon<S extends string> = S extends `${infer A}{${infer N}}${infer R}` ? `${A}:${N}${Colon<R>}` : S;

/** The router-relative Hono path of a declared path P under the prefix B. */
export type RelativePath<P extends string, B extends string> = string extends P
  ? string
  : P extends B
    ? "/"
    : P extends `${B}/${infer R}`
      ? Colon<`/${R}`>
      : never;

/** Hono's path of an OpenAPI-style path: {name} → :name. */
export const honoPath = (path: string): string => path.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");

/** A router mounted at `base` (its full path, parameters as {name}; "" for a router mounted at the root). */
export function mountedAt<const B extends string>(base: B) {
  return <const P extends string>(route: Endpoint<P>): RelativePath<P, B> => {
    if ((route.path as string) === base) return "/" as RelativePath<P, B>;
    if (!route.path.startsWith(`${base}/`))
      throw new Error(`${route.method} ${route.path} is declared outside ${base || "/"}, where its router is mounted`);
    return honoPath(route.path.slice(base.length)) as RelativePath<P, B>;
  };
}
