// Issues, articles, sections and search (contract/routes/endpoint.ts explains the table). Worker: worker/archive/.
import { endpoint, PUBLIC, staff } from "./endpoint";

export const archiveApi = {
  years: endpoint("GET", "/api/archives", { access: PUBLIC, summary: "[{ year, volume, total_issues }], newest year first" }),
  issue: endpoint("GET", "/api/archives/{year}/{vol}/{issue}", {
    access: PUBLIC,
    summary: "An issue's enabled articles with a reference number, by first page (only the digits of each parameter count)",
  }),
  byRef: endpoint("GET", "/api/archives/ref/{refnumber}", { access: PUBLIC, summary: "One public article by its reference number" }),
  article: endpoint("GET", "/api/archives/{id}", { access: PUBLIC, summary: "One public article by id" }),
  search: endpoint("GET", "/api/search", {
    access: PUBLIC,
    summary: "Full-text search of the public articles: one page of 20 (?q=&page=)",
  }),
  adminIssues: endpoint("GET", "/api/admin/archives", {
    access: staff("issues"),
    summary: "Every issue with its article counts (the admin issue list)",
  }),
  adminIssue: endpoint("GET", "/api/admin/archives/{year}/{vol}/{issue}", {
    access: staff("issues"),
    summary: "An issue's details and every article of it, disabled ones too",
  }),
  createIssue: endpoint("POST", "/api/admin/create-issue", {
    access: staff("issues"),
    summary: "Creates an issue (year, volume, issue and its details)",
  }),
  addArticle: endpoint("POST", "/api/admin/archives", {
    access: staff("articles"),
    body: "form",
    summary: "Adds an article (multipart, PDF in file)",
  }),
  editArticle: endpoint("POST", "/api/archives/{id}", {
    access: staff("articles"),
    body: "form",
    summary: "Edits an article (multipart, a new PDF in file)",
  }),
  adminArticle: endpoint("GET", "/api/admin/articles/{id}", {
    access: staff("articles"),
    summary: "One article with every staff field, enabled or not",
  }),
  articleStatus: endpoint("POST", "/api/admin/articles/{id}/status", {
    access: staff("articles"),
    summary: "Enables or disables an article from the issue table: { status }",
  }),
  deleteArticle: endpoint("DELETE", "/api/admin/articles/{id}", {
    access: staff("articles"),
    answer: "empty",
    summary: "Deletes the article and its PDF",
  }),
  adminSearch: endpoint("GET", "/api/admin/search", {
    access: staff("articles"),
    summary: "Search of every article, disabled ones too (?q=&page=)",
  }),
  sections: endpoint("GET", "/api/admin/sections", { access: staff("issues"), summary: "The journal's sections, in order" }),
  addSection: endpoint("POST", "/api/admin/sections", { access: staff("issues"), summary: "Adds a section: { title }" }),
  sectionOrder: endpoint("POST", "/api/admin/sections/order", { access: staff("issues"), summary: "The sections' order: { ids }" }),
  editSection: endpoint("POST", "/api/admin/sections/{id}", { access: staff("issues"), summary: "Renames a section: { title }" }),
  deleteSection: endpoint("DELETE", "/api/admin/sections/{id}", {
    access: staff("issues"),
    summary: "Deletes a section; 409 section_in_use with the count while articles are in it, unless { moveTo } says where they go",
  }),
  issueDetails: endpoint("GET", "/api/admin/issues/{year}/{vol}/{issue}", {
    access: staff("issues"),
    summary: "An issue's details: title, description, publication date, cover and its text",
  }),
  editIssue: endpoint("POST", "/api/admin/issues/{id}", {
    access: staff("issues"),
    summary: "Edits an issue's title, description, publication date and the cover's text",
  }),
  issuePublication: endpoint("POST", "/api/admin/issues/{id}/publication", {
    access: staff("issues"),
    summary:
      "Publishes an issue, takes it back to staff only, or schedules it: { status: 'published' | 'draft' } or { status: 'scheduled', publishOn }",
  }),
  issueCover: endpoint("POST", "/api/admin/issues/{id}/cover", {
    access: staff("issues"),
    body: "form",
    summary: "Gives an issue a cover image (multipart coverFile; the editor-picture checks)",
  }),
  deleteIssueCover: endpoint("DELETE", "/api/admin/issues/{id}/cover", { access: staff("issues"), summary: "Removes an issue's cover" }),
  articleSection: endpoint("POST", "/api/admin/articles/{id}/section", {
    access: staff("issues"),
    summary: "Puts an article in a section, or in none: { sectionId }",
  }),
} as const;
