// COUNTER_SUSHI R5.1 and its API keys (contract/routes/endpoint.ts explains the table). Worker:
// worker/statistics/sushi.routes.ts, sushi-keys.admin.routes.ts. The SUSHI paths and answers are COUNTER's (its own
// OpenAPI document is tests/schemas/counter/): the Code of Practice 5.1 (§8.1) puts them under /r51/; the paths
// without it are the ones served before and stay as aliases for harvesters set up then (docs/decisions/0310).
import { endpoint, PUBLIC, staff, SUSHI_KEY } from "./endpoint";

const REPORT_SUMMARY = "COUNTER_SUSHI: one report (pr, pr_p1, ir, ir_a1, tr, tr_j3); another is 404 with Exception 3000";

export const sushiApi = {
  status: endpoint("GET", "/api/sushi/r51/status", {
    access: PUBLIC,
    summary: "COUNTER_SUSHI: the service's status (no key needed, as COUNTER says)",
  }),
  members: endpoint("GET", "/api/sushi/r51/members", { access: SUSHI_KEY, summary: "COUNTER_SUSHI: the customer's members" }),
  reports: endpoint("GET", "/api/sushi/r51/reports", { access: SUSHI_KEY, summary: "COUNTER_SUSHI: the reports supported" }),
  report: endpoint("GET", "/api/sushi/r51/reports/{report}", { access: SUSHI_KEY, summary: REPORT_SUMMARY }),
  statusAlias: endpoint("GET", "/api/sushi/status", { access: PUBLIC, summary: "Alias of /api/sushi/r51/status" }),
  membersAlias: endpoint("GET", "/api/sushi/members", { access: SUSHI_KEY, summary: "Alias of /api/sushi/r51/members" }),
  reportsAlias: endpoint("GET", "/api/sushi/reports", { access: SUSHI_KEY, summary: "Alias of /api/sushi/r51/reports" }),
  reportAlias: endpoint("GET", "/api/sushi/reports/{report}", {
    access: SUSHI_KEY,
    summary: "Alias of /api/sushi/r51/reports/{report}",
  }),
  keys: endpoint("GET", "/api/admin/sushi-keys", {
    access: staff("sushiKeys"),
    summary: "The journal's SUSHI API keys (their customer_id and last four characters)",
  }),
  createKey: endpoint("POST", "/api/admin/sushi-keys", {
    access: staff("sushiKeys"),
    summary: "A new API key for a customer, shown once with its own customer_id: { customer_name }",
  }),
  revokeKey: endpoint("DELETE", "/api/admin/sushi-keys/{id}", { access: staff("sushiKeys"), summary: "Revokes an API key" }),
} as const;
