// requireOperator: the one guard in front of every platform console call (docs/decisions/0160-operators.md).
// Only tokens of the operator audience pass; a journal admin's token never does (and requireAdmin refuses
// operator tokens). As requireAdmin: the operator is read from D1 on every call, so disabling, a password change
// or logout stops a token at once.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../core/env";
import { verifyOperatorToken } from "../auth/tokens";
import { findOperatorSession } from "./operators.repo";
import { bearerTokenOf, unauthorized } from "../auth/admin-guard";
import { STATUS_ENABLED } from "#contract/constants";

export const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerTokenOf(c.req.header("authorization"));
  if (!token) throw unauthorized();
  const claims = await verifyOperatorToken(c.var.config.auth, token);
  if (!claims) throw unauthorized();
  const operator = await findOperatorSession(c.get("db"), claims.operatorId, claims.tokenId);
  if (!operator || operator.revoked || operator.sessionVersion !== claims.sessionVersion || operator.status !== STATUS_ENABLED) {
    throw unauthorized();
  }
  c.set("operator", { id: operator.id, username: operator.username, name: operator.name });
  c.set("session", { tokenId: claims.tokenId, expiresAt: claims.expiresAt });
  c.header("Cache-Control", "private, no-store");
  await next();
};

/** The author of a console write, for operator_events. */
export const operatorActorOf = (c: { get(key: "operator"): AppEnv["Variables"]["operator"] }) => {
  const o = c.get("operator");
  return { operatorId: o.id, username: o.username };
};
