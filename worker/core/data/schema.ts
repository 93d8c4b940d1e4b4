// The drizzle mirror of migrations/*.sql: the single source of the data's shape in TypeScript.
// Column property names are SPEC §3's field names (they are the API contract); internal columns are camelCase.
import { sqliteTable, integer, text } from "drizzle-orm/sqlite-core";
import { ASSIGNMENT_STATUSES, STAGES } from "#contract/workflow";

export const journals = sqliteTable("journals", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull(),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  websitename: text("websitename").notNull().default(""),
  websiteemail: text("websiteemail").notNull().default(""),
  whatsup_number: text("whatsup_number").notNull().default(""),
  domain: text("domain").notNull().default(""),
  issn: text("issn").notNull().default(""),
  home_content: text("home_content").notNull().default(""),
  address: text("address").notNull().default(""),
  formatted_journal_name: text("formatted_journal_name").notNull().default(""),
  fee_rupee: text("fee_rupee").notNull().default(""),
  fee_dollar: text("fee_dollar").notNull().default(""),
  impactfactor: text("impactfactor").notNull().default(""),
  // Scholarly metadata (migrations/0005).
  publisher: text("publisher").notNull().default(""),
  doi_prefix: text("doi_prefix").notNull().default(""),
  license: text("license").notNull().default("CC-BY-4.0"),
  issn_print: text("issn_print").notNull().default(""),
  issn_online: text("issn_online").notNull().default(""),
  language: text("language").notNull().default("en"),
  // The interface languages (migrations/0270, docs/decisions/0351): the plain addresses' one, and every one offered
  // (comma-separated tags of shipped catalogs, the primary included).
  interface_language: text("interface_language").notNull().default("en"),
  interface_languages: text("interface_languages").notNull().default("en"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** Bumped by every admin write; part of every edge-cache key (migrations/0007, docs/decisions/0110). */
  contentVersion: integer("content_version").notNull().default(1),
  contentChangedAt: text("content_changed_at").notNull().default("2026-01-01T00:00:00.000Z"),
  /** Last change of a field every OAI/sitemap record carries; set by a trigger (migrations/0020). */
  recordsModified: text("records_modified").notNull().default("1970-01-01T00:00:00.000Z"),
  // The platform's side (migrations/0030): "active" or "suspended"; the last backup; the journal's own images.
  status: text("status").notNull().default("active"),
  lastBackupAt: text("last_backup_at").notNull().default(""),
  logoFile: text("logo_file").notNull().default(""),
  coverImageFile: text("cover_image_file").notNull().default(""),
  certificateImageFile: text("certificate_image_file").notNull().default(""),
  // What DOAJ asks of a journal besides its licence (migrations/0101, issue 40 item 3): plain text, shown on /instructions.
  apc_policy: text("apc_policy").notNull().default(""),
  waiver_policy: text("waiver_policy").notNull().default(""),
  review_process: text("review_process").notNull().default(""),
  plagiarism_policy: text("plagiarism_policy").notNull().default(""),
  // Site pages (migrations/0081, issue 37 item 4): each journal's own rich text, "" for the default text; and its own
  // copyright form (R2 file name, "" for the shared one).
  instructions_content: text("instructions_content").notNull().default(""),
  policies_content: text("policies_content").notNull().default(""),
  contact_content: text("contact_content").notNull().default(""),
  copyrightFormFile: text("copyright_form_file").notNull().default(""),
  /** The binding of the D1 database holding the journal's rows (migrations/0110, docs/decisions/0240). */
  shard: text("shard").notNull().default("DB"),
});

export const journalDomains = sqliteTable("journal_domains", {
  domain: text("domain").primaryKey(),
  journalId: integer("journal_id").notNull(),
  isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
  /** Takes the alternate header branch (migrations/0030, replacing ALT_HEADER_DOMAINS). */
  altHeader: integer("alt_header", { mode: "boolean" }).notNull().default(false),
  /** The Cloudflare for SaaS custom hostname and its last reported state (migrations/0250, decision 0356). */
  hostnameId: text("hostname_id"),
  hostnameStatus: text("hostname_status"),
  certificateStatus: text("certificate_status"),
  /** JSON: the DNS records the owner must set (DnsRecord[]). */
  dnsRecords: text("dns_records").notNull().default("[]"),
  hostnameProblem: text("hostname_problem"),
  hostnameError: text("hostname_error"),
  hostnameCheckedAt: text("hostname_checked_at"),
});

/** A journal sending domain's Email Service DNS records as last checked (migrations/0310, decision 0395). */
export const mailDomains = sqliteTable("mail_domains", {
  domain: text("domain").primaryKey(),
  status: text("status", { enum: ["unchecked", "verified", "incomplete"] })
    .notNull()
    .default("unchecked"),
  /** JSON: MailDnsRecord[] as last checked. */
  records: text("records").notNull().default("[]"),
  checkedAt: text("checked_at"),
  checkError: text("check_error"),
  createdAt: text("created_at").notNull(),
});

export const indexing = sqliteTable("indexing", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  title: text("title").notNull().default(""),
  link: text("link").notNull().default(""),
  image: text("image").notNull().default(""),
  sortnumber: integer("sortnumber").notNull().default(0),
  status: text("status").notNull().default("enabled"),
});

export const editors = sqliteTable("editors", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  name: text("name").notNull(),
  degree: text("degree").notNull().default(""),
  post: text("post").notNull().default(""),
  content: text("content").notNull().default(""),
  picture: text("picture").notNull().default(""),
  category: text("category").notNull(),
  status: text("status").notNull().default("enabled"),
  email: text("email").notNull().default(""),
  phone: text("phone").notNull().default(""),
  country: text("country").notNull().default(""),
  creation: text("creation").notNull(),
  updated_at: text("updated_at").notNull(),
});

export const issues = sqliteTable("issues", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  year: integer("year").notNull(),
  volume: integer("volume").notNull(),
  issue: integer("issue").notNull(),
  creation: text("creation").notNull(),
  // As journals publish them (migrations/0052): a title (special issues), a description (sanitised HTML), a cover
  // image (R2 file name, "" for none) and the publication date (YYYY-MM-DD, null until set).
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  cover: text("cover").notNull().default(""),
  publishedAt: text("published_at"),
  /** The cover's text alternative, written by staff (migrations/0130); "" : the pages describe it by the issue. */
  coverAlt: text("cover_alt").notNull().default(""),
  /** 'draft' | 'scheduled' | 'published' (migrations/0282, docs/decisions/0383): only published issues are public. */
  status: text("status", { enum: ["draft", "scheduled", "published"] })
    .notNull()
    .default("published"),
  /** A scheduled issue's day (YYYY-MM-DD, UTC): the Cron Trigger publishes it then; null otherwise. */
  publishOn: text("publish_on"),
});

/** The journal's sections (Research Articles, Review Articles, ...) in their order (migrations/0052). */
export const sections = sqliteTable("sections", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  title: text("title").notNull(),
  abbrev: text("abbrev").notNull().default(""),
  seq: integer("seq").notNull().default(0),
  createdAt: text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString()),
});

export const articles = sqliteTable("articles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  refnumber: text("refnumber"),
  title: text("title").notNull(),
  titleText: text("title_text").notNull().default(""),
  /** Duplicate-title key of the plain title (titleKeyOf): NFKC, case folded, zero-width removed. */
  titleKey: text("title_key"),
  authorname: text("authorname").notNull().default(""),
  abstract: text("abstract").notNull().default(""),
  abstractText: text("abstract_text").notNull().default(""),
  year: integer("year").notNull(),
  volume: integer("volume").notNull(),
  issue: integer("issue").notNull(),
  pagenumber: text("pagenumber").notNull().default(""),
  country: text("country").notNull().default(""),
  file: text("file").notNull().default(""),
  status: text("status").notNull().default("enabled"),
  /**
   * The transaction id (SPEC §3): shared ids are allowed on edit (SPEC §8: duplicate_txnid is add only), so its
   * column has no unique constraint (migrations 0016 and 0120).
   */
  txnid: text("txnid"),
  /**
   * The id an article was added with, in the column whose UNIQUE (journal_id, txnid_claim) keeps two simultaneous
   * adds from sharing one; an edit leaves it as it was (docs/decisions/0146, 0270).
   */
  txnidClaim: text("txnid_claim"),
  ptype: text("ptype").notNull().default("paid"),
  publishdate: text("publishdate").notNull().default(""),
  subject: text("subject").notNull().default(""),
  email: text("email").notNull().default(""),
  mobile: text("mobile").notNull().default(""),
  description: text("description").notNull().default(""),
  keywords: text("keywords").notNull().default(""),
  createdby: text("createdby").notNull().default(""),
  creation: text("creation").notNull(),
  modifiedby: text("modifiedby").notNull().default(""),
  modification: text("modification").notNull(),
  // Scholarly metadata (migrations/0005).
  doi: text("doi").notNull().default(""),
  language: text("language").notNull().default(""),
  /** References, one per line. */
  referenceList: text("reference_list").notNull().default(""),
  /** JSON array of { affiliation, orcid } in authorname order (contract/scholarly.ts). */
  authorDetails: text("author_details").notNull().default("[]"),
  /** The article's section (migrations/0052), null for none. */
  sectionId: integer("section_id"),
  // Indexers (migrations/0100, issue 40): funders ("Funder | award" a line), the article's own licence key ('' =
  // the journal's) and when Crossref confirmed its DOI ('' = not registered: shown as text, never as a link).
  funding: text("funding").notNull().default(""),
  license: text("license").notNull().default(""),
  doiRegisteredAt: text("doi_registered_at").notNull().default(""),
  // Moves from and to OJS (migrations/0200, docs/decisions/0315): received and accepted dates (YYYY-MM-DD or ''),
  // the copyright holder and year, and the deed of a licence outside LICENSES ('' for none).
  date_submitted: text("date_submitted").notNull().default(""),
  date_accepted: text("date_accepted").notNull().default(""),
  copyright_holder: text("copyright_holder").notNull().default(""),
  copyright_year: text("copyright_year").notNull().default(""),
  licenseUrl: text("license_url").notNull().default(""),
  // Metadata in several languages (migrations/0275, docs/decisions/0375): the other language versions of title,
  // abstract and keywords as a JSON array (contract/article-translations.ts), and their plain text for search.
  translations: text("translations").notNull().default("[]"),
  transTitleText: text("trans_title_text").notNull().default(""),
  transAbstractText: text("trans_abstract_text").notNull().default(""),
  transKeywords: text("trans_keywords").notNull().default(""),
});

/** Identifiers of articles that stopped being public, reported as OAI-PMH deleted records (migrations/0021). */
export const oaiDeletedRecords = sqliteTable("oai_deleted_records", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  refnumber: text("refnumber").notNull(),
  year: integer("year").notNull(),
  volume: integer("volume").notNull(),
  issue: integer("issue").notNull(),
  deletedAt: text("deleted_at").notNull(),
});
export type OaiDeletedRecordRow = typeof oaiDeletedRecords.$inferSelect;

/** Rendered citation strings per article (migrations/0005), valid while `inputs` matches. */
export const articleCitations = sqliteTable("article_citations", {
  articleId: integer("article_id").primaryKey(),
  inputs: text("inputs").notNull(),
  citations: text("citations").notNull(),
});

/** An article's full text (migrations/0260, issue 51): staff's draft and what readers get ('' = none). */
export const articleFulltext = sqliteTable("article_fulltext", {
  articleId: integer("article_id").primaryKey(),
  journalId: integer("journal_id").notNull(),
  draftHtml: text("draft_html").notNull().default(""),
  publishedHtml: text("published_html").notNull().default(""),
  /** JSON array of what the converter could not carry over. */
  dropped: text("dropped").notNull().default("[]"),
  sourceName: text("source_name").notNull().default(""),
  /** JSON array of the pictures' stored names. */
  images: text("images").notNull().default("[]"),
  convertedAt: text("converted_at").notNull().default(""),
  publishedAt: text("published_at").notNull().default(""),
  modified: text("modified").notNull(),
  modifiedby: text("modifiedby").notNull().default(""),
});
export type ArticleFulltextRow = typeof articleFulltext.$inferSelect;

/** Staff's corrections of the references' parts (migrations/0260, issue 51 item 4): JSON StructuredReference[]. */
export const articleReferenceData = sqliteTable("article_reference_data", {
  articleId: integer("article_id").primaryKey(),
  journalId: integer("journal_id").notNull(),
  data: text("data").notNull().default("[]"),
  modified: text("modified").notNull(),
});

export const adminUsers = sqliteTable("admin_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  username: text("username").notNull(),
  name: text("name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  status: text("status").notNull().default("enabled"),
  allowedIps: text("allowed_ips").notNull().default(""),
  /** Bumped on logout, password change and disabling; tokens signed with an older version are refused. */
  sessionVersion: integer("session_version").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  // Site (migrations/0080, issue 37): the account's role ("manager" | "editor" | "production"), e-mail, when its
  // one-time password stops opening (null: the password is the account's own), and whether an older account holds
  // its name in another case (exempt from the case-blind unique index, listed in username_clashes).
  role: text("role").notNull().default("manager"),
  email: text("email").notNull().default(""),
  oneTimeExpiresAt: text("one_time_expires_at"),
  foldExempt: integer("fold_exempt", { mode: "boolean" }).notNull().default(false),
});

export const loginAttempts = sqliteTable("login_attempts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  username: text("username").notNull(),
  ip: text("ip").notNull(),
  /** What the throttle counts by: the IP (IPv6 by /64) or "device:<id>" (docs/decisions/0061). */
  throttleKey: text("throttle_key").notNull().default(""),
  outcome: text("outcome").notNull(),
  createdAt: text("created_at").notNull(),
});

export const submissions = sqliteTable("submissions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  reference: text("reference").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  country: text("country").notNull().default(""),
  phone: text("phone").notNull().default(""),
  address: text("address").notNull().default(""),
  title: text("title").notNull(),
  file: text("file").notNull(),
  fileSize: integer("file_size").notNull().default(0),
  ip: text("ip").notNull().default(""),
  createdAt: text("created_at").notNull(),
  /** The form's Idempotency-Key (migration 0010): unique per journal, null for older rows and callers without one. */
  idempotencyKey: text("idempotency_key"),
  // What the form takes beside SPEC's fields, all optional (migrations/0280, docs/decisions/0380).
  abstract: text("abstract").notNull().default(""),
  keywords: text("keywords").notNull().default(""),
  /** JSON array of { name, email, affiliation, orcid } (contract/submission.ts coAuthorSchema). */
  coAuthors: text("co_authors").notNull().default("[]"),
  sectionId: integer("section_id"),
  coverLetter: text("cover_letter").notNull().default(""),
  /** The Word (.docx) file sent beside the PDF, in R2 next to it; null for none. */
  sourceFile: text("source_file"),
  sourceFileSize: integer("source_file_size").notNull().default(0),
  consentPoliciesAt: text("consent_policies_at"),
  consentCopyrightAt: text("consent_copyright_at"),
  /** The Submit Online page's language (migrations/0284, docs/decisions/0384), '' when unknown. */
  language: text("language").notNull().default(""),
});

export type JournalRow = typeof journals.$inferSelect;
export type EditorRow = typeof editors.$inferSelect;
export type IndexingRow = typeof indexing.$inferSelect;
export type IssueRow = typeof issues.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;

/** Tokens ended by logout, kept until they would have expired (docs/decisions/0062-session-revocation.md). */
export const revokedTokens = sqliteTable("revoked_tokens", {
  jti: text("jti").primaryKey(),
  expiresAt: text("expires_at").notNull(),
});

export const adminEvents = sqliteTable("admin_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  adminId: integer("admin_id"),
  adminUsername: text("admin_username").notNull(),
  action: text("action").notNull(),
  entity: text("entity").notNull(),
  entityId: integer("entity_id"),
  summary: text("summary").notNull().default(""),
  createdAt: text("created_at").notNull(),
});
export type AdminEventRow = typeof adminEvents.$inferSelect;

// ---- The platform (migrations/0030, docs/decisions/0160) --------------------------------------------------------

export const operators = sqliteTable("operators", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull(),
  name: text("name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  status: text("status").notNull().default("enabled"),
  sessionVersion: integer("session_version").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});
export type OperatorRow = typeof operators.$inferSelect;

export const operatorLoginAttempts = sqliteTable("operator_login_attempts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull().default(0),
  username: text("username").notNull(),
  ip: text("ip").notNull(),
  throttleKey: text("throttle_key").notNull().default(""),
  outcome: text("outcome").notNull(),
  createdAt: text("created_at").notNull(),
});

/** COUNTER_SUSHI key checks, the memory of their throttle (migrations/0191, docs/decisions/0311): login_attempts' columns. */
export const sushiAttempts = sqliteTable("sushi_attempts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  /** The customer_id asked for, case-folded. */
  username: text("username").notNull(),
  ip: text("ip").notNull(),
  throttleKey: text("throttle_key").notNull().default(""),
  outcome: text("outcome").notNull(),
  createdAt: text("created_at").notNull(),
});

export const operatorEvents = sqliteTable("operator_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  operatorId: integer("operator_id"),
  operatorUsername: text("operator_username").notNull(),
  action: text("action").notNull(),
  targetJournalId: integer("target_journal_id"),
  summary: text("summary").notNull().default(""),
  beforeJson: text("before_json").notNull().default("null"),
  afterJson: text("after_json").notNull().default("null"),
  createdAt: text("created_at").notNull(),
});
export type OperatorEventRow = typeof operatorEvents.$inferSelect;

export const platformSettings = sqliteTable("platform_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Usage figures per article, UTC day and reader country (migrations/0040), written only by the UsageCounter's
 * flush (worker/statistics/usage-counter.ts). Absolute figures for the day: a repeated flush writes the same numbers. */
export const usageDaily = sqliteTable("usage_daily", {
  journalId: integer("journal_id").notNull(),
  articleId: integer("article_id").notNull(),
  day: text("day").notNull(),
  country: text("country").notNull().default(""),
  views: integer("views").notNull().default(0),
  downloads: integer("downloads").notNull().default(0),
  uniqueInvestigations: integer("unique_investigations").notNull().default(0),
  uniqueRequests: integer("unique_requests").notNull().default(0),
  certificates: integer("certificates").notNull().default(0),
  coverPages: integer("cover_pages").notNull().default(0),
});
export type UsageDailyRow = typeof usageDaily.$inferSelect;

// ---- Security (issue 38): failed certificate-code guesses at /verify, per address (migrations/0060) ----
export const verifyAttempts = sqliteTable("verify_attempts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  throttleKey: text("throttle_key").notNull(),
  createdAt: text("created_at").notNull(),
});
// ---- workflow: manuscripts, reviews, signed links, mail (migrations/0070, issue 36) ----
export const manuscripts = sqliteTable("manuscripts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  submissionId: integer("submission_id"),
  reference: text("reference").notNull(),
  title: text("title").notNull(),
  authorName: text("author_name").notNull(),
  authorEmail: text("author_email").notNull(),
  country: text("country").notNull().default(""),
  phone: text("phone").notNull().default(""),
  address: text("address").notNull().default(""),
  stage: text("stage", { enum: STAGES }).notNull().default("received"),
  round: integer("round").notNull().default(1),
  source: text("source").notNull().default("online"),
  replyToken: text("reply_token").notNull(),
  /** The author's own reply address's token (migrations/0286): a reply to it is the author's. Null: the shared one. */
  authorReplyToken: text("author_reply_token"),
  articleId: integer("article_id"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  firstDecisionAt: text("first_decision_at"),
  decidedAt: text("decided_at"),
  publishedAt: text("published_at"),
  /** The section staff filed it under (migrations/0240): its fee, where the section has one, is the invoice's. */
  sectionId: integer("section_id"),
  /** The language the author submitted in (migrations/0284, docs/decisions/0384): letters to them speak it; '' = the journal's primary. */
  language: text("language").notNull().default(""),
});
export type ManuscriptRow = typeof manuscripts.$inferSelect;

export const manuscriptFiles = sqliteTable("manuscript_files", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  manuscriptId: integer("manuscript_id").notNull(),
  round: integer("round").notNull(),
  kind: text("kind").notNull(),
  file: text("file").notNull(),
  size: integer("size").notNull().default(0),
  createdAt: text("created_at").notNull(),
  metadataRemoved: text("metadata_removed"),
});
export type ManuscriptFileRow = typeof manuscriptFiles.$inferSelect;

export const manuscriptEvents = sqliteTable("manuscript_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  manuscriptId: integer("manuscript_id").notNull(),
  at: text("at").notNull(),
  actor: text("actor").notNull(),
  action: text("action").notNull(),
  fromStage: text("from_stage", { enum: STAGES }),
  toStage: text("to_stage", { enum: STAGES }),
  summary: text("summary").notNull().default(""),
  letterSubject: text("letter_subject"),
  letterText: text("letter_text"),
  outboxId: integer("outbox_id"),
});
export type ManuscriptEventRow = typeof manuscriptEvents.$inferSelect;

export const reviewers = sqliteTable("reviewers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  affiliation: text("affiliation").notNull().default(""),
  keywords: text("keywords").notNull().default(""),
  createdAt: text("created_at").notNull(),
});
export type ReviewerRow = typeof reviewers.$inferSelect;

export const reviewAssignments = sqliteTable("review_assignments", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  manuscriptId: integer("manuscript_id").notNull(),
  reviewerId: integer("reviewer_id").notNull(),
  round: integer("round").notNull(),
  status: text("status", { enum: ASSIGNMENT_STATUSES }).notNull().default("invited"),
  dueDate: text("due_date").notNull(),
  invitedAt: text("invited_at").notNull(),
  respondedAt: text("responded_at"),
  submittedAt: text("submitted_at"),
  recommendation: text("recommendation"),
  commentsAuthor: text("comments_author").notNull().default(""),
  commentsEditor: text("comments_editor").notNull().default(""),
  file: text("file"),
  remindedBefore: integer("reminded_before").notNull().default(0),
  remindedAfter: integer("reminded_after").notNull().default(0),
  /** Why a reviewer declined and whom they suggest instead (migrations/0281), '' when not given: for the editor only. */
  declineReason: text("decline_reason").notNull().default(""),
  declineSuggestion: text("decline_suggestion").notNull().default(""),
  /** This reviewer's own reply address's token (migrations/0286); null: the manuscript's shared one. */
  replyToken: text("reply_token"),
});
export type ReviewAssignmentRow = typeof reviewAssignments.$inferSelect;

export const accessLinks = sqliteTable("access_links", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  purpose: text("purpose").notNull(),
  subjectId: integer("subject_id").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  revokedAt: text("revoked_at"),
});
export type AccessLinkRow = typeof accessLinks.$inferSelect;

export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  manuscriptId: integer("manuscript_id"),
  kind: text("kind").notNull(),
  toAddress: text("to_address").notNull(),
  toName: text("to_name").notNull().default(""),
  fromAddress: text("from_address").notNull(),
  fromName: text("from_name").notNull().default(""),
  replyTo: text("reply_to").notNull().default(""),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  status: text("status").notNull().default("queued"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error").notNull().default(""),
  createdAt: text("created_at").notNull(),
  claimedAt: text("claimed_at"),
  sentAt: text("sent_at"),
  messageId: text("message_id"),
  /** JSON list of documents rendered and attached at send time (worker/workflow/mail-attachments.ts); '' for none. */
  attachments: text("attachments").notNull().default(""),
});
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

export const mailInbound = sqliteTable("mail_inbound", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id"),
  manuscriptId: integer("manuscript_id"),
  fromAddress: text("from_address").notNull(),
  fromName: text("from_name").notNull().default(""),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull().default(""),
  text: text("text").notNull().default(""),
  receivedAt: text("received_at").notNull(),
  /** The envelope's sender (MAIL FROM), which From: may not match (migrations/0170). */
  envelopeFrom: text("envelope_from").notNull().default(""),
  /** Whose own reply address it came to (migrations/0286): "author", "reviewer" (with the assignment) or "". */
  replyPerson: text("reply_person").notNull().default(""),
  assignmentId: integer("assignment_id"),
});
export type MailInboundRow = typeof mailInbound.$inferSelect;

export const letterTemplates = sqliteTable("letter_templates", {
  journalId: integer("journal_id").notNull(),
  decision: text("decision").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const workflowSettings = sqliteTable("workflow_settings", {
  journalId: integer("journal_id").primaryKey(),
  senderName: text("sender_name").notNull().default(""),
  senderAddress: text("sender_address").notNull().default(""),
  publicFigures: integer("public_figures", { mode: "boolean" }).notNull().default(false),
  updatedAt: text("updated_at").notNull(),
});
// ---- Transfers: imports and exports (migrations/0090, worker/transfer/, docs/decisions/0211) ----------------------

/** An import run as a job (a Workflow instance): what the admin and the console show of it. */
export const transferJobs = sqliteTable("transfer_jobs", {
  id: text("id").primaryKey(),
  journalId: integer("journal_id").notNull(),
  status: text("status").notNull().default("queued"),
  dryRun: integer("dry_run", { mode: "boolean" }).notNull().default(true),
  sourceKey: text("source_key").notNull(),
  sourceName: text("source_name").notNull().default(""),
  pdfsKey: text("pdfs_key").notNull().default(""),
  options: text("options").notNull().default("{}"),
  counts: text("counts").notNull().default("{}"),
  reportKey: text("report_key").notNull().default(""),
  error: text("error").notNull().default(""),
  attempts: integer("attempts").notNull().default(0),
  createdBy: text("created_by").notNull().default(""),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** "articles" or "editors" (migrations/0160; decision 0290). */
  kind: text("kind").notNull().default("articles"),
});
export type TransferJobRow = typeof transferJobs.$inferSelect;
// ---- Indexers (issue 40): SUSHI keys (migrations/0102) and Crossref deposits by API (migrations/0103) ----

/** COUNTER_SUSHI API keys, one per library (customer); only the key's SHA-256 is kept. */
export const sushiKeys = sqliteTable("sushi_keys", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  customerName: text("customer_name").notNull(),
  customerId: text("customer_id").notNull(),
  keyHash: text("key_hash").notNull(),
  keyHint: text("key_hint").notNull().default(""),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull().default(""),
  revokedAt: text("revoked_at").notNull().default(""),
});
export type SushiKeyRow = typeof sushiKeys.$inferSelect;

/** A journal's Crossref deposit account; the password AES-GCM encrypted (CROSSREF_KEY). */
export const crossrefAccounts = sqliteTable("crossref_accounts", {
  journalId: integer("journal_id").primaryKey(),
  username: text("username").notNull(),
  passwordEnc: text("password_enc").notNull(),
  endpoint: text("endpoint").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Each deposit of an issue to Crossref and what Crossref made of it. */
export const crossrefDeposits = sqliteTable("crossref_deposits", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  year: integer("year").notNull(),
  volume: integer("volume").notNull(),
  issue: integer("issue").notNull(),
  batchId: text("batch_id").notNull(),
  status: text("status").notNull(),
  dois: text("dois").notNull().default("[]"),
  message: text("message").notNull().default(""),
  submittedAt: text("submitted_at").notNull(),
  checkedAt: text("checked_at").notNull().default(""),
  submittedBy: text("submitted_by").notNull().default(""),
});
export type CrossrefDepositRow = typeof crossrefDeposits.$inferSelect;
// ---- Site (issue 37): staff roles and case-blind usernames (migrations/0080) -----------------------------------

/** Accounts whose username repeated an older one's in another case when usernames became case-blind. */
export const usernameClashes = sqliteTable("username_clashes", {
  accountId: integer("account_id").primaryKey(),
  journalId: integer("journal_id").notNull(),
  username: text("username").notNull(),
  holderId: integer("holder_id").notNull(),
  foundAt: text("found_at").notNull(),
});

// ---- Shards (issue 42): journals spread over several D1 databases (migrations/0110, docs/decisions/0240) --------

/** Journal databases an operator closed to new journals; any JOURNALS_n binding not listed takes new ones. */
export const shardStates = sqliteTable("shard_states", {
  name: text("name").primaryKey(),
  acceptsNew: integer("accepts_new", { mode: "boolean" }).notNull().default(true),
  note: text("note").notNull().default(""),
  updatedAt: text("updated_at").notNull(),
});

// ---- Payments (issue 49): fees paid online (migrations/0220, worker/payments/, docs/decisions/0330) -------------

/** Per journal: fees charged through the site, when they fall due, the gateways' keys (secrets encrypted). */
export const paymentSettings = sqliteTable("payment_settings", {
  journalId: integer("journal_id").primaryKey(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  dueOn: text("due_on").notNull().default("acceptance"),
  dueDays: integer("due_days").notNull().default(14),
  bankDetails: text("bank_details").notNull().default(""),
  razorpayKeyId: text("razorpay_key_id").notNull().default(""),
  razorpayKeySecretEnc: text("razorpay_key_secret_enc").notNull().default(""),
  razorpayWebhookSecretEnc: text("razorpay_webhook_secret_enc").notNull().default(""),
  stripeSecretKeyEnc: text("stripe_secret_key_enc").notNull().default(""),
  stripeWebhookSecretEnc: text("stripe_webhook_secret_enc").notNull().default(""),
  updatedAt: text("updated_at").notNull(),
});
export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

/** One invoice per manuscript; amounts in minor units (paise, cents). */
export const invoices = sqliteTable("invoices", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  manuscriptId: integer("manuscript_id").notNull(),
  number: text("number").notNull(),
  fee: integer("fee").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull().default("pending"),
  dueDate: text("due_date").notNull(),
  gateway: text("gateway").notNull().default(""),
  paymentId: text("payment_id"),
  paidAt: text("paid_at").notNull().default(""),
  refundedAt: text("refunded_at").notNull().default(""),
  waiverStatus: text("waiver_status").notNull().default(""),
  waiverReason: text("waiver_reason").notNull().default(""),
  waiverNote: text("waiver_note").notNull().default(""),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});
export type InvoiceRow = typeof invoices.$inferSelect;

/** A section's own fee (migrations/0240); an empty value falls back to the journal's (Settings fee_rupee / fee_dollar). */
export const sectionFees = sqliteTable("section_fees", {
  sectionId: integer("section_id").primaryKey(),
  journalId: integer("journal_id").notNull(),
  feeRupee: text("fee_rupee").notNull().default(""),
  feeDollar: text("fee_dollar").notNull().default(""),
  updatedAt: text("updated_at").notNull(),
});
export type SectionFeeRow = typeof sectionFees.$inferSelect;

/** Each gateway checkout (Razorpay order, Stripe Checkout Session) the Worker made for an invoice. */
export const invoiceCheckouts = sqliteTable("invoice_checkouts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  journalId: integer("journal_id").notNull(),
  invoiceId: integer("invoice_id").notNull(),
  gateway: text("gateway").notNull(),
  checkoutId: text("checkout_id").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  createdAt: text("created_at").notNull(),
  checkedAt: text("checked_at").notNull().default(""),
});
export type InvoiceCheckoutRow = typeof invoiceCheckouts.$inferSelect;

/** Gateway events already handled (a replay is ignored). */
export const paymentEvents = sqliteTable("payment_events", {
  gateway: text("gateway").notNull(),
  eventId: text("event_id").notNull(),
  journalId: integer("journal_id").notNull(),
  invoiceId: integer("invoice_id"),
  kind: text("kind").notNull(),
  outcome: text("outcome").notNull(),
  receivedAt: text("received_at").notNull(),
});
