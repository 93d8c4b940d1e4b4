// The API's one route table (issue 41 item 2, docs/decisions/0250-one-route-table.md): every endpoint of the JSON API
// is declared once, here in contract/routes/, with its method, its full path ({name} for a parameter), who may call
// it and a one-line summary. Three readers, no second copy of a path:
//   - the Worker registers each handler at the declared path (worker/core/routing/declared.ts `mountedAt`);
//   - the SPA and the console build every URL they call from it (`apiPath` below);
//   - `npm run docs:openapi` writes docs/openapi.json from it and the request/answer schemas of
//     contract/routes/*.schemas.ts.
// Zod-free on purpose: the public pages import these tables for their URLs and must not carry Zod (contract/zod-config.ts).
import type { AdminArea } from "../roles";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call an endpoint. The route-walk test (worker/core/routing/api-contract.test.ts) checks it against the app's guards. */
export type Access =
  /** Anyone. */
  | { kind: "public" }
  /** A journal's staff whose role may use the area (contract/roles.ts AREA_ROLES); 401 without a token. */
  | { kind: "staff"; area: AdminArea }
  /** Any signed-in staff account, even one still on a one-time password (its own session and password). */
  | { kind: "account" }
  /** A platform operator (the console's hosts only); 401 without an operator token. */
  | { kind: "operator" }
  /** A reviewer's or author's signed link (docs/decisions/0190), as its cookie. */
  | { kind: "link" }
  /** A COUNTER_SUSHI API key (`api_key`, docs/decisions/0223). */
  | { kind: "sushiKey" };

export const PUBLIC: Access = { kind: "public" };
export const ACCOUNT: Access = { kind: "account" };
export const OPERATOR: Access = { kind: "operator" };
export const SIGNED_LINK: Access = { kind: "link" };
export const SUSHI_KEY: Access = { kind: "sushiKey" };
export const staff = (area: AdminArea): Access => ({ kind: "staff", area });

/** What a request carries besides its path: a JSON body, a multipart form, or nothing. */
export type RequestBody = "json" | "form" | "bytes" | "none";
/** What a success answers: JSON, a file (PDF, zip, XML, an image…), or no content (204). */
export type Answer = "json" | "file" | "empty";

export interface Endpoint<P extends string = string, M extends HttpMethod = HttpMethod> {
  readonly method: M;
  /** The full path, `{name}` for each parameter, as in OpenAPI. */
  readonly path: P;
  readonly access: Access;
  readonly summary: string;
  readonly body: RequestBody;
  readonly answer: Answer;
  /** The media type of a file answer (OpenAPI), e.g. "application/pdf". */
  readonly fileType?: string;
}

interface Options {
  access: Access;
  summary: string;
  body?: RequestBody;
  answer?: Answer;
  fileType?: string;
}

/** Declares one endpoint. A write without `body` takes JSON; every answer is JSON unless said. */
export function endpoint<const M extends HttpMethod, const P extends string>(method: M, path: P, o: Options): Endpoint<P, M> {
  return {
    method,
    path,
    access: o.access,
    summary: o.summary,
    body: o.body ?? (method === "GET" || method === "DELETE" ? "none" : "json"),
    answer: o.answer ?? "json",
    ...(o.fileType ? { fileType: o.fileType } : {}),
  };
}

/** A concern's endpoints, by name. */
export type RouteGroup = Readonly<Record<string, Endpoint>>;

/** The names of a path's parameters: "/a/{id}/b/{n}" → "id" | "n". */
export type ParamsOf<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamsOf<Rest> : never;

type ParamArgs<P extends string> = [ParamsOf<P>] extends [never]
  ? [params?: Record<string, never>]
  : [params: Record<ParamsOf<P>, string | number>];

/** A query string's values; undefined, null and "" are left out. */
export type Query = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

/**
 * The URL of an endpoint: each `{name}` replaced by its value, encoded (a slash in a value stays inside its
 * segment), and the query appended. The only way the SPA and the console write an API address.
 */
export function apiPath<P extends string>(route: Endpoint<P>, ...args: [...ParamArgs<P>, query?: Query]): string {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  const query = args[1] as Query | undefined;
  const path = route.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`apiPath: ${route.path} needs {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (query && !(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** An endpoint's method with its URL, for clients that take both (the platform console's consoleApi). */
export interface ApiCall {
  method: HttpMethod;
  url: string;
}

export function apiCall<P extends string>(route: Endpoint<P>, ...args: [...ParamArgs<P>, query?: Query]): ApiCall {
  return { method: route.method, url: apiPath(route, ...args) };
}
