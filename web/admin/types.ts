// Shapes of the admin-only answers (see docs/api.md, admin section). Article, editor and settings shapes are
// the shared ones of worker/schemas/api.ts.
import type { AdminArticle } from "../../worker/schemas/api";

export interface DashboardCounts {
  archives: number;
  editors: number;
  articles: number;
  submissions: number;
}

export interface AdminIssue {
  id: number;
  year: number;
  volume: number;
  issue: number;
  articles: number;
  creation: string;
}

export interface AdminIssueArticles {
  year: number;
  volume: number;
  issue: number;
  articles: AdminArticle[];
}

export interface AdminSearchResults {
  q: string;
  count: number;
  results: AdminArticle[];
}

export interface Submission {
  id: number;
  reference: string;
  name: string;
  email: string;
  country: string;
  phone: string;
  address: string;
  title: string;
  file: string;
  file_size: number;
  created_at: string;
}
