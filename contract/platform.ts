// The platform console's API contract (docs/api.md "Platform API", docs/decisions/0160-0162): the forms of the
// operator's console and the Worker share these schemas. Runtime-neutral (Worker and browser).
import { z } from "zod";
import { DOMAIN_PATTERN } from "./host";
import { normalizeIssn } from "./scholarly";
import { CONTROL_CHARACTERS, isSingleLine } from "./mail-header";
import { MIN_PASSWORD_LENGTH } from "./login";
import { ROLE_MESSAGES, STAFF_ROLES, type StaffRole } from "./roles";
import { MOVE_ERROR_MESSAGES } from "./journal-move";

const INVALID = "invalid_input";

const text = (max: number) => z.string({ error: INVALID }).trim().max(max, INVALID);
const requiredText = (max: number) => text(max).min(1, INVALID);

/**
 * A host as a person may type it ("https://Bücher.Example/", "Journal.Example.org:8443") -> the host name the
 * Worker compares with the Host header: lower case, no scheme, path, port or trailing dot, IDNA to ASCII
 * ("xn--bcher-kva.example"). null when it is not a host name (docs/decisions/0161-hosts.md).
 */
export function normalizeHost(raw: string | null | undefined): string | null {
  const typed = String(raw ?? "")
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d*$/, "")
    .replace(/\.$/, "");
  if (!typed || /[\s@:[\]\\]/.test(typed)) return null;
  let host: string;
  try {
    // The WHATWG URL parser does the IDNA (UTS #46) mapping and the Punycode, the same in Workers and browsers.
    host = new URL(`http://${typed}/`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "");
  if (/^\d+(\.\d+){3}$/.test(host)) return null; // an IPv4 address is not a journal's host
  return DOMAIN_PATTERN.test(host) ? host : null;
}

export const hostField = z
  .string({ error: "invalid_host" })
  .max(300, "invalid_host")
  .transform((v, ctx) => {
    const host = normalizeHost(v);
    if (!host) {
      ctx.addIssue({ code: "custom", message: "invalid_host" });
      return z.NEVER;
    }
    return host;
  });

/** An ISSN field whose error code names the field (invalid_issn_print / invalid_issn_online: issue 38 item 7). */
const issnField = (code: "invalid_issn_print" | "invalid_issn_online") =>
  z
    .string({ error: code })
    .trim()
    .max(20, code)
    .transform((v, ctx) => {
      if (v === "") return "";
      const issn = normalizeIssn(v.replace(/\s+/g, ""));
      if (!issn) {
        ctx.addIssue({ code: "custom", message: code });
        return z.NEVER;
      }
      return issn;
    });

const emailField = text(254).refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "invalid_email");

/** A journal's identity, as the console edits it. */
export const journalIdentitySchema = z.object({
  /** The sender's name of the journal's e-mails (docs/decisions/0300). */
  name: requiredText(300).refine(isSingleLine, CONTROL_CHARACTERS),
  abbreviation: text(100),
  issnPrint: issnField("invalid_issn_print"),
  issnOnline: issnField("invalid_issn_online"),
  contactEmail: emailField,
});
export const journalEditSchema = journalIdentitySchema.partial();
export type JournalEditInput = z.input<typeof journalEditSchema>;

/** POST /api/platform/journals: a new journal with its primary host, default settings and an empty archive. */
export const journalCreateSchema = journalIdentitySchema.extend({ primaryHost: hostField });
export type JournalCreateInput = z.input<typeof journalCreateSchema>;

/** POST /api/platform/journals/{id}/hosts */
export const hostAddSchema = z.object({
  host: hostField,
  primary: z.boolean({ error: INVALID }).optional(),
  altHeader: z.boolean({ error: INVALID }).optional(),
});
export type HostAddInput = z.input<typeof hostAddSchema>;

/** PATCH /api/platform/journals/{id}/hosts/{host}: make primary and/or set the alternate-header flag. */
export const hostPatchSchema = z
  .object({ primary: z.literal(true, { error: INVALID }).optional(), altHeader: z.boolean({ error: INVALID }).optional() })
  .refine((v) => v.primary !== undefined || v.altHeader !== undefined, INVALID);

/** DELETE /api/platform/journals/{id}: only with the journal's name typed, after a backup. */
export const journalDeleteSchema = z.object({ confirmName: z.string({ error: INVALID }).max(300, INVALID) });

export const UNKNOWN_HOST_CHOICES = ["default", "not_found"] as const;
export type UnknownHostChoice = (typeof UNKNOWN_HOST_CHOICES)[number];

/** PUT /api/platform/settings */
export const platformSettingsSchema = z.object({
  unknownHost: z.enum(UNKNOWN_HOST_CHOICES, { error: INVALID }),
  /** The journal unknown hosts get when unknownHost is "default" (null: keep the current one). */
  defaultJournalId: z.number({ error: INVALID }).int(INVALID).positive(INVALID).nullable().optional(),
});
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

// ---- Staff accounts of a journal (operators and the journal's own admins) ---------------------------------

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{2,64}$/;

const roleField = z.enum(STAFF_ROLES, { error: "invalid_role" });

export const staffCreateSchema = z.object({
  username: z.string({ error: "invalid_username" }).trim().regex(USERNAME_PATTERN, "invalid_username"),
  /** Left out: the username. */
  name: text(100).optional().default(""),
  /** Left out: "manager" when an operator creates the account, "editor" when a journal manager does (0200). */
  role: roleField.optional(),
  email: emailField.optional().default(""),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

export const staffStatusSchema = z.object({ status: z.enum(["enabled", "disabled"], { error: INVALID }) });

/** POST .../staff/{id}/role: a new role (and e-mail) for an account. */
export const staffRoleSchema = z.object({ role: roleField });
export const staffEmailSchema = z.object({ email: emailField });

/** A staff account as both consoles list it (never the hash). */
export interface StaffAccount {
  id: number;
  username: string;
  name: string;
  status: string;
  role: StaffRole;
  email: string;
  /** Set while the account's password is a one-time one: when it stops opening (ISO time). */
  oneTimeExpiresAt: string | null;
  /** An older account of the journal holds this username in another case (migrations/0080). */
  usernameClash: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The answer to a create or a reset: the one-time password, shown once and never stored in clear. */
export interface OneTimePassword {
  account: StaffAccount;
  oneTimePassword: string;
}

// ---- Answers ------------------------------------------------------------------------------------------------

export interface HostAnswer {
  host: string;
  primary: boolean;
  altHeader: boolean;
  /** "active" for a host without a custom hostname (it answers as before); else Cloudflare's hostname status
   * (pending, active, blocked, moved, ...: docs/decisions/0356). */
  status: string;
  /** Cloudflare's certificate status; null for a host without a custom hostname. */
  certificateStatus: string | null;
  /** The DNS records the domain's owner must set (CNAME target, ownership and certificate TXT). */
  dns: HostDnsRecord[];
  /** What Cloudflare says is wrong, or the last failed call to Cloudflare (the state above is then the last known). */
  problem: string | null;
  lastError: string | null;
}

/** A host's own settings, as the audit trail records them. */
export type HostFlags = Pick<HostAnswer, "host" | "primary" | "altHeader">;

export interface HostDnsRecord {
  type: "CNAME" | "TXT";
  name: string;
  value: string;
  purpose: "traffic" | "ownership" | "certificate";
}

/** One DNS record Cloudflare Email Service needs on a journal's sending domain (docs/decisions/0395). */
export interface MailDnsRecord {
  type: "MX" | "TXT";
  name: string;
  /** What to set. The DKIM key is Cloudflare's, shown in its dashboard (Email Sending → Settings): null here. */
  value: string | null;
  purpose: "bounce" | "spf" | "dkim" | "dmarc";
  /** What the last check found; "unchecked" before any. */
  state: "present" | "missing" | "wrong" | "unchecked";
  /** What DNS answered, when it is wrong. */
  found: string | null;
  /** The check's finding in plain words. */
  message: string;
}

/** The journal's sending domain: Email Service's records, and how its mail goes out until they are all present. */
export interface MailDomainAnswer {
  domain: string;
  /** verified: every record present, the journal sends from its own address; incomplete or unchecked: it sends from
   * the platform's address with its own name, replies to the manuscript's reply address on the platform's domain. */
  status: "verified" | "incomplete" | "unchecked";
  records: MailDnsRecord[];
  /** How the journal's mail goes out now. */
  sendsAs: { fromName: string; fromAddress: string; replyTo: string | null };
  checkedAt: string | null;
  /** The last check's failure (DNS over HTTPS down or too slow): the status above is then the last known. */
  lastError: string | null;
}

export interface JournalSummary {
  id: number;
  name: string;
  abbreviation: string;
  issnPrint: string;
  issnOnline: string;
  contactEmail: string;
  status: "active" | "suspended";
  isDefault: boolean;
  hosts: HostAnswer[];
  /** The sending domain's mail records: in one journal's answer (GET /api/platform/journals/{id} and its actions),
   * not in the list of every journal. */
  mail?: MailDomainAnswer;
  counts: { issues: number; articles: number; editors: number };
  storageBytes: number;
  lastBackupAt: string;
  updatedAt: string;
}

export interface OperatorEventAnswer {
  id: number;
  operator: string;
  action: string;
  journalId: number | null;
  summary: string;
  before: unknown;
  after: unknown;
  at: string;
}

export interface PlatformSettingsAnswer {
  unknownHost: UnknownHostChoice;
  defaultJournalId: number | null;
}

/** Error codes the console turns into sentences (web/platform/messages.tsx). */
export const PLATFORM_MESSAGES: Record<string, string> = {
  invalid_credentials: "Invalid user and password",
  disabled: "User disabled",
  too_many_attempts: "Too many attempts: wait a minute and try again",
  invalid_host: "That is not a host name (example: journal.example.org)",
  host_taken: "That host already belongs to a journal",
  host_reserved: "That host serves this console (PLATFORM_HOSTS): it cannot belong to a journal",
  cloudflare_failed:
    "Cloudflare could not delete the host's custom hostname (it failed or did not answer in time). The host is kept; try again in a moment.",
  invalid_issn: "An ISSN looks like 2394-7500 (with a valid check digit)",
  invalid_issn_print: "Print ISSN: an ISSN looks like 2394-7500 (with a valid check digit)",
  invalid_issn_online: "Online ISSN: an ISSN looks like 2394-7500 (with a valid check digit)",
  invalid_email: "That is not an e-mail address",
  invalid_username: "A username has 2-64 letters, digits or . _ @ -",
  duplicate_username: "That username is already taken in this journal",
  backup_required: "Download a backup of this journal first",
  name_mismatch: "Type the journal's name exactly to delete it",
  last_host: "A journal keeps at least one host",
  primary_host: "Make another host primary before removing this one",
  default_journal: "The default journal cannot be deleted: choose another default first",
  not_found: "Not found",
  invalid_input: "Please check the fields",
  wrong_password: "That is not your current password",
  password_too_short: `The new password needs at least ${MIN_PASSWORD_LENGTH} characters`,
  ...ROLE_MESSAGES,
  // Moving a journal to another journal database (docs/decisions/0280).
  ...MOVE_ERROR_MESSAGES,
};
export const platformMessage = (code: string | undefined): string => PLATFORM_MESSAGES[code ?? ""] ?? "Something went wrong";
