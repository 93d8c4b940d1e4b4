// Bindings and per-request variables: the bindings are read in one place, worker/core/middleware/request-context.ts.
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "./data/schema";
import type { JournalRow } from "./data/schema";
import type { CertificateKeys } from "../verification/verification-code";
import type { StaffRole } from "#contract/roles";
import type { SaasSettings } from "../platform/custom-hostnames/saas-config";

export type Db = DrizzleD1Database<typeof schema>;

/** What requests may do with the shard map (c.var.shards, set by the request context). */
export interface ShardMap {
  /** Every database a journal may live in (journal databases first, then the platform's). */
  names: string[];
  /** Where a new journal goes (worker/core/data/shards.ts). */
  forNewJournal(): Promise<string>;
  /** Writes the copy of a journal's row into its journal database (copyJournalRow). */
  copyJournalRow(journalId: number, shard?: string): Promise<void>;
  /** Sizes of the databases, as D1 reports them. */
  sizes(): Promise<{ name: string; bytes: number }[]>;
}

/** What the console's journal moves need of the bindings (c.var.journalMoves; journal-move.repo.ts runs raw D1). */
export interface JournalMoves {
  /** The platform database's binding. */
  platform: D1Database;
  /** The journal databases' binding names. */
  journalDatabases: string[];
  /** A database's binding by name; undefined for a name that is not one. */
  databaseOf(shard: string): D1Database | undefined;
  /** The Workflow that runs a move (journal-move-workflow.ts). */
  runner: Workflow<{ moveId: number }>;
}

/** The admin a verified token belongs to (set by requireAdmin). */
export interface AdminPrincipal {
  id: number;
  username: string;
  name: string;
  /** The account's role (contract/roles.ts); guards compare it with what each router needs. */
  role: StaffRole;
  /** Signed in with a one-time password: only choosing a new one is allowed (docs/decisions/0201). */
  mustChangePassword: boolean;
}

/** Configuration a request may need (from wrangler vars and secrets), read once by the request context. */
export interface AppConfig {
  /** Hosts that serve the platform console instead of a journal (PLATFORM_HOSTS, comma separated). */
  platformHosts: string;
  /** What tokens are signed and checked with. */
  auth: Pick<Env, "JWT_SECRET" | "AUTH_ISSUER" | "AUTH_AUDIENCE">;
  /** The keys certificate codes are signed and checked with (secret CERTIFICATE_KEYS); null when none is set. */
  certificateKeys: CertificateKeys | null;
  /** What backups are signed with (secret BACKUP_SIGNING_KEY, docs/decisions/0182); null when none is set. */
  backupSigningKey: string | null;
  /** Cloudflare for SaaS (SAAS_ZONE_ID, SAAS_FALLBACK_ORIGIN, CLOUDFLARE_API_BASE, secret CLOUDFLARE_API_TOKEN);
   * null when no zone is configured: hosts are not custom hostnames (docs/decisions/0356). */
  saas: SaasSettings | null;
  /** The payment gateways' API origins (wrangler vars; the local stand-ins in tests and `npm start`). */
  payments: { razorpayApi: string; stripeApi: string };
  /** Crossref's REST API for reference matching (wrangler var; the local stand-in in tests). */
  crossrefMatchingApi: string;
  /** Mail from journals' own domains (docs/decisions/0395): where DNS is asked (DNS_OVER_HTTPS), and the platform's
   * sender for journals whose domain is not set up yet (PLATFORM_MAIL_FROM; "" for none). */
  mail: { dnsOverHttps: string; platformFrom: string };
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    journal: JournalRow;
    /** The Host's header branch, from its stored flag (journal_domains.alt_header). */
    headerBranch: "alt" | "default";
    /** The operator a verified console token belongs to (set by requireOperator). */
    operator: { id: number; username: string; name: string };
    /** The journal's database (its shard) once resolveJournal ran; the platform database before, and in the console. */
    db: Db;
    /** The platform database: journals with their settings, hosts, operators, the shard map (docs/decisions/0240). */
    platformDb: Db;
    /** This request's session over a journal database by binding name (journals.shard): console fan-out, moves. */
    databaseFor: (shard: string) => Db;
    /** The shard map's operations that need the bindings (worker/core/data/shards.ts). */
    shards: ShardMap;
    /** The bindings a journal's move works on (the console). */
    journalMoves: JournalMoves;
    /** The R2 bucket of every journal's files (keys: worker/core/files/keys.ts). */
    files: R2Bucket;
    /** Cloudflare Images, for the full text's web-sized figures (docs/decisions/0388); undefined without the binding. */
    images: ImagesBinding | undefined;
    /** The shipped files (the built site). */
    assets: Fetcher;
    /** The workflow's mail queue (worker/workflow/mail-queue.ts consumes it). */
    mailQueue: Queue;
    /** Import jobs: the TransferWorkflow's instances (worker/transfer/, docs/decisions/0211). */
    transfers: Workflow<{ jobId: string; journalId?: number }>;
    config: AppConfig;
    admin: AdminPrincipal;
    /**
     * Set when this request's handler put an admin write in its D1 batch (afterAdminWrite, through the actor):
     * with a successful answer, the write committed and the content version moved (edge/content-version.ts).
     */
    adminWrite: boolean;
    /** The verified token's id and expiry (set by requireAdmin; logout revokes it). */
    session: { tokenId: string; expiresAt: Date };
  };
}
