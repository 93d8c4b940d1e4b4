// What the demo journals (scripts/seed.ts) hold, read from the running server's public API, so tests follow
// the seeded data instead of hard-coding it.
import type { Article, ArchiveYear, IssueArticles, Settings } from "#contract/api";
import { fetchAs, HOSTS } from "./browser";

export async function apiJson<T>(path: string, host: string = HOSTS.main): Promise<T> {
  const res = await fetchAs(path, host);
  if (!res.ok) throw new Error(`GET ${path} on ${host}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export const settingsOf = (host: string = HOSTS.main) => apiJson<Settings>("/api/settings/", host);

/** The newest issue that has articles, with its articles (by page number). */
export async function latestIssue(host: string = HOSTS.main): Promise<IssueArticles> {
  const years = await apiJson<ArchiveYear[]>("/api/archives/", host);
  for (const y of years) {
    for (let n = y.total_issues; n >= 1; n--) {
      const issue = await apiJson<IssueArticles>(`/api/archives/${y.year}/${y.volume}/${n}`, host).catch(() => null);
      if (issue && issue.articles.length > 0) return issue;
    }
  }
  throw new Error(`no issue with articles on ${host}`);
}

/** An article with a PDF and at least two authors (for certificate rows), whole (the issue list has no abstracts). */
export async function articleWithFile(host: string = HOSTS.main): Promise<Article> {
  const issue = await latestIssue(host);
  const a = issue.articles.find((x) => x.file_url && x.authorname.includes(",")) ?? issue.articles.find((x) => x.file_url);
  if (!a) throw new Error(`no article with a file on ${host}`);
  return apiJson<Article>(`/api/archives/ref/${encodeURIComponent(a.refnumber)}`, host);
}
