// A local stand-in for the Cloudflare API endpoints the platform uses (issue 52), reached at http://cloudflare-api.test
// (miniflare's outbound service: tests/workers-runtime.ts). It answers in Cloudflare's envelope
// { success, errors: [{ code, message }], messages, result } as the API documents:
//   POST   /zones/{zone}/custom_hostnames {hostname, ssl: {method: "txt", type: "dv"}} -> a pending hostname with its
//          ownership_verification TXT and ssl.validation_records (txt_name/txt_value); 409 code 1406 for a duplicate;
//   GET    /zones/{zone}/custom_hostnames/{id} -> the hostname; each GET counts as one refresh, and after
//          ACTIVE_AFTER refreshes a pending hostname and its certificate become active;
//   GET    /zones/{zone}/custom_hostnames?hostname=  -> the matching list;
//   DELETE /zones/{zone}/custom_hostnames/{id} -> { id };
//   GET/PUT /zones/{zone}/custom_hostnames/fallback_origin, GET/POST /zones/{zone}/workers/routes.
// What tests drive (documented statuses, failures):
//   POST /__standin/custom_hostnames/{hostname} {status?, sslStatus?, fail?: number, hang?: boolean} sets a
//   hostname's status (pending, active, blocked, moved...), or makes every call about it answer `fail` (e.g. 500)
//   or never answer (`hang`: the client's timeout fires). A token "standin-no-permission" gets 403 code 10000.

export const CLOUDFLARE_STANDIN_ORIGIN = "http://cloudflare-api.test";
export const ACTIVE_AFTER = 2;

interface StoredHostname {
  id: string;
  hostname: string;
  status: string;
  sslStatus: string;
  refreshes: number;
  ownership: string;
  certificate: string;
  fail?: number;
  hang?: boolean;
}

const hostnames = new Map<string, StoredHostname>();
const control = new Map<string, Partial<StoredHostname>>();
let fallbackOrigin: { origin: string; status: string } | undefined;
const routes: { id: string; pattern: string; script: string }[] = [];

const envelope = (result: unknown, status = 200) => Response.json({ success: true, errors: [], messages: [], result }, { status });
const failure = (status: number, code: number, message: string) =>
  Response.json({ success: false, errors: [{ code, message }], messages: [], result: null }, { status });

function view(h: StoredHostname) {
  return {
    id: h.id,
    hostname: h.hostname,
    status: h.status,
    ssl: {
      id: `ssl-${h.id}`,
      type: "dv",
      method: "txt",
      status: h.sslStatus,
      validation_records: h.sslStatus === "active" ? [] : [{ txt_name: `_acme-challenge.${h.hostname}`, txt_value: h.certificate }],
    },
    ownership_verification: { type: "txt", name: `_cf-custom-hostname.${h.hostname}`, value: h.ownership },
    ...(h.status === "blocked"
      ? { verification_errors: ["The hostname is blocked: it is on a list of hostnames Cloudflare does not serve."] }
      : {}),
    created_at: "2026-11-29T00:00:00Z",
  };
}

const hang = () => new Promise<Response>(() => {});

export async function cloudflareApiStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const controlMatch = path.match(/^\/__standin\/custom_hostnames\/([^/]+)$/);
  if (controlMatch && request.method === "POST") {
    const name = decodeURIComponent(controlMatch[1]);
    const change = (await request.json()) as Partial<StoredHostname>;
    control.set(name, { ...control.get(name), ...change });
    const stored = [...hostnames.values()].find((h) => h.hostname === name);
    if (stored) Object.assign(stored, change);
    return envelope({ hostname: name });
  }
  if (request.headers.get("Authorization") === "Bearer standin-no-permission") return failure(403, 10000, "Authentication error");
  const zone = path.match(/^\/client\/v4\/zones\/([^/]+)(\/.*)$/);
  if (!zone) return failure(404, 7003, "Could not route to the path");
  const rest = zone[2];

  if (rest === "/custom_hostnames/fallback_origin") {
    if (request.method === "PUT") {
      fallbackOrigin = { origin: ((await request.json()) as { origin: string }).origin, status: "pending_deployment" };
      return envelope(fallbackOrigin);
    }
    return fallbackOrigin ? envelope(fallbackOrigin) : failure(404, 1551, "No fallback origin");
  }
  if (rest === "/workers/routes") {
    if (request.method === "POST") {
      const body = (await request.json()) as { pattern: string; script: string };
      const route = { id: crypto.randomUUID().replaceAll("-", ""), ...body };
      routes.push(route);
      return envelope(route);
    }
    return envelope(routes);
  }
  if (rest === "/custom_hostnames" && request.method === "POST") {
    const body = (await request.json()) as { hostname?: string; ssl?: { method?: string; type?: string } };
    const name = body.hostname ?? "";
    const ctl = control.get(name);
    if (ctl?.hang) return hang();
    if (ctl?.fail) return failure(ctl.fail, 1000, "Internal error (stand-in)");
    if (!name || body.ssl?.type !== "dv" || !["txt", "http", "email"].includes(body.ssl?.method ?? "")) {
      return failure(400, 1409, "Invalid custom hostname or ssl settings");
    }
    if ([...hostnames.values()].some((h) => h.hostname === name)) return failure(409, 1406, "Duplicate custom hostname found.");
    const stored: StoredHostname = {
      id: crypto.randomUUID(),
      hostname: name,
      status: "pending",
      sslStatus: "pending_validation",
      refreshes: 0,
      ownership: crypto.randomUUID(),
      certificate: crypto.randomUUID().replaceAll("-", "").slice(0, 22),
      ...ctl,
    };
    hostnames.set(stored.id, stored);
    return envelope(view(stored));
  }
  if (rest === "/custom_hostnames" && request.method === "GET") {
    const name = url.searchParams.get("hostname");
    return envelope([...hostnames.values()].filter((h) => !name || h.hostname === name).map(view));
  }
  const one = rest.match(/^\/custom_hostnames\/([^/]+)$/);
  if (one) {
    const stored = hostnames.get(decodeURIComponent(one[1]));
    if (!stored) return failure(404, 1436, "The custom hostname was not found.");
    if (stored.hang) return hang();
    if (stored.fail) return failure(stored.fail, 1000, "Internal error (stand-in)");
    if (request.method === "DELETE") {
      hostnames.delete(stored.id);
      return envelope({ id: stored.id });
    }
    stored.refreshes++;
    if (stored.status === "pending" && stored.refreshes >= ACTIVE_AFTER) Object.assign(stored, { status: "active", sslStatus: "active" });
    return envelope(view(stored));
  }
  return failure(404, 7003, "Could not route to the path");
}
