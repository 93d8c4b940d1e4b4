// COUNTER_SUSHI R5.1 and its API keys (contract/routes/endpoint.ts explains the table). Worker:
// worker/statistics/sushi.routes.ts, sushi-keys.admin.routes.ts. The SUSHI paths and answers are COUNTER's (its own
// OpenAPI document is tests/schemas/counter/).
import { endpoint, PUBLIC, staff, SUSHI_KEY } from "./endpoint";

export const sushiApi = {
  status: endpoint("GET", "/api/sushi/status", {
    access: PUBLIC,
    summary: "COUNTER_SUSHI: the service's status (no key needed, as COUNTER says)",
  }),
  members: endpoint("GET", "/api/sushi/members", { access: SUSHI_KEY, summary: "COUNTER_SUSHI: the customer's members" }),
  reports: endpoint("GET", "/api/sushi/reports", { access: SUSHI_KEY, summary: "COUNTER_SUSHI: the reports supported" }),
  report: endpoint("GET", "/api/sushi/reports/{report}", {
    access: SUSHI_KEY,
    summary: "COUNTER_SUSHI: one report (ir, ir_a1, tr, tr_j3)",
  }),
  keys: endpoint("GET", "/api/admin/sushi-keys", {
    access: staff("sushiKeys"),
    summary: "The journal's SUSHI API keys (their last four characters)",
  }),
  createKey: endpoint("POST", "/api/admin/sushi-keys", {
    access: staff("sushiKeys"),
    summary: "A new API key for a customer, shown once: { customer_name }",
  }),
  revokeKey: endpoint("DELETE", "/api/admin/sushi-keys/{id}", { access: staff("sushiKeys"), summary: "Revokes an API key" }),
} as const;
