// Bindings and per-request variables: the bindings are read in one place, worker/middleware/request-context.ts.
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "./data/schema";
import type { JournalRow } from "./data/schema";
import type { CertificateKeys } from "./documents/verification-code";

export type Db = DrizzleD1Database<typeof schema>;

/** The admin a verified token belongs to (set by requireAdmin). */
export interface AdminPrincipal {
  id: number;
  username: string;
  name: string;
}

/** Configuration a request may need (from wrangler vars and secrets), read once by the request context. */
export interface AppConfig {
  /** Hosts that get the alternate header block (comma separated). */
  altHeaderDomains: string;
  /** What tokens are signed and checked with. */
  auth: Pick<Env, "JWT_SECRET" | "AUTH_ISSUER" | "AUTH_AUDIENCE">;
  /** The keys certificate codes are signed and checked with (secret CERTIFICATE_KEYS); null when none is set. */
  certificateKeys: CertificateKeys | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    journal: JournalRow;
    db: Db;
    /** The R2 bucket of every journal's files (keys: worker/files/keys.ts). */
    files: R2Bucket;
    /** The shipped files (the built site). */
    assets: Fetcher;
    config: AppConfig;
    admin: AdminPrincipal;
    /** The verified token's id and expiry (set by requireAdmin; logout revokes it). */
    session: { tokenId: string; expiresAt: Date };
  };
}
