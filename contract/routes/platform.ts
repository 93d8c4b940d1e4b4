// The platform console's API, answered on the platform's hosts only (contract/routes/endpoint.ts explains the
// table). Worker: worker/platform/.
import { endpoint, OPERATOR, PUBLIC } from "./endpoint";
import { staffEndpoints } from "./auth";
import { transferEndpoints } from "./transfer";

export const platformApi = {
  login: endpoint("POST", "/api/platform/auth/login", {
    access: PUBLIC,
    summary: "Signs an operator in: { username, password } → a token",
  }),
  verifyToken: endpoint("GET", "/api/platform/auth/verify-token", {
    access: OPERATOR,
    summary: "The signed-in operator ({ operator }), or 401",
  }),
  logout: endpoint("POST", "/api/platform/auth/logout", {
    access: OPERATOR,
    body: "none",
    summary: "Ends this console session on the server too",
  }),
  password: endpoint("POST", "/api/platform/auth/password", {
    access: OPERATOR,
    summary: "The operator's own new password: { current, next }; every other console session ends",
  }),
  journals: endpoint("GET", "/api/platform/journals", { access: OPERATOR, summary: "Every journal with its hosts and status" }),
  createJournal: endpoint("POST", "/api/platform/journals", { access: OPERATOR, summary: "A new journal with its primary host" }),
  journal: endpoint("GET", "/api/platform/journals/{id}", { access: OPERATOR, summary: "One journal" }),
  editJournal: endpoint("PATCH", "/api/platform/journals/{id}", {
    access: OPERATOR,
    summary: "Edits a journal's identity (name, abbreviation, ISSNs, contact e-mail)",
  }),
  suspend: endpoint("POST", "/api/platform/journals/{id}/suspend", {
    access: OPERATOR,
    body: "none",
    summary: "Suspends a journal: its hosts answer 503",
  }),
  resume: endpoint("POST", "/api/platform/journals/{id}/resume", {
    access: OPERATOR,
    body: "none",
    summary: "Resumes a suspended journal",
  }),
  backup: endpoint("GET", "/api/platform/journals/{id}/backup", {
    access: OPERATOR,
    answer: "file",
    fileType: "application/x-tar",
    summary: "The journal's rows and files as a signed tar of the `npm run backup` folder",
  }),
  // Moving a journal to another journal database (issue 42 item 3, docs/decisions/0280).
  journalMove: endpoint("GET", "/api/platform/journals/{id}/move", {
    access: OPERATOR,
    summary: "Where the journal's rows are, every journal database's size and journal count, and its latest move's progress",
  }),
  databaseState: endpoint("PATCH", "/api/platform/databases/{name}", {
    access: OPERATOR,
    summary: "Opens or closes a journal database to new journals: { acceptsNew } (a full one keeps its journals)",
  }),
  moveJournal: endpoint("POST", "/api/platform/journals/{id}/move", {
    access: OPERATOR,
    summary: "Moves the journal to another journal database: { to }; 202 with the move's progress, 409 ids_taken / move_running",
  }),
  resumeMove: endpoint("POST", "/api/platform/journals/{id}/move/resume", {
    access: OPERATOR,
    body: "none",
    summary:
      "Resumes the journal's stalled move from the phase it stopped in (docs/decisions/0306); 202 with its progress, 409 no_move_to_resume / move_progressing",
  }),
  deleteJournal: endpoint("DELETE", "/api/platform/journals/{id}", {
    access: OPERATOR,
    body: "json",
    summary: "Deletes a journal, its rows and its files, after a backup ({ confirmName } repeats its name)",
  }),
  addHost: endpoint("POST", "/api/platform/journals/{id}/hosts", { access: OPERATOR, summary: "Adds a host to a journal" }),
  editHost: endpoint("PATCH", "/api/platform/journals/{id}/hosts/{host}", {
    access: OPERATOR,
    summary: "Makes a host primary, or turns its alternate header on or off",
  }),
  deleteHost: endpoint("DELETE", "/api/platform/journals/{id}/hosts/{host}", {
    access: OPERATOR,
    summary: "Removes a host from a journal",
  }),
  refreshHost: endpoint("POST", "/api/platform/journals/{id}/hosts/{host}/refresh", {
    access: OPERATOR,
    summary: "Asks Cloudflare again about a host's custom hostname (status, certificate, DNS records to set)",
  }),
  refreshMail: endpoint("POST", "/api/platform/journals/{id}/mail/refresh", {
    access: OPERATOR,
    summary:
      "Checks the journal's sending domain for the DNS records Cloudflare Email Service needs (MX, SPF, DKIM, DMARC) through DNS over HTTPS now; the journal with `mail` as found (a failed check keeps the last status, with `lastError`)",
  }),
  settings: endpoint("GET", "/api/platform/settings", { access: OPERATOR, summary: "The platform's settings" }),
  saveSettings: endpoint("PUT", "/api/platform/settings", { access: OPERATOR, summary: "Saves the platform's settings" }),
  events: endpoint("GET", "/api/platform/events", { access: OPERATOR, summary: "The operators' audit trail, newest first" }),
  uploadRestore: endpoint("POST", "/api/platform/restores", {
    access: OPERATOR,
    body: "bytes",
    summary: "Stages a journal backup (tar, at most 100 MB) and answers what it holds and whether its signature holds; nothing restored",
  }),
  runRestore: endpoint("POST", "/api/platform/restores/{upload}", {
    access: OPERATOR,
    summary: "Restores a staged backup as a new journal or over the same one ({ mode, confirm, trustUnsigned }); progress as NDJSON lines",
  }),
  cancelRestore: endpoint("DELETE", "/api/platform/restores/{upload}", {
    access: OPERATOR,
    answer: "empty",
    summary: "Deletes a staged backup",
  }),
} as const;

export const platformStaffApi = staffEndpoints("/api/platform/journals/{id}/staff", OPERATOR);
export const platformTransferApi = transferEndpoints("/api/platform/journals/{id}/transfer", OPERATOR);
