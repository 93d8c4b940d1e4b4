// Staff roles of a journal (issue 37 item 1, docs/decisions/0200-staff-roles.md): what each may do, shared by the
// Worker's guards (worker/auth/admin-guard.ts requireRole) and the admin UI, which hides what a role cannot do.
// The roles are nested: a manager may do everything an editor may, an editor everything production may.

export const STAFF_ROLES = ["manager", "editor", "production"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role's rank: a higher rank includes every lower one. */
const RANK: Record<StaffRole, number> = { production: 1, editor: 2, manager: 3 };

export const ROLE_LABELS: Record<StaffRole, string> = {
  manager: "Journal manager",
  editor: "Editor",
  production: "Production",
};

/** What each role is for, in the staff page's words. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  manager: "Everything: staff, settings, site content, mail and letters, indexing partners, and all an editor does",
  editor: "Manuscripts and decisions, issues, articles, the editorial board, documents",
  production: "Issues, articles and documents; no staff, settings, board or decisions",
};

export const isStaffRole = (v: unknown): v is StaffRole => typeof v === "string" && (STAFF_ROLES as readonly string[]).includes(v);

/** May an account of role `held` do what needs `needed`? Unknown roles may do nothing. */
export const roleAllows = (held: string | undefined, needed: StaffRole): boolean => isStaffRole(held) && RANK[held] >= RANK[needed];

/**
 * What each admin area needs: the one table both sides read. The Worker guards each router with its entry
 * (`.use("*", requireRole(AREA_ROLES.staff))`); the admin UI shows a link or button only when roleAllows.
 */
export const AREA_ROLES = {
  dashboard: "production",
  issues: "production",
  articles: "production",
  documents: "production",
  statistics: "production",
  crossref: "production",
  doaj: "production",
  /** Accepted manuscripts and after: copyedits, proofs, Publish (issue 48 item 3). */
  production: "production",
  editors: "editor",
  submissions: "editor",
  payments: "editor",
  staff: "manager",
  /** The journal's sender address and its letter templates (issue 48 item 9): what every author reads, the manager's. */
  letters: "manager",
  settings: "manager",
  siteContent: "manager",
  indexing: "manager",
  transfer: "manager",
  sushiKeys: "manager",
} as const satisfies Record<string, StaffRole>;
export type AdminArea = keyof typeof AREA_ROLES;

export const mayUse = (held: string | undefined, area: AdminArea): boolean => roleAllows(held, AREA_ROLES[area]);

/** Refusals of roles and of the last manager, in words (the admin UI's flash; the API answers the code). */
export const ROLE_MESSAGES: Record<string, string> = {
  forbidden_role: "Your role does not allow this. Ask a journal manager.",
  last_manager: "A journal keeps at least one enabled journal manager: make another account a manager first.",
  own_account: "You cannot disable your own account or change your own role.",
  password_change_required: "Choose your own password first (Your account).",
  password_expired: "This one-time password has expired. Ask a journal manager for a new one.",
  invalid_role: "Choose a role: Journal manager, Editor or Production.",
  duplicate_username: "That username is already taken in this journal (usernames ignore upper and lower case)",
};
