// An article's full text and structured references (issue 51, contract/routes/endpoint.ts explains the table).
// Worker: worker/fulltext/.
import { endpoint, staff } from "./endpoint";

export const fulltextApi = {
  fulltext: endpoint("GET", "/api/admin/articles/{id}/fulltext", {
    access: staff("articles"),
    summary: "The article's full text: draft, published text, what the converter dropped",
  }),
  convert: endpoint("POST", "/api/admin/articles/{id}/fulltext", {
    access: staff("articles"),
    body: "form",
    summary: "Converts a Word file (multipart docxFile; references=replace takes its reference list) into the draft",
  }),
  saveDraft: endpoint("PUT", "/api/admin/articles/{id}/fulltext", {
    access: staff("articles"),
    summary: "Saves staff's corrected draft: { html } (sanitized)",
  }),
  publish: endpoint("POST", "/api/admin/articles/{id}/fulltext/publish", {
    access: staff("articles"),
    summary: "Publishes the draft, or withdraws the full text: { publish }",
  }),
  references: endpoint("GET", "/api/admin/articles/{id}/references", {
    access: staff("articles"),
    summary: "The article's references read into authors, year, title, source, volume, issue, pages and DOI",
  }),
  saveReferences: endpoint("PUT", "/api/admin/articles/{id}/references", {
    access: staff("articles"),
    summary: "Staff's corrections of the references' parts: { references }",
  }),
  matchReferences: endpoint("POST", "/api/admin/articles/{id}/references/match", {
    access: staff("articles"),
    body: "none",
    summary: "Fills in missing DOIs through Crossref's reference matching",
  }),
} as const;
