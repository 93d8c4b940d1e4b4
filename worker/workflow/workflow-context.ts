// The workflow's context from a request: the journal, D1, the mail queue, the link secret and links on the request's
// own host (so every link in a message opens on the journal's host the staff member or author used).
import type { Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { HttpError } from "../core/errors";
import type { AppEnv } from "../core/env";
import type { WorkflowCtx } from "./workflow";

export function workflowCtx(c: Context<AppEnv>, actor: string): WorkflowCtx {
  return {
    db: c.get("db"),
    queue: c.get("mailQueue"),
    journal: c.get("journal"),
    origin: new URL(c.req.url).origin,
    secret: c.get("config").auth.JWT_SECRET,
    actor,
  };
}

export const staffActor = (c: Context<AppEnv>) => `staff:${c.get("admin")?.username ?? "unknown"}`;

/**
 * A JSON body checked by a workflow schema: 400 with the first failed rule's code (contract/workflow.ts names them,
 * e.g. invalid_email, missing_subject), or invalid_input for a body of the wrong shape.
 */
export const workflowBody = <S extends z.ZodType>(schema: S) =>
  zValidator("json", schema, (result) => {
    if (!result.success) {
      const message = (result.error as unknown as z.ZodError).issues[0]?.message ?? "";
      throw new HttpError(400, /^[a-z_]{3,40}$/.test(message) ? message : "invalid_input");
    }
  });
