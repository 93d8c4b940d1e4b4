// The Cloudflare API endpoints the platform uses, as a small typed fetch client (docs/decisions/0355: the official
// `cloudflare` package would add its whole generated SDK to the Worker's bundle for five endpoints). Used by the
// Worker (custom hostnames, Cloudflare for SaaS) and by `npm run deploy` (fallback origin, Worker route).
// The base URL is configuration (CLOUDFLARE_API_BASE): the real https://api.cloudflare.com/client/v4 in production,
// the local stand-in (tests/cloudflare-api-standin.ts) in tests and `npm start`.
// Every answer is Cloudflare's envelope { success, errors: [{ code, message }], messages, result }.

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

/** Custom hostname status (Cloudflare for SaaS, "Hostname validation"). */
export type HostnameStatus =
  | "pending"
  | "active"
  | "active_redeploying"
  | "moved"
  | "pending_deletion"
  | "deleted"
  | "pending_blocked"
  | "pending_migration"
  | "pending_provisioned"
  | "test_pending"
  | "test_active"
  | "test_active_apex"
  | "test_blocked"
  | "test_failed"
  | "provisioned"
  | "blocked";

export interface ValidationRecord {
  txt_name?: string;
  txt_value?: string;
  http_url?: string;
  http_body?: string;
  emails?: string[];
}

export interface CustomHostname {
  id: string;
  hostname: string;
  status: HostnameStatus;
  ssl?: {
    id?: string;
    /** initializing, pending_validation, pending_issuance, pending_deployment, active, ... *_timed_out, expired. */
    status?: string;
    method?: "http" | "txt" | "email";
    type?: "dv";
    validation_records?: ValidationRecord[];
    validation_errors?: { message: string }[];
  };
  ownership_verification?: { type: "txt"; name: string; value: string };
  ownership_verification_http?: { http_url: string; http_body: string };
  verification_errors?: string[];
  created_at?: string;
}

export interface WorkerRoute {
  id: string;
  pattern: string;
  script?: string;
}

/** A failed call: Cloudflare's first error code and message, the HTTP status (0: no answer, e.g. a timeout). */
export class CloudflareApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = "CloudflareApiError";
  }
  /** 401/403 or Cloudflare's authentication codes: the token lacks a permission. */
  get isPermission(): boolean {
    return this.status === 401 || this.status === 403 || this.code === 10000 || this.code === 9109;
  }
}

export interface CloudflareApiOptions {
  base: string;
  token: string;
  /** Milliseconds before a call is abandoned as a timeout (status 0). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Envelope<T> {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
}

export function cloudflareApi(options: CloudflareApiOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.base.replace(/\/+$/, "");

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${options.token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new CloudflareApiError(
        0,
        undefined,
        timedOut ? "Cloudflare's API did not answer in time" : "Cloudflare's API could not be reached",
      );
    }
    let envelope: Envelope<T> | undefined;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = undefined;
    }
    if (!response.ok || !envelope?.success) {
      const first = envelope?.errors?.[0];
      throw new CloudflareApiError(response.status, first?.code, first?.message ?? `Cloudflare's API answered ${response.status}`);
    }
    return envelope.result;
  }

  const zone = (zoneId: string) => `/zones/${encodeURIComponent(zoneId)}`;

  return {
    customHostnames: {
      /** TXT validation for both ownership and the certificate: works before the owner's CNAME is in place. */
      create: (zoneId: string, hostname: string) =>
        call<CustomHostname>("POST", `${zone(zoneId)}/custom_hostnames`, { hostname, ssl: { method: "txt", type: "dv" } }),
      get: (zoneId: string, id: string) => call<CustomHostname>("GET", `${zone(zoneId)}/custom_hostnames/${encodeURIComponent(id)}`),
      delete: (zoneId: string, id: string) => call<{ id: string }>("DELETE", `${zone(zoneId)}/custom_hostnames/${encodeURIComponent(id)}`),
      /** The custom hostname of exactly this name, if any (list filtered by hostname). */
      find: async (zoneId: string, hostname: string) => {
        const list = await call<CustomHostname[]>("GET", `${zone(zoneId)}/custom_hostnames?hostname=${encodeURIComponent(hostname)}`);
        return list.find((h) => h.hostname === hostname);
      },
    },
    fallbackOrigin: {
      get: (zoneId: string) => call<{ origin?: string; status?: string }>("GET", `${zone(zoneId)}/custom_hostnames/fallback_origin`),
      set: (zoneId: string, origin: string) =>
        call<{ origin: string; status: string }>("PUT", `${zone(zoneId)}/custom_hostnames/fallback_origin`, { origin }),
    },
    workerRoutes: {
      list: (zoneId: string) => call<WorkerRoute[]>("GET", `${zone(zoneId)}/workers/routes`),
      create: (zoneId: string, pattern: string, script: string) =>
        call<WorkerRoute>("POST", `${zone(zoneId)}/workers/routes`, { pattern, script }),
    },
  };
}

export type CloudflareApi = ReturnType<typeof cloudflareApi>;
