// The editorial board's API (contract/routes/endpoint.ts explains the table). Worker: worker/editors/.
import { endpoint, PUBLIC, staff } from "./endpoint";

export const editorsApi = {
  list: endpoint("GET", "/api/editors", { access: PUBLIC, summary: "Enabled editors, ordered by id (never e-mail or phone)" }),
  one: endpoint("GET", "/api/editors/{id}", { access: PUBLIC, summary: "One enabled editor; disabled or unknown: 404" }),
  create: endpoint("POST", "/api/editors", {
    access: staff("editors"),
    body: "form",
    summary: "Adds an editor (multipart, picture in imgFile)",
  }),
  update: endpoint("POST", "/api/editors/{id}", {
    access: staff("editors"),
    body: "form",
    summary: "Edits an editor, or only its status when the form carries nothing else",
  }),
  adminList: endpoint("GET", "/api/admin/editors", { access: staff("editors"), summary: "Every editor of the journal, enabled or not" }),
  adminOne: endpoint("GET", "/api/admin/editors/{id}", { access: staff("editors"), summary: "One editor, enabled or not" }),
  picture: endpoint("GET", "/api/admin/editors/{id}/picture", {
    access: staff("editors"),
    answer: "file",
    fileType: "image/*",
    summary: "Any editor's picture, a disabled editor's too (private, never cached)",
  }),
  delete: endpoint("DELETE", "/api/admin/editors/{id}", {
    access: staff("editors"),
    answer: "empty",
    summary: "Deletes the editor and its picture",
  }),
} as const;
