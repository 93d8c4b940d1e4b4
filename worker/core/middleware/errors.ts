// One error shape for the whole API: `{ "error": "<code>", ...extra }` with a fitting status (app.onError).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { HttpError } from "../errors";

export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) return c.json({ ...err.extra, error: err.code }, err.status);
  if (err instanceof ZodError) return c.json({ error: "invalid_input" }, 400);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = status === 413 ? "payload_too_large" : status === 401 ? "unauthorized" : "invalid_input";
    return c.json({ error: code }, status);
  }
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json({ error: "internal_error" }, 500);
}
