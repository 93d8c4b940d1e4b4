// The journal's own API: its settings, images and copyright form, its indexing partners, and the dashboard
// (contract/routes/endpoint.ts explains the table). Worker: worker/journals/, worker/admin.routes.ts.
import { endpoint, PUBLIC, staff } from "./endpoint";

export const dashboardApi = {
  counts: endpoint("GET", "/api/admin", {
    access: staff("dashboard"),
    summary: "The dashboard tiles: { archives, editors, articles, submissions }",
  }),
  events: endpoint("GET", "/api/admin/events", {
    access: staff("dashboard"),
    summary: "The dashboard's short history: the newest admin writes (?limit=1..100, default 15)",
  }),
} as const;

export const settingsApi = {
  read: endpoint("GET", "/api/settings", {
    access: PUBLIC,
    summary: "The journal's settings (public: every field is shown on public pages)",
  }),
  save: endpoint("POST", "/api/settings", {
    access: staff("settings"),
    summary: "Saves the settings a form sends (only the fields sent change)",
  }),
  saveImage: endpoint("POST", "/api/settings/images/{kind}", {
    access: staff("settings"),
    body: "form",
    summary: "Uploads one of the journal's images: logo, cover or certificate (multipart imgFile); answers the images' addresses",
  }),
  deleteImage: endpoint("DELETE", "/api/settings/images/{kind}", {
    access: staff("settings"),
    summary: "Back to the default image drawn from the journal's name and ISSN",
  }),
  saveCopyrightForm: endpoint("POST", "/api/settings/copyright-form", {
    access: staff("siteContent"),
    body: "form",
    summary: "Uploads the journal's own copyright form (multipart pdfFile)",
  }),
  deleteCopyrightForm: endpoint("DELETE", "/api/settings/copyright-form", {
    access: staff("siteContent"),
    summary: "Back to the shared copyright form",
  }),
} as const;

export const indexingApi = {
  list: endpoint("GET", "/api/indexing", { access: PUBLIC, summary: "Enabled indexing partners, ordered by sortnumber" }),
  create: endpoint("POST", "/api/indexing", {
    access: staff("indexing"),
    body: "form",
    summary: "Adds a partner (multipart, logo in imgFile)",
  }),
  update: endpoint("POST", "/api/indexing/{id}", {
    access: staff("indexing"),
    body: "form",
    summary: "Edits a partner, or only its status when the form carries nothing else",
  }),
  adminList: endpoint("GET", "/api/admin/indexing", { access: staff("indexing"), summary: "Every partner, enabled or not" }),
  order: endpoint("POST", "/api/admin/indexing/order", {
    access: staff("indexing"),
    summary: "The partners' order: { ids } in the new order",
  }),
  delete: endpoint("DELETE", "/api/indexing/{id}", {
    access: staff("indexing"),
    summary: "Deletes a partner, then its image: { deleted }",
  }),
} as const;
