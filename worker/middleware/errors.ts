// One error shape for the whole API: `{ "error": "<code>" }` with a fitting status.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";

/** Throw from anywhere in a handler to answer with `{ error: code }` and this status. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
  ) {
    super(code);
  }
}

export const notFound = (): HttpError => new HttpError(404, "not_found");
export const badRequest = (code = "bad_request"): HttpError => new HttpError(400, code);

export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) return c.json({ error: err.code }, err.status);
  if (err instanceof ZodError) return c.json({ error: "invalid_input" }, 400);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = status === 413 ? "payload_too_large" : status === 401 ? "unauthorized" : "bad_request";
    return c.json({ error: code }, status);
  }
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json({ error: "internal_error" }, 500);
}
