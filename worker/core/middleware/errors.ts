// One error shape for the whole API: `{ "error": "<code>", ...extra }` with a fitting status (app.onError).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { HttpError } from "../errors";
import { forgetShard } from "../data/shards";
import { isJournalMoving } from "../data/journal-moving";
import { forgetJournals } from "../edge/journal-memo";

export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) return c.json({ ...err.extra, error: err.code }, err.status);
  if (isJournalMoving(err)) {
    // A write refused while the journal moves to another database (docs/decisions/0280). Writes pause for a few seconds; the retry must ask where the journal is now, not this isolate's memory.
    forgetShard();
    forgetJournals();
    c.header("Retry-After", "2");
    return c.json({ error: "journal_moving" }, 503);
  }
  if (err instanceof ZodError) return c.json({ error: "invalid_input" }, 400);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = status === 413 ? "payload_too_large" : status === 401 ? "unauthorized" : "invalid_input";
    return c.json({ error: code }, status);
  }
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json({ error: "internal_error" }, 500);
}
