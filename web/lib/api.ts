// The web app's one error type for API answers, and the public side's calls (the Submit Online post; public
// pages get their data from route loaders, web/lib/page-data.ts). Failures throw ApiError carrying the server's
// `{ error }` code and body ("network" when the server could not be reached). The admin client
// (web/admin/admin-api.ts) adds the session's token on top of the same error handling.

import { sendThroughMove } from "./journal-moving";

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

/** The `{ error }` code of a failure, for mapping to the SPEC §8 messages ("aborted", "network" when no answer). */
export function errorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (isAbort(error)) return "aborted";
  return "network";
}

/** The ApiError of a failed answer: the body's `error` code, else `http_<status>`. */
export async function failure(res: Response): Promise<ApiError> {
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
    // A post to a journal moving databases is sent again after its pause (journal-moving.ts).
    res = await sendThroughMove(
      () => fetch(path, { ...init, headers: { Accept: "application/json", ...init.headers } }),
      init.signal ?? undefined,
    );
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(0, "network");
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** POST multipart form data (with extra headers, e.g. an Idempotency-Key); answers the parsed JSON body, throws
 * ApiError on failure. */
export function postForm<T>(path: string, form: FormData, headers: Record<string, string> = {}): Promise<T> {
  return fetchJson<T>(path, { method: "POST", body: form, headers });
}
