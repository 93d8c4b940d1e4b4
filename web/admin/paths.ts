// Admin URLs used by more than one page (a module of its own, so a page linking to an issue does not pull in
// the issues page).

/** The admin page of an issue's articles. */
export function issuePath(issue: { year: number; volume: number; issue: number }): string {
  return `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`;
}
