// The one place below the Worker entry that reads the bindings and configuration (c.env): it puts what a request
// needs into c.var — the D1 session (docs/decisions/0111), the file store (R2), the shipped files (assets) and the
// configuration — so routes, stores and helpers take them from the context, never from c.env.
import type { MiddlewareHandler } from "hono";
import type { AppConfig, AppEnv } from "../env";
import { drizzleOver, returnBookmark, sessionFor } from "../edge/d1-session";
import { certificateKeysOf } from "../../verification/verification-code";

function configOf(env: Env): AppConfig {
  return {
    platformHosts: env.PLATFORM_HOSTS ?? "",
    auth: { JWT_SECRET: env.JWT_SECRET, AUTH_ISSUER: env.AUTH_ISSUER, AUTH_AUDIENCE: env.AUTH_AUDIENCE },
    certificateKeys: certificateKeysOf(env.CERTIFICATE_KEYS),
    backupSigningKey: env.BACKUP_SIGNING_KEY || null,
  };
}

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("files", c.env.FILES);
  c.set("assets", c.env.ASSETS);
  c.set("mailQueue", c.env.MAIL_QUEUE);
  c.set("transfers", c.env.TRANSFER);
  c.set("config", configOf(c.env));
  const session = sessionFor(c.req.raw, c.env.DB);
  c.set("db", drizzleOver(session));
  await next();
  returnBookmark(c, session);
};
