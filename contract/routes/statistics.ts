// Usage statistics (contract/routes/endpoint.ts explains the table). Worker: worker/statistics/. COUNTER_SUSHI is
// contract/routes/sushi.ts, apart: the article page reads its figures, so this table is in the public entry.
import { endpoint, PUBLIC, staff } from "./endpoint";

export const statsApi = {
  article: endpoint("GET", "/api/stats/articles/{refnumber}", {
    access: PUBLIC,
    summary: "An article's public figures (views and downloads), at most 10 minutes old",
  }),
  overview: endpoint("GET", "/api/admin/stats", {
    access: staff("statistics"),
    summary: "The journal per month and the most read articles",
  }),
  adminArticle: endpoint("GET", "/api/admin/stats/articles/{id}", {
    access: staff("statistics"),
    summary: "One article's figures per month",
  }),
  report: endpoint("GET", "/api/admin/stats/report", {
    access: staff("statistics"),
    summary: "A month's COUNTER R5.1 item report (?month=YYYY-MM&format=json|csv|tsv; CSV and TSV as files)",
  }),
} as const;
