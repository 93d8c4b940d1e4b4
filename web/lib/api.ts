// The public site's HTTP client: plain GETs of the public JSON API (worker/schemas/api.ts shapes) and the
// Submit Online post. Failures throw ApiError carrying the server's `{ error }` code ("network" when the server
// could not be reached). Public reads are cached for the page's lifetime (journal data changes rarely and the
// reader navigates back and forth); SPEC §8: public fetch errors are logged, not shown.
import { useEffect, useState } from "react";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(`${status} ${code}`);
    this.name = "ApiError";
  }
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

async function failure(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, typeof body.error === "string" ? body.error : `http_${res.status}`, body);
}

async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(0, "network");
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

const cache = new Map<string, Promise<unknown>>();

/**
 * GET a public API path. Cached per page load unless `fresh`; a failed answer is dropped from the cache so a
 * later visit retries. (`/api/settings/` is the same URL the Worker preloads in the first HTML.)
 */
export function getJson<T>(path: string, opts: { fresh?: boolean } = {}): Promise<T> {
  if (!opts.fresh) {
    const hit = cache.get(path);
    if (hit) return hit as Promise<T>;
  }
  const p = fetchJson<T>(path);
  cache.set(path, p);
  p.catch(() => cache.delete(path));
  return p;
}

export interface ApiState<T> {
  data: T | undefined;
  /** Set when the last request failed (already logged). */
  error: ApiError | undefined;
  loading: boolean;
}

/** Loads `path` (null = nothing to load) and re-loads when it changes; stale answers are ignored. */
export function useApi<T>(path: string | null, opts: { fresh?: boolean } = {}): ApiState<T> {
  const [state, setState] = useState<ApiState<T> & { path: string | null }>({ data: undefined, error: undefined, loading: path !== null, path });
  const fresh = opts.fresh ?? false;

  useEffect(() => {
    if (path === null) {
      setState({ data: undefined, error: undefined, loading: false, path });
      return;
    }
    let current = true;
    setState((s) => (s.path === path && !s.loading ? s : { data: undefined, error: undefined, loading: true, path }));
    getJson<T>(path, { fresh }).then(
      (data) => current && setState({ data, error: undefined, loading: false, path }),
      (err: unknown) => {
        if (!current) return;
        const error = err instanceof ApiError ? err : new ApiError(0, "network");
        // A 404 is an answer ("not found"), shown by the page; anything else is only logged (SPEC §8).
        if (error.status !== 404) console.error(`GET ${path} failed:`, error.code);
        setState({ data: undefined, error, loading: false, path });
      },
    );
    return () => {
      current = false;
    };
  }, [path, fresh]);

  // While a new path loads, never show the previous path's data.
  return state.path === path ? state : { data: undefined, error: undefined, loading: path !== null };
}

/** POST multipart form data; answers the parsed JSON body, throws ApiError on failure. */
export function postForm<T>(path: string, form: FormData): Promise<T> {
  return fetchJson<T>(path, { method: "POST", body: form });
}
