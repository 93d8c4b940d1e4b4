// The one place below the Worker entry that reads the bindings and configuration (c.env): it puts what a request
// needs into c.var — the D1 session (docs/decisions/0111), the file store (R2), the shipped files (assets) and the
// configuration — so routes, stores and helpers take them from the context, never from c.env.
import type { MiddlewareHandler } from "hono";
import type { AppConfig, AppEnv, Db } from "../env";
import { drizzleOver, returnBookmark, sessionFor } from "../edge/d1-session";
import { bindingOf, journalDatabaseNames, PLATFORM_DATABASE, shardMapOf, shardNames } from "../data/shards";
import { certificateKeysOf } from "../../verification/verification-code";
import { paymentGatewaysOf } from "../../payments/gateway-config";
import { saasSettingsOf } from "../../platform/custom-hostnames/saas-config";
import { matchingApiOf } from "../../scholarly/crossref-matching";
import { CLOUDFLARE_DOH } from "../../platform/mail-domains/mail-domain-check";

function configOf(env: Env): AppConfig {
  return {
    platformHosts: env.PLATFORM_HOSTS ?? "",
    auth: { JWT_SECRET: env.JWT_SECRET, AUTH_ISSUER: env.AUTH_ISSUER, AUTH_AUDIENCE: env.AUTH_AUDIENCE },
    certificateKeys: certificateKeysOf(env.CERTIFICATE_KEYS),
    backupSigningKey: env.BACKUP_SIGNING_KEY || null,
    saas: saasSettingsOf(env),
    payments: paymentGatewaysOf(env),
    crossrefMatchingApi: matchingApiOf(env),
    mail: { dnsOverHttps: env.DNS_OVER_HTTPS || CLOUDFLARE_DOH, platformFrom: (env.PLATFORM_MAIL_FROM ?? "").trim() },
  };
}

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("files", c.env.FILES);
  c.set("images", c.env.IMAGES);
  c.set("assets", c.env.ASSETS);
  c.set("mailQueue", c.env.MAIL_QUEUE);
  c.set("transfers", c.env.TRANSFER);
  c.set("config", configOf(c.env));
  // One session per database the request reads (docs/decisions/0240): the platform's now; the journal's shard when
  // resolveJournal knows the journal (it sets c.var.db to it), or when the console asks for one.
  // The request as it arrived: later middleware may wrap c.req.raw (a bounded body), and the sessions are filed
  // under this one.
  const req = c.req.raw;
  const databases = new Map<string, Db>();
  const databaseFor = (shard: string): Db => {
    let db = databases.get(shard);
    if (!db) {
      db = drizzleOver(sessionFor(req, bindingOf(c.env, shard), undefined, shard));
      databases.set(shard, db);
    }
    return db;
  };
  c.set("databaseFor", databaseFor);
  c.set("shards", shardMapOf(c.env));
  const env = c.env;
  c.set("journalMoves", {
    platform: env.DB,
    journalDatabases: journalDatabaseNames(env),
    databaseOf: (shard) => (shardNames(env).includes(shard) ? bindingOf(env, shard) : undefined),
    runner: env.JOURNAL_MOVE,
  });
  c.set("platformDb", databaseFor(PLATFORM_DATABASE));
  c.set("db", databaseFor(PLATFORM_DATABASE));
  await next();
  returnBookmark(c, req);
};
