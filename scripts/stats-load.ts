// `npm run stats:load [-- --requests 10000 --concurrency 16 --seed 30]`: the usage counter's bounded load run
// (issue #30). On a throwaway `npm start` (loopback, fresh data, the real UsageCounter Durable Object and its
// alarm) it sends a fixed, seeded mix of public requests — people reading article pages and downloading PDFs
// (whole files and Range series), double clicks, robots from the COUNTER list, cover pages and certificates — in
// two phases 35 s apart, then waits for the counter's flush and checks that every article's figures (views,
// downloads, unique investigations and requests, certificates, cover pages), the public figures and the monthly
// item report are exactly what the COUNTER R5.1 rules give for that traffic. The expected figures are worked out
// here, from the traffic as sent, without the Worker's code. Exit code 1 on any difference.
//
// Issue 38 item 2 adds three bursts from one address each, on three articles of their own, and prints what they
// added: 30 page views with 30 User-Agents, 10 Range requests of 100 bytes, 30 revalidations (304) with 30
// User-Agents. The bound (docs/statistics.md "One address"): at most 10 of each kind per article and day.
import { option } from "./platform";
import { startThrowawayServer } from "./throwaway-server";
import type { ArchiveYear, IssueArticles } from "#contract/api";
import type { ArticleFigures, ItemReport } from "#contract/stats";

const args = process.argv.slice(2);
const TOTAL = Math.min(Math.max(Number(option(args, "requests") ?? "10000"), 200), 50_000);
const CONCURRENCY = Math.min(Math.max(Number(option(args, "concurrency") ?? "16"), 1), 64);
const SEED = Number(option(args, "seed") ?? "30");
const READERS = 400;
const ARTICLES = 20;
/** What one address (IPv4, or IPv6 /64) adds to one article per day and kind, at most (usage-counter.ts). */
const ADDRESS_DAILY_LIMIT = 10;
const BURST_IPS = { views: "192.0.2.200", ranges: "192.0.2.201", revalidations: "192.0.2.202" };
/** Longer than COUNTER's 30 s double-click window, so phase-two repeats are new clicks. */
const PAUSE_MS = 35_000;
const HOUR_MS = 3_600_000;

/** Real robots' user agents (each matches a pattern of the COUNTER Robots list). */
const ROBOT_AGENTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  "Wget/1.21.4",
  "curl/8.5.0",
  "python-requests/2.32.3",
  "Scrapy/2.11.2 (+https://scrapy.org)",
  "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
  "",
];

type Kind = "view" | "download" | "certificate" | "coverpage";

interface Target {
  id: number;
  ref: string;
  page: string;
  pdf: string;
  asset: string;
  author: string;
}

interface Cluster {
  /** null for a robot */
  reader: number | null;
  agent: string;
  ip: string;
  target: Target;
  kind: Kind;
  ranged: boolean;
  /** A Range piece too small to be reading the article (100 bytes): counts nothing (docs/statistics.md). */
  tiny?: boolean;
  requests: { path: string; headers: Record<string, string>; expect: number }[];
  /** When its first request was sent (the session's hour comes from it). */
  sentAt?: number;
}

/** Sessions are hours: no click is sent in the 3 s around the turn of an hour, so that each cluster lies in one
 * hour by the server's clock as by this one. */
async function clearOfHourChange(): Promise<void> {
  const intoHour = Date.now() % HOUR_MS;
  if (intoHour > HOUR_MS - 3000) await new Promise((r) => setTimeout(r, HOUR_MS - intoHour + 1500));
  else if (intoHour < 1500) await new Promise((r) => setTimeout(r, 1500 - intoHour));
}

/** mulberry32: a small seeded generator, so every run sends the same traffic. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = seeded(SEED);
const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

const readerAgent = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 Reader/${n}`;
const readerIp = (n: number) => `10.${(n >> 8) & 255}.${n & 255}.7`;

/** One phase's clusters, at least `budget` requests; each reader+article+kind at most once (downloads: once). */
function phase(targets: Target[], budget: number, repeatFrom: Cluster[] = []): Cluster[] {
  const clusters: Cluster[] = [];
  const used = new Set<string>();
  let requests = 0;
  while (requests < budget) {
    const r = rand();
    let cluster: Cluster;
    if (r < 0.12) {
      const agent = pick(ROBOT_AGENTS);
      const target = pick(targets);
      const kind: Kind = rand() < 0.5 ? "view" : "download";
      const path = kind === "view" ? target.page : target.pdf;
      cluster = {
        reader: null,
        agent,
        ip: "192.0.2.1",
        target,
        kind,
        ranged: false,
        requests: Array.from({ length: between(1, 3) }, () => ({ path, headers: {}, expect: 200 })),
      };
    } else {
      const repeat = repeatFrom.length > 0 && rand() < 0.4 ? pick(repeatFrom) : null;
      const kind: Kind = repeat?.kind ?? (r < 0.5 ? "view" : r < 0.95 ? "download" : r < 0.985 ? "coverpage" : "certificate");
      const reader = repeat?.reader ?? between(1, READERS);
      const target = repeat?.target ?? pick(targets);
      const key = `${reader}|${target.id}|${kind}`;
      if (used.has(key)) continue;
      used.add(key);
      const ranged = kind === "download" && rand() < 0.45;
      const clicks = rand() < 0.25 ? between(2, 3) : 1;
      const once = (path: string) => Array.from({ length: clicks }, () => ({ path, headers: {}, expect: 200 }));
      const reqs =
        kind === "view"
          ? once(target.page)
          : kind === "coverpage"
            ? once(`/api/pdf/coverpage/${encodeURIComponent(target.ref)}`)
            : kind === "certificate"
              ? once(`/api/pdf/certificate/${encodeURIComponent(target.ref)}/${encodeURIComponent(target.author)}`)
              : ranged
                ? ["bytes=0-1023", "bytes=1024-2047", "bytes=2048-3071", "bytes=3072-"]
                    .slice(0, between(2, 4))
                    .map((range) => ({ path: target.pdf, headers: { Range: range }, expect: 206 }))
                : once(rand() < 0.5 ? target.pdf : target.asset);
      cluster = { reader, agent: readerAgent(reader), ip: readerIp(reader), target, kind, ranged, requests: reqs };
    }
    clusters.push(cluster);
    requests += cluster.requests.length;
  }
  // Shuffled, so kinds, readers and robots interleave.
  for (let i = clusters.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [clusters[i], clusters[j]] = [clusters[j], clusters[i]];
  }
  return clusters;
}

type Expected = Omit<ArticleFigures, never>;
const zero = (): Expected => ({ views: 0, downloads: 0, uniqueInvestigations: 0, uniqueRequests: 0, certificates: 0, coverPages: 0 });

/**
 * What COUNTER R5.1 gives for the clusters as sent: robots count nothing; a cluster (its clicks all within
 * seconds) counts once, and the phases are more than 30 s apart; a Range series counts only when the reader's
 * session (reader + hour) has no counted download of the article; uniques are sessions.
 */
function expectedFigures(phases: Cluster[][]): Map<number, Expected> {
  const figures = new Map<number, Expected>();
  const investigated = new Set<string>();
  const requested = new Set<string>();
  const byAddress = new Map<string, number>();
  for (const clusters of phases) {
    for (const c of clusters) {
      if (c.reader === null || c.tiny) continue;
      const f = figures.get(c.target.id) ?? zero();
      figures.set(c.target.id, f);
      const session = `${c.reader}|${Math.floor(c.sentAt! / HOUR_MS)}|${c.target.id}`;
      if (c.kind === "download" && c.ranged && requested.has(session)) continue;
      // One address adds at most ADDRESS_DAILY_LIMIT of a kind to an article in a day, whatever its User-Agents.
      const address = `${c.ip}|${c.target.id}|${c.kind}|${new Date(c.sentAt!).toISOString().slice(0, 10)}`;
      if ((byAddress.get(address) ?? 0) >= ADDRESS_DAILY_LIMIT) continue;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      if (c.kind === "certificate") f.certificates++;
      else if (c.kind === "coverpage") f.coverPages++;
      else {
        if (c.kind === "download" && c.ranged && requested.has(session)) continue;
        if (c.kind === "view") f.views++;
        else f.downloads++;
        if (!investigated.has(session)) {
          investigated.add(session);
          f.uniqueInvestigations++;
        }
        if (c.kind === "download" && !requested.has(session)) {
          requested.add(session);
          f.uniqueRequests++;
        }
      }
    }
  }
  return figures;
}

async function main() {
  // No seeded past figures: every figure must be exactly what this run's traffic gives.
  const server = await startThrowawayServer("stats-load", { DEMO_HISTORY: "0" });
  const { base } = server;
  let failed = false;
  try {
    const json = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${base}${p}`, init);
      if (!res.ok) throw new Error(`${init.method ?? "GET"} ${p}: HTTP ${res.status}`);
      return (await res.json()) as T;
    };
    const { token } = await json<{ token: string }>("/auth/login/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "demo-admin" }),
    });
    const auth = { authorization: `Bearer ${token}` };

    // The demo journal's articles that have a PDF.
    const targets: Target[] = [];
    for (const y of await json<ArchiveYear[]>("/api/archives/")) {
      for (let issue = 1; issue <= y.total_issues && targets.length < ARTICLES + 3; issue++) {
        const { articles } = await json<IssueArticles>(`/api/archives/${y.year}/${y.volume}/${issue}`);
        for (const a of articles) {
          if (!a.file_url || !a.refnumber || targets.length >= ARTICLES + 3) continue;
          const page = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(a.refnumber)}`;
          targets.push({
            id: a.id,
            ref: a.refnumber,
            page,
            pdf: `${page}.pdf`,
            asset: a.file_url,
            author: a.authorname.split(",")[0].trim(),
          });
        }
      }
    }

    // Three articles only the bursts touch (issue 38 item 2), so what each burst added can be read off its article.
    const [viewTarget, rangeTarget, revalidateTarget] = targets.splice(ARTICLES, 3);
    const etag = (await fetch(`${base}${revalidateTarget.page}`, { headers: { "User-Agent": "curl/8.5.0" } })).headers.get("etag") ?? "";
    const burst = (
      n: number,
      from: number,
      ip: string,
      target: Target,
      kind: Kind,
      request: (i: number) => Cluster["requests"][number],
      tiny = false,
    ) =>
      Array.from(
        { length: n },
        (_, i): Cluster => ({
          reader: READERS + from + i,
          agent: readerAgent(READERS + from + i),
          ip,
          target,
          kind,
          ranged: kind === "download",
          tiny,
          requests: [request(i)],
        }),
      );
    const bursts = [
      ...burst(30, 1, BURST_IPS.views, viewTarget, "view", () => ({ path: viewTarget.page, headers: {}, expect: 200 })),
      ...burst(
        10,
        100,
        BURST_IPS.ranges,
        rangeTarget,
        "download",
        (i) => ({ path: rangeTarget.pdf, headers: { Range: `bytes=${i * 100}-${i * 100 + 99}` }, expect: 206 }),
        true,
      ),
      ...burst(30, 200, BURST_IPS.revalidations, revalidateTarget, "view", () => ({
        path: revalidateTarget.page,
        headers: { "If-None-Match": etag },
        expect: 304,
      })),
    ];

    const first = phase(targets, TOTAL / 2);
    const second = phase(
      targets,
      TOTAL - first.reduce((n, c) => n + c.requests.length, 0),
      first.filter((c) => c.reader !== null),
    );
    const statuses = new Map<string, number>();
    let sent = 0;
    const run = async (clusters: Cluster[]) => {
      let next = 0;
      const worker = async () => {
        while (next < clusters.length) {
          const c = clusters[next++];
          await clearOfHourChange();
          c.sentAt = Date.now();
          for (const r of c.requests) {
            const headers: Record<string, string> = { ...r.headers, "CF-Connecting-IP": c.ip };
            if (c.agent) headers["User-Agent"] = c.agent;
            else headers["User-Agent"] = "";
            const res = await fetch(`${base}${r.path}`, { headers });
            await res.arrayBuffer();
            sent++;
            if (res.status !== r.expect) {
              const key = `${r.path.split("/").slice(0, 3).join("/")}… ${res.status} (wanted ${r.expect})`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };

    const t0 = performance.now();
    await run(first);
    await run(bursts);
    targets.push(viewTarget, rangeTarget, revalidateTarget);
    const t1 = performance.now();
    console.log(
      `Phase 1: ${first.reduce((n, c) => n + c.requests.length, 0)} requests in ${((t1 - t0) / 1000).toFixed(1)} s; pausing ${PAUSE_MS / 1000} s`,
    );
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const t2 = performance.now();
    await run(second);
    const t3 = performance.now();
    const seconds = (t1 - t0 + t3 - t2) / 1000;
    console.log(`Phase 2: ${second.reduce((n, c) => n + c.requests.length, 0)} requests in ${((t3 - t2) / 1000).toFixed(1)} s`);
    const all = [...first, ...second];
    const count = (f: (c: Cluster) => boolean) => all.filter(f).reduce((n, c) => n + c.requests.length, 0);
    console.log(
      `Sent ${sent} requests (${(sent / seconds).toFixed(0)}/s, concurrency ${CONCURRENCY}): ` +
        `robots ${count((c) => c.reader === null)}, page views ${count((c) => c.reader !== null && c.kind === "view")}, ` +
        `whole downloads ${count((c) => c.reader !== null && c.kind === "download" && !c.ranged)}, ` +
        `Range pieces ${count((c) => c.ranged)}, cover pages ${count((c) => c.kind === "coverpage")}, certificates ${count((c) => c.kind === "certificate")}; ` +
        `double-click clusters ${all.filter((c) => c.reader !== null && !c.ranged && c.requests.length > 1).length}`,
    );
    if (statuses.size > 0) {
      console.error("Unexpected answers:", Object.fromEntries(statuses));
      failed = true;
    }

    const expected = expectedFigures([[...first, ...bursts], second]);
    const fetchFigures = async () =>
      new Map(
        await Promise.all(
          targets.map(async (t) => [t.id, await json<ArticleFigures>(`/api/admin/stats/articles/${t.id}`, { headers: auth })] as const),
        ),
      );
    const differences = (got: Map<number, ArticleFigures>) =>
      targets.flatMap((t) => {
        const want = expected.get(t.id) ?? zero();
        const have = got.get(t.id)!;
        return (Object.keys(want) as (keyof Expected)[])
          .filter((k) => want[k] !== have[k])
          .map((k) => `${t.ref} ${k}: ${have[k]} (want ${want[k]})`);
      });
    // The counter flushes to D1 every 30 s: wait for the figures to settle.
    const tf = Date.now();
    let got = await fetchFigures();
    while (differences(got).length > 0 && Date.now() - tf < 120_000) {
      await new Promise((r) => setTimeout(r, 3000));
      got = await fetchFigures();
    }
    console.log(`Figures settled ${((Date.now() - tf) / 1000).toFixed(0)} s after the last request.`);
    const diff = differences(got);
    const of = (t: Target) => got.get(t.id)!;
    console.log(
      `Bursts from one address (bound ${ADDRESS_DAILY_LIMIT} per article, kind and day): ` +
        `30 page views with 30 User-Agents from ${BURST_IPS.views} added ${of(viewTarget).views} views; ` +
        `10 Range requests of 100 bytes from ${BURST_IPS.ranges} added ${of(rangeTarget).downloads} downloads; ` +
        `30 revalidations (304) with 30 User-Agents from ${BURST_IPS.revalidations} added ${of(revalidateTarget).views} views.`,
    );
    // The public figures and the item report say the same.
    for (const t of targets) {
      const want = expected.get(t.id) ?? zero();
      const pub = await json<{ views: number; downloads: number }>(`/api/stats/articles/${encodeURIComponent(t.ref)}`);
      if (pub.views !== want.views || pub.downloads !== want.downloads) diff.push(`${t.ref} public figures ${JSON.stringify(pub)}`);
    }
    const month = new Date(first[0].sentAt!).toISOString().slice(0, 7);
    if (new Date(Date.now()).toISOString().slice(0, 7) === month) {
      const report = await json<ItemReport>(`/api/admin/stats/report?month=${month}`, { headers: auth });
      for (const t of targets) {
        const want = expected.get(t.id) ?? zero();
        const line = report.items.find((i) => i.refnumber === t.ref);
        const wanted = {
          Total_Item_Investigations: want.views + want.downloads,
          Unique_Item_Investigations: want.uniqueInvestigations,
          Total_Item_Requests: want.downloads,
          Unique_Item_Requests: want.uniqueRequests,
        };
        // An article nobody counted that month has no line (the 100-byte Range burst's article): zeros.
        const none = Object.values(wanted).every((v) => v === 0);
        const have = line
          ? { ...wanted, ...Object.fromEntries(Object.keys(wanted).map((k) => [k, line[k as keyof typeof wanted]])) }
          : none
            ? wanted
            : null;
        if (JSON.stringify(have) !== JSON.stringify(wanted))
          diff.push(`${t.ref} item report ${JSON.stringify(have)} (want ${JSON.stringify(wanted)})`);
      }
    }
    const totals = [...expected.values()].reduce((s, f) => {
      for (const k of Object.keys(s) as (keyof Expected)[]) s[k] += f[k];
      return s;
    }, zero());
    console.log("COUNTER figures expected (all articles):", totals);
    if (diff.length > 0) {
      console.error(`${diff.length} figures differ:\n  ${diff.slice(0, 40).join("\n  ")}`);
      failed = true;
    } else {
      console.log(
        `Every figure of ${targets.length} articles is exactly what COUNTER R5.1 gives (admin figures, public figures, item report).`,
      );
    }
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}

await main();
