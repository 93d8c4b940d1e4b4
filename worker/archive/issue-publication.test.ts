// Issues before they are public (issue 48 item 8, docs/decisions/0383): staff build a new issue unpublished; readers
// and indexers see nothing of it or its articles until staff publish it (or its scheduled day comes, through the Cron
// Trigger); "Unpublish" takes it back. Issues that existed before, or that fixtures and imports write, stay public.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import worker from "../index";
import { createArticle, createIssue, createJournal, db, getJson, putArticleFile, request, type TestJournal } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { journals } from "../core/data/schema";
import { parseCertificateKeys, signCertificateCode } from "../verification/verification-code";
import { formatCode } from "#contract/verify-code";

const DAY = 86_400_000;
/** A word no other article of the test journals carries: search and the feeds are walked for it. */
const WORD = "Zanzibarite";
const AUTHOR = "Amara Okonkwo";
const TITLE_TAIL = "deposits of the coastal shelf";

async function setup() {
  const j = await createJournal();
  const token = await tokenFor(await createAdmin(j.id, { role: "production" }));
  const post = (path: string, body: unknown, auth = token) =>
    getJson(j.host, path, {
      method: "POST",
      headers: { ...bearer(auth), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // A published issue as every existing one is (the fixture writes no status), with a public article.
  await createIssue(j.id, 2024, 1, 1);
  const visible = await createArticle(j.id, { year: 2024, volume: 1, issue: 1, title: "Soil carbon in dry forests" });
  // The issue staff are building: created through the admin API, so unpublished.
  const created = await post("/api/admin/create-issue", { year: 2024, volume: 2, issue: 1 });
  expect(created.status).toBe(201);
  expect(created.body.issue).toMatchObject({ status: "draft", publishOn: null });
  const id = created.body.issue.id as number;
  const ref = `HID-${id}-${Date.now().toString(36)}`.toUpperCase();
  const hidden = await createArticle(j.id, {
    year: 2024,
    volume: 2,
    issue: 1,
    refnumber: ref,
    title: `${WORD} ${TITLE_TAIL}`,
    authorname: AUTHOR,
    keywords: WORD,
    file: `${ref}.pdf`,
    publishdate: "2024-09-01",
  });
  await putArticleFile(j.id, { year: 2024, volume: 2, issue: 1, file: `${ref}.pdf` });
  return { j, token, post, id, ref, hidden, visible };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Every public output that lists or shows issues and articles: its status and its text. */
async function publicOutputs(s: Setup): Promise<Record<string, { status: number; text: string }>> {
  const { j, ref, hidden } = s;
  const keys = parseCertificateKeys(env.CERTIFICATE_KEYS)!;
  const code = formatCode(signCertificateCode(keys, { journalId: j.id, kind: "author", recordId: hidden.id, position: 0, name: AUTHOR }));
  const oaiId = `oai:${j.host}:${ref}`;
  const paths: Record<string, string> = {
    home: "/",
    archives: "/archives",
    archivesApi: "/api/archives",
    issuePage: "/archives/2024/vol2/issue1",
    issueApi: "/api/archives/2024/2/1",
    articlePage: `/archives/2024/vol2/issue1/${ref}`,
    articleByRef: `/api/archives/ref/${ref}`,
    articleById: `/api/archives/${hidden.id}`,
    pdf: `/assets/archives/2024/vol2issue1/${ref}.pdf`,
    ris: `/archives/2024/vol2/issue1/${ref}.ris`,
    bib: `/archives/2024/vol2/issue1/${ref}.bib`,
    jats: `/archives/2024/vol2/issue1/${ref}.xml`,
    search: `/search?q=${WORD}`,
    searchApi: `/api/search?q=${WORD}`,
    sitemap: "/sitemap.xml",
    volumeSitemap: "/sitemaps/vol2.xml",
    feed: "/feed.xml",
    oaiListRecords: "/oai?verb=ListRecords&metadataPrefix=oai_dc",
    oaiListIdentifiers: "/oai?verb=ListIdentifiers&metadataPrefix=oai_dc",
    oaiGetRecord: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(oaiId)}`,
    oaiListSets: "/oai?verb=ListSets",
    stats: `/api/stats/articles/${ref}`,
    coverPage: `/api/pdf/coverpage/${ref}`,
    certificate: `/api/pdf/certificate/${ref}/${encodeURIComponent(AUTHOR)}`,
    verify: `/verify/${code}`,
  };
  const out: Record<string, { status: number; text: string }> = {};
  for (const [name, path] of Object.entries(paths)) {
    const res = await request(j.host, path, { headers: { accept: "text/html,application/xml,application/json" } });
    const binary = /pdf/.test(res.headers.get("content-type") ?? "");
    if (binary) await res.arrayBuffer();
    const text = binary ? "" : (await res.text()).replaceAll("<!-- -->", "");
    // An OAI-PMH answer repeats the identifier asked for (in its request, and in the words of its error): what it
    // answers is the rest.
    const answer = text.replace(/<request[^>]*>[^<]*<\/request>/, "").replace(/(<error code="idDoesNotExist">)[^<]*/, "$1");
    out[name] = { status: res.status, text: answer };
  }
  return out;
}

/** The outputs that are a page or file of their own: 404 for readers, as a missing one. */
const OWN_PAGES = [
  "issuePage",
  "issueApi",
  "articlePage",
  "articleByRef",
  "articleById",
  "pdf",
  "ris",
  "bib",
  "jats",
  "volumeSitemap",
  "stats",
  "coverPage",
  "certificate",
];

/**
 * Whether an output shows the unpublished issue or its article: a page of its own answers; a list names the
 * article (reference number, title) or the issue (its address, label, sitemap, OAI-PMH set). Search pages repeat
 * the words searched for, so the title's other words are looked for.
 */
const shows = (name: string, o: { status: number; text: string }, s: Setup) =>
  OWN_PAGES.includes(name)
    ? o.status === 200
    : o.status === 200 &&
      [s.ref, TITLE_TAIL, "vol2/issue1", "VOL. 2 : ISSUE 1", '"volume":2', "vol2.xml", "vol2:issue1"].some((m) => o.text.includes(m));

async function expectHidden(s: Setup) {
  const out = await publicOutputs(s);
  const leaks = Object.entries(out)
    .filter(([name, o]) => shows(name, o, s))
    .map(([name]) => name);
  expect(leaks).toEqual([]);
  for (const name of OWN_PAGES) expect([name, out[name].status]).toEqual([name, 404]);
  // OAI-PMH answers its own error for an identifier it does not hold; /verify says the article is not published.
  expect(out.oaiGetRecord.text).toContain('code="idDoesNotExist"');
  expect(out.verify.text).toContain('data-status="revoked"');
  // Harvesters were never told of it: no deleted record names it either.
  expect(out.oaiListIdentifiers.text).not.toContain(s.ref);
  // The rest of the journal is still there.
  expect(out.archives.text).toContain("/archives/2024/vol1/issue1");
  expect(out.oaiListRecords.text).toContain(s.visible.refnumber!);
  return out;
}

async function expectShown(s: Setup) {
  const out = await publicOutputs(s);
  const missing = Object.entries(out)
    .filter(([name, o]) => !shows(name, o, s) && name !== "verify")
    .map(([name]) => name);
  expect(missing).toEqual([]);
  expect(out.verify.text).toContain('data-status="valid"');
  expect(out.oaiGetRecord.text).not.toContain("idDoesNotExist");
  return out;
}

const contentVersion = async (journalId: number) =>
  (await db.select({ v: journals.contentVersion }).from(journals).where(eq(journals.id, journalId)))[0].v;

async function runCron(at: Date, cron = "0 * * * *") {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime(), cron }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const dayAfter = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe("an issue before it is public", () => {
  it("is invisible in every public output until staff publish it; then all show it; Unpublish hides it again", async () => {
    const s = await setup();
    await expectHidden(s);
    // Staff still see and fill it.
    const list = await getJson(s.j.host, "/api/admin/archives/", { headers: bearer(s.token) });
    expect(list.body.find((i: { id: number }) => i.id === s.id)).toMatchObject({ status: "draft", publish_on: null, articles: 1 });
    const staffIssue = await getJson(s.j.host, "/api/admin/archives/2024/2/1", { headers: bearer(s.token) });
    expect(staffIssue.body.articles.map((a: { refnumber: string }) => a.refnumber)).toEqual([s.ref]);
    // Indexers' files are made of what readers can open: staff are told to publish first.
    for (const path of ["/api/admin/crossref/2024/2/1", "/api/admin/doaj/2024/2/1"]) {
      expect(await getJson(s.j.host, path, { headers: bearer(s.token) })).toMatchObject({
        status: 409,
        body: { error: "issue_unpublished" },
      });
    }

    const before = await contentVersion(s.j.id);
    const published = await s.post(`/api/admin/issues/${s.id}/publication`, { status: "published" });
    expect(published.status).toBe(200);
    // A publication date is given when it had none: the day it went out.
    expect(published.body.issue).toMatchObject({
      status: "published",
      publishOn: null,
      publishedAt: new Date().toISOString().slice(0, 10),
    });
    // The edge cache's keys move with the journal's content version, as after every issue edit.
    expect(await contentVersion(s.j.id)).toBeGreaterThan(before);
    await expectShown(s);

    const back = await s.post(`/api/admin/issues/${s.id}/publication`, { status: "draft" });
    expect(back.status).toBe(200);
    expect(back.body.issue.status).toBe("draft");
    const out = await publicOutputs(s);
    const leaks = Object.entries(out)
      .filter(([name, o]) => shows(name, o, s) && !name.startsWith("oai"))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
    // Harvesters that had it are told it is gone (a deleted record), and get no metadata of it.
    expect(out.oaiListIdentifiers.text).toMatch(new RegExp(`<header status="deleted"><identifier>oai:[^<]+:${s.ref}</identifier>`));
    expect(out.oaiListRecords.text).not.toContain(WORD);
  });

  it("is published by the Cron Trigger on its scheduled day, not before", async () => {
    const s = await setup();
    const later = await s.post(`/api/admin/issues/${s.id}/publication`, { status: "scheduled", publishOn: dayAfter(3) });
    expect(later.status).toBe(200);
    expect(later.body.issue).toMatchObject({ status: "scheduled", publishOn: dayAfter(3) });
    // A day that is not after today is refused: publish now instead.
    const today = await s.post(`/api/admin/issues/${s.id}/publication`, { status: "scheduled", publishOn: dayAfter(0) });
    expect(today).toMatchObject({ status: 400, body: { error: "publish_on_not_future" } });
    const invalid = await s.post(`/api/admin/issues/${s.id}/publication`, { status: "scheduled", publishOn: "2030-02-30" });
    expect(invalid.status).toBe(400);

    await runCron(new Date(Date.now() + 2 * DAY));
    await expectHidden(s);
    const before = await contentVersion(s.j.id);
    await runCron(new Date(Date.now() + 3 * DAY));
    expect(await contentVersion(s.j.id)).toBeGreaterThan(before);
    const staff = await getJson(s.j.host, "/api/admin/issues/2024/2/1", { headers: bearer(s.token) });
    expect(staff.body.issue).toMatchObject({ status: "published", publishOn: null, publishedAt: dayAfter(3) });
    await expectShown(s);
  });

  it("is published only by staff of the journal who may edit issues", async () => {
    const s = await setup();
    const path = `/api/admin/issues/${s.id}/publication`;
    const send = (headers: Record<string, string>) =>
      getJson(s.j.host, path, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: '{"status":"published"}',
      });
    expect((await send({})).status).toBe(401);
    // A session still on its one-time password may change nothing but its password.
    const fresh = await createAdmin(s.j.id, { role: "production", oneTimeExpiresAt: new Date(Date.now() + DAY).toISOString() });
    expect(await send(bearer(await tokenFor(fresh)))).toMatchObject({ status: 403, body: { error: "password_change_required" } });
    // Another journal's staff: that journal has no such issue.
    const other = await createJournal();
    const stranger = await tokenFor(await createAdmin(other.id, { role: "manager" }));
    expect(
      (
        await getJson(other.host, path, {
          method: "POST",
          headers: { ...bearer(stranger), "content-type": "application/json" },
          body: '{"status":"published"}',
        })
      ).status,
    ).toBe(404);
    // A body that is none of the three states.
    expect((await s.post(path, { status: "public" })).status).toBe(400);
    await expectHidden(s);
  });

  it("leaves issues written without a state (existing rows, fixtures, imports) public", async () => {
    const j: TestJournal = await createJournal();
    const issue = await createIssue(j.id, 2023, 4, 2);
    expect(issue.status).toBe("published");
    const a = await createArticle(j.id, { year: 2023, volume: 4, issue: 2 });
    expect((await request(j.host, "/archives/2023/vol4/issue2")).status).toBe(200);
    expect((await request(j.host, `/api/archives/ref/${a.refnumber}`)).status).toBe(200);
    expect(await (await request(j.host, "/archives")).text()).toContain("/archives/2023/vol4/issue2");
  });
});
