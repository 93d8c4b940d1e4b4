// Submissions, manuscripts, reviewers, mail and letters (contract/routes/endpoint.ts explains the table).
// Worker: worker/workflow/.
import { endpoint, PUBLIC, SIGNED_LINK, staff } from "./endpoint";

export const workflowApi = {
  submit: endpoint("POST", "/api/submissions", {
    access: PUBLIC,
    body: "form",
    summary:
      "Submit Online: the form's fields, the manuscript PDF and optionally its Word file, abstract, keywords, co-authors, section, cover letter and consent, and the page's language the author's letters are written in (multipart, at most 11 MiB)",
  }),
  publicFigures: endpoint("GET", "/api/workflow/figures", {
    access: PUBLIC,
    summary: "The journal's editorial figures for the Instructions page, when the journal shows them",
  }),
  openLink: endpoint("POST", "/api/workflow/link", {
    access: SIGNED_LINK,
    summary: "Exchanges a signed link's token for its cookie: { purpose, token }",
  }),
  submissions: endpoint("GET", "/api/admin/submissions", {
    access: staff("submissions"),
    summary: "Submit Online submissions, newest first",
  }),
  submission: endpoint("GET", "/api/admin/submissions/{id}", { access: staff("submissions"), summary: "One submission" }),
  submissionFile: endpoint("GET", "/api/admin/submissions/{id}/file", {
    access: staff("submissions"),
    answer: "file",
    fileType: "application/pdf",
    summary: "A submission's manuscript PDF",
  }),
  submissionSource: endpoint("GET", "/api/admin/submissions/{id}/source", {
    access: staff("submissions"),
    answer: "file",
    fileType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    summary: "The Word (.docx) file the author sent beside the PDF",
  }),
  manuscripts: endpoint("GET", "/api/admin/manuscripts", {
    access: staff("submissions"),
    summary: "Manuscripts by stage, overdue reviews or a search (?stage=&overdue=&q=)",
  }),
  counts: endpoint("GET", "/api/admin/manuscripts/counts", {
    access: staff("submissions"),
    summary: "The number of manuscripts at each stage",
  }),
  addManuscript: endpoint("POST", "/api/admin/manuscripts", {
    access: staff("submissions"),
    body: "form",
    summary: "A manuscript that came by e-mail: the Submit Online fields and the PDF",
  }),
  manuscript: endpoint("GET", "/api/admin/manuscripts/{id}", {
    access: staff("submissions"),
    summary: "A manuscript with its files, reviews, timeline and discussion",
  }),
  manuscriptFile: endpoint("GET", "/api/admin/manuscripts/{id}/files/{fileId}", {
    access: staff("submissions"),
    answer: "file",
    fileType: "application/pdf",
    summary: "One of a manuscript's files",
  }),
  reviewFile: endpoint("POST", "/api/admin/manuscripts/{id}/review-file", {
    access: staff("submissions"),
    body: "form",
    summary: "The editor's anonymised file for review of the current round (multipart pdfFile): reviewers receive it instead",
  }),
  stage: endpoint("POST", "/api/admin/manuscripts/{id}/stage", {
    access: staff("submissions"),
    summary: "Moves a manuscript to another stage: { to }",
  }),
  trackingLink: endpoint("POST", "/api/admin/manuscripts/{id}/tracking-link", {
    access: staff("submissions"),
    body: "none",
    summary: "Revokes the author's link and e-mails a new one",
  }),
  letter: endpoint("GET", "/api/admin/manuscripts/{id}/letter", {
    access: staff("submissions"),
    summary: "The letter a decision would send, from the journal's template (?decision=)",
  }),
  decision: endpoint("POST", "/api/admin/manuscripts/{id}/decision", {
    access: staff("submissions"),
    summary: "Records a decision and sends its letter: { decision, subject, text }",
  }),
  messageAuthor: endpoint("POST", "/api/admin/manuscripts/{id}/messages", {
    access: staff("submissions"),
    summary: "Writes to the author by e-mail, in the manuscript's discussion and on their tracking page: { subject, text }",
  }),
  invitation: endpoint("GET", "/api/admin/manuscripts/{id}/invitation", {
    access: staff("submissions"),
    summary:
      "The invitation to review this manuscript, to edit before it goes ({{reviewer_name}}, {{due_date}}, {{review_link}} filled at sending)",
  }),
  inviteReviewer: endpoint("POST", "/api/admin/manuscripts/{id}/reviewers", {
    access: staff("submissions"),
    summary: "Invites a reviewer with a due date",
  }),
  revokeReview: endpoint("POST", "/api/admin/manuscripts/{id}/reviews/{assignmentId}/revoke", {
    access: staff("submissions"),
    body: "none",
    summary: "Withdraws a reviewer's invitation (their link stops working)",
  }),
  published: endpoint("POST", "/api/admin/manuscripts/{id}/published", {
    access: staff("submissions"),
    summary: "The article made from the manuscript is saved: the manuscript is Published ({ refnumber })",
  }),
  productionList: endpoint("GET", "/api/admin/production/manuscripts", {
    access: staff("production"),
    summary: "Accepted manuscripts and after (Copyediting, Production, Published), for production staff",
  }),
  authorCheck: endpoint("POST", "/api/admin/production/manuscripts/{id}/author-check", {
    access: staff("production"),
    body: "form",
    summary: "Sends the author a file to check through the tracking link: the copyedited manuscript or the proofs (pdfFile, note)",
  }),
  reviewers: endpoint("GET", "/api/admin/reviewers", { access: staff("submissions"), summary: "Reviewers and their history" }),
  addReviewer: endpoint("POST", "/api/admin/reviewers", { access: staff("submissions"), summary: "Adds a reviewer" }),
  outbox: endpoint("GET", "/api/admin/outbox", {
    access: staff("submissions"),
    summary:
      "Mail sent and waiting, with errors, newest first: searched (?q= subject or recipient), filtered (?status=, ?manuscript=) and paged (?offset=, ?limit= up to 200)",
  }),
  resend: endpoint("POST", "/api/admin/outbox/{id}/resend", {
    access: staff("submissions"),
    body: "none",
    summary: "Sends a failed message again",
  }),
  unmatched: endpoint("GET", "/api/admin/mail/unmatched", { access: staff("submissions"), summary: "Replies that matched no manuscript" }),
  templates: endpoint("GET", "/api/admin/workflow/templates", { access: staff("letters"), summary: "The decision letters' templates" }),
  saveTemplate: endpoint("PUT", "/api/admin/workflow/templates/{decision}", {
    access: staff("letters"),
    summary: "Saves a decision letter's template",
  }),
  settings: endpoint("GET", "/api/admin/workflow/settings", {
    access: staff("letters"),
    summary: "The workflow's settings (sender, reminders, public figures)",
  }),
  saveSettings: endpoint("PUT", "/api/admin/workflow/settings", { access: staff("letters"), summary: "Saves the workflow's settings" }),
  figures: endpoint("GET", "/api/admin/workflow/figures", {
    access: staff("submissions"),
    summary: "Acceptance rate, days to first decision and to publication, reviewers' turnaround",
  }),
} as const;
