// Admin URLs used by more than one page (a module of its own, so a page linking to an issue does not pull in
// the issues page).

/** The admin page of an issue's articles. */
export function issuePath(issue: { year: number; volume: number; issue: number }): string {
  return `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`;
}

/** What the page area says while the page at `pathname` loads its data. */
export function loadingLabel(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/admin";
  const labels: [RegExp, string][] = [
    [/^\/admin$/, "Loading the dashboard…"],
    [/^\/admin\/archives$/, "Loading issues…"],
    [/^\/admin\/archives\/add\//, "Loading the article form…"],
    [/^\/admin\/archives\/\d+\/\d+\/\d+$/, "Loading the issue's articles…"],
    [/^\/admin\/archives\/\d+$/, "Loading the article…"],
    [/^\/admin\/editors$/, "Loading editors…"],
    [/^\/admin\/editors\/add$/, "Loading the editor form…"],
    [/^\/admin\/editors\/\d+$/, "Loading the editor…"],
    [/^\/admin\/settings$/, "Loading settings…"],
    [/^\/admin\/search$/, "Searching…"],
    [/^\/admin\/submissions$/, "Loading submissions…"],
    [/^\/admin\/staff$/, "Loading staff…"],
    [/^\/admin\/account$/, "Loading your account…"],
  ];
  return labels.find(([pattern]) => pattern.test(path))?.[1] ?? "Loading…";
}
