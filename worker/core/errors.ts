// The API's one error type, at the bottom of the worker's layers (files/, auth/, data helpers and routes all throw
// it; middleware/errors.ts turns it into the answer). Every error answer is `{ "error": "<code>" }`, with any
// extra fields the caller must see (the unknown reference numbers, the hosts a journal may use, ...).
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    /** Fields sent next to `error` (never `error` itself). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(code);
  }
}

export const notFound = (): HttpError => new HttpError(404, "not_found");
export const badRequest = (code = "bad_request"): HttpError => new HttpError(400, code);
