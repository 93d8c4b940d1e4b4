// Writes that belong to another database than the request's change (docs/decisions/0240): D1 has no transaction
// across databases, so such a write (an operator's audit event about a journal's staff, kept in the platform
// database) runs once the change committed — after the handler, only when it answered with a success.
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

const pending = new WeakMap<Request, (() => Promise<unknown>)[]>();

/** Runs `write` after this request's handler, if it succeeds (needs the runAfterCommit middleware on the route). */
export function afterCommit(c: Context<AppEnv>, write: () => Promise<unknown>): void {
  const list = pending.get(c.req.raw) ?? [];
  list.push(write);
  pending.set(c.req.raw, list);
}

export const runAfterCommit: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const list = pending.get(c.req.raw) ?? [];
  pending.delete(c.req.raw);
  if (c.res.status >= 400) return;
  for (const write of list) await write();
};
