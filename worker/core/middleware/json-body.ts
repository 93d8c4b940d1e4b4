// JSON request bodies, one way: `jsonBody(schema)` validates with @hono/zod-validator before the handler runs,
// which reads the result with c.req.valid("json"). A body that is not JSON or fails the schema is 400 with the
// schema's error code (errorCodeOf; "invalid_input" unless a field names a more precise one).
// The one other way is the multipart/JSON merge of the article and editor edits (form-body.ts: `readFormBody`, the
// stored row merged with the sent fields, then `validated`), because a partial edit is only valid once merged.
import type { MiddlewareHandler } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { HttpError } from "../errors";
import { errorCodeOf } from "#contract/admin";

/** Placed before jsonBody: a body that is not declared JSON is refused (the validator would read it as {}). */
export const jsonContent: MiddlewareHandler = async (c, next) => {
  if (!/^application\/([a-z.+-]+\+)?json\b/i.test(c.req.header("content-type") ?? "")) throw new HttpError(400, "invalid_input");
  await next();
};

export const jsonBody = <S extends z.ZodType>(schema: S) =>
  zValidator("json", schema, (result) => {
    if (!result.success) throw new HttpError(400, errorCodeOf(result.error as unknown as z.ZodError));
  });

/**
 * As jsonBody, but the code is the first failed rule's own (the platform console names each field's problem). Only a
 * code of ours (snake_case) is passed on: zod's own sentences ("Invalid input: expected object, received array" for a
 * body that is not an object) become invalid_input (issue 38 item 7).
 */
export const jsonBodyFirstCode = <S extends z.ZodType>(schema: S) =>
  zValidator("json", schema, (result) => {
    if (!result.success) {
      const message = (result.error as unknown as z.ZodError).issues[0]?.message ?? "";
      throw new HttpError(400, /^[a-z][a-z0-9_]*$/.test(message) ? message : "invalid_input");
    }
  });
