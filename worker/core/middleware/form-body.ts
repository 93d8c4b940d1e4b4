// Reading a write's body: multipart or url-encoded forms (files allowed) or a JSON object, as one shape.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { z } from "zod";
import { HttpError } from "../errors";
import { errorCodeOf } from "#contract/admin";

export interface FormBody {
  /** Text fields; a field sent twice keeps its last value. JSON numbers and booleans arrive as they were. */
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

const invalid = () => new HttpError(400, "invalid_input");

export async function readFormBody(c: Context<AppEnv>): Promise<FormBody> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      throw invalid();
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw invalid();
    return { fields: json as Record<string, unknown>, files: {} };
  }
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) throw invalid();
  let parsed: Record<string, unknown>;
  try {
    parsed = await c.req.parseBody({ all: true });
  } catch {
    throw invalid();
  }
  const body: FormBody = { fields: {}, files: {} };
  for (const [name, value] of Object.entries(parsed)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last instanceof File) body.files[name] = last;
    else if (typeof last === "string") body.fields[name] = last;
  }
  return body;
}

/** Parses with a schema of contract/admin.ts; a failure is 400 with the code (errorCodeOf). */
export function validated<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(400, errorCodeOf(result.error));
  return result.data;
}
