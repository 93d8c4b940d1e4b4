// A year of usage figures and a few weeks of admin history for a demo journal, so a newcomer's first dashboard shows
// charts and "Recent changes" instead of empty panels (issue 38, lead's demo-data items). Deterministic from the
// journal's seed: the same on every machine, relative to the day `npm start` first seeds.
//
// usage_daily: one row per public article and day with any reading, over the last 365 days from the article's
// publication on: each article has its own popularity, readers come less at weekends and in August and late
// December, a new article is read most in its first weeks, about a third of views lead to a download, and each
// row names one reader country. Figures stay inside COUNTER's shape: downloads are counted apart from views, unique
// investigations never exceed views + downloads, unique requests never exceed downloads.
import type { Random } from "./random";

export interface UsageRow {
  articleId: number;
  day: string;
  country: string;
  views: number;
  downloads: number;
  uniqueInvestigations: number;
  uniqueRequests: number;
  certificates: number;
  coverPages: number;
}

/** Reader countries, roughly as such a journal's readership spreads (the Submit Online form's list, and beyond). */
const COUNTRIES = ["IN", "IN", "IN", "NG", "PK", "ID", "BD", "EG", "ET", "SA", "AZ", "US", "GB", "DE", "MY", "KE", ""];
const DAY_MS = 86_400_000;

/** A Poisson draw (Knuth), enough for the small means used here. */
function poisson(rnd: Random, mean: number): number {
  if (mean <= 0) return 0;
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rnd.next();
  while (p > limit) {
    k++;
    p *= rnd.next();
  }
  return k;
}

function binomial(rnd: Random, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (rnd.next() < p) k++;
  return k;
}

/** How busy a day is, from the calendar alone: weekends, August and the year's last days are quieter. */
function calendarFactor(d: Date): number {
  const weekday = d.getUTCDay();
  const month = d.getUTCMonth();
  const day = d.getUTCDate();
  let f = weekday === 0 || weekday === 6 ? 0.55 : 1;
  if (month === 7) f *= 0.7;
  if (month === 11 && day >= 20) f *= 0.5;
  if (month === 8 || month === 9 || month === 2) f *= 1.15; // terms starting
  return f;
}

export function usageHistory(rnd: Random, articles: { id: number; published: string }[], today: Date, days = 365): UsageRow[] {
  const rows: UsageRow[] = [];
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - days * DAY_MS;
  for (const a of articles) {
    // A long tail: most articles are read a little, a few a lot.
    const popularity = 0.25 + rnd.next() ** 3 * 4;
    const published = Date.parse(a.published.slice(0, 10)) || start;
    for (let t = Math.max(start, published); t < start + days * DAY_MS; t += DAY_MS) {
      const d = new Date(t);
      const age = (t - published) / DAY_MS;
      const fresh = 1 + 2.5 * Math.exp(-age / 30);
      const views = poisson(rnd, popularity * fresh * calendarFactor(d));
      const downloads = binomial(rnd, views + poisson(rnd, 0.05), 0.35);
      if (views + downloads === 0) continue;
      const uniqueInvestigations = Math.max(1, Math.round((views + downloads) * (0.75 + rnd.next() * 0.2)));
      const uniqueRequests = downloads === 0 ? 0 : Math.max(1, Math.round(downloads * (0.8 + rnd.next() * 0.2)));
      rows.push({
        articleId: a.id,
        day: d.toISOString().slice(0, 10),
        country: rnd.pick(COUNTRIES),
        views,
        downloads,
        uniqueInvestigations: Math.min(uniqueInvestigations, views + downloads),
        uniqueRequests: Math.min(uniqueRequests, downloads),
        certificates: rnd.chance(0.03) ? 1 : 0,
        coverPages: rnd.chance(0.02) ? 1 : 0,
      });
    }
  }
  return rows;
}

export interface HistoryEvent {
  action: string;
  entity: string;
  entityId: number | null;
  summary: string;
  createdAt: string;
}

/**
 * What the demo admin did in the last weeks, as the audit trail records it (worker/core/audit): articles added and
 * edited, an editor updated, an issue created, the settings saved. Newest last.
 */
export function adminHistory(
  rnd: Random,
  articles: { id: number; title: string }[],
  editors: { id: number; name: string }[],
  issue: { id: number; label: string } | null,
  today: Date,
): HistoryEvent[] {
  const at = (daysAgo: number) => {
    const t = today.getTime() - daysAgo * DAY_MS - rnd.int(8, 17) * 3_600_000 - rnd.int(0, 59) * 60_000;
    return new Date(t).toISOString();
  };
  const recent = articles.slice(-8);
  const events: HistoryEvent[] = [];
  if (issue) events.push({ action: "issue.create", entity: "issue", entityId: issue.id, summary: issue.label, createdAt: at(27) });
  for (const [i, a] of recent.slice(0, 5).entries())
    events.push({ action: "article.add", entity: "article", entityId: a.id, summary: a.title, createdAt: at(26 - i * 2) });
  events.push({ action: "settings.save", entity: "settings", entityId: null, summary: "home_content, address", createdAt: at(12) });
  for (const e of rnd.sample(editors, Math.min(2, editors.length)))
    events.push({ action: "editor.edit", entity: "editor", entityId: e.id, summary: e.name, createdAt: at(rnd.int(5, 10)) });
  for (const a of rnd.sample(recent, Math.min(3, recent.length)))
    events.push({ action: "article.edit", entity: "article", entityId: a.id, summary: a.title, createdAt: at(rnd.int(1, 4)) });
  return events.sort((x, y) => x.createdAt.localeCompare(y.createdAt));
}
