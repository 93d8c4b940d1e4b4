// Bindings and per-request variables, read in one place.
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "./data/schema";
import type { JournalRow } from "./data/schema";

export type Db = DrizzleD1Database<typeof schema>;

/** The admin a verified token belongs to (set by requireAdmin). */
export interface AdminPrincipal {
  id: number;
  username: string;
  name: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    journal: JournalRow;
    db: Db;
    admin: AdminPrincipal;
    /** The verified token's id and expiry (set by requireAdmin; logout revokes it). */
    session: { tokenId: string; expiresAt: Date };
  };
}
