// Writes the demo journals into local D1 and R2: settings, host names, editors with pictures, indexing
// partners with logos, issues, articles with real PDFs, and a local-only demo admin per journal.
// Everything is derived from a seeded PRNG, so every machine gets the same demo site.
import { translationSearchText } from "#contract/article-translations";
import { BILINGUAL_TOPICS } from "./bilingual-topics";
import { copyJournalRowBetween } from "../../worker/core/data/journal-row-copy";
import { readFileSync, readdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../worker/core/data/schema";
import { fileKeys } from "../../worker/core/files/keys";
import { titleKeyOf } from "../../worker/archive/title-key";
import { hashPassword } from "../../worker/auth/password";
import { richTextToPlain, sanitizeRichText } from "#contract/rich-text";
import { DESIGNATIONS } from "#contract/constants";
import type { LocalBindings } from "../local-state";
import { createRandom, type Random } from "./random";
import { asciiSlug, namedPerson, personFrom, poolOf, type Person } from "./people";
import { DEMO_JOURNALS, issnOf, type JournalSpec } from "./journals";
import { abstractOf, bodyOf } from "./article-text";
import { buildArticlePdf } from "./article-pdf";
import { adminHistory, usageHistory } from "./usage-history";
import { localSecret, seedWorkflowDemo } from "./seed-workflow";
import { seedPaymentsDemo } from "./seed-payments";
import { seedFulltextDemo } from "./seed-fulltext";
import { ORCID_BLOCKS, orcidOf } from "#contract/orcid-ranges";

export const DEMO_ADMIN = { username: "admin", password: "demo-admin", name: "Demo Administrator" } as const;
/**
 * Local-only demo staff with the two other roles (issue 37 item 1, docs/decisions/0200), so each role can be tried:
 * the demo admin above is the journal manager.
 */
export const DEMO_STAFF = [
  { username: "editor", password: "demo-editor", name: "Demo Editor", role: "editor" },
  { username: "production", password: "demo-production", name: "Demo Production", role: "production" },
] as const;
/** The demo sections (issue 37 item 5), in the order issue pages group by. */
export const DEMO_SECTIONS = ["Research Articles", "Review Articles", "Short Communications"] as const;
/** The first journal's newest issue is a special issue with a title, a description and a date. */
export const DEMO_SPECIAL_ISSUE = {
  title: "Special Issue on Climate-Resilient Agriculture",
  description: "<p>Guest editors: <i>Dr. Meera Iyer</i> and <i>Prof. Tomás Álvarez</i>.</p>",
  // Its cover (scripts/demo/images/covers/, drawn by render-images.ts) and the text people who cannot see it hear.
  cover: "special-issue.jpg",
  coverAlt: "Cover of the special issue: rows of wheat under a rising sun, titled Climate-Resilient Agriculture",
} as const;

const imagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "images");
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DEGREES = ["Ph.D.", "M.Sc., Ph.D.", "M.D., Ph.D.", "M.Pharm., Ph.D.", "D.Sc.", "M.Phil., Ph.D.", "M.Tech., Ph.D.", "M.Sc."];
const POSTS: Record<string, string[]> = {
  "chief editor": ["Professor"],
  "associate editor": ["Professor", "Head", "Associate Professor", "Scientist"],
  "assistant editor": ["Assistant Professor", "Lecturer", "Assistant Professor", "Scientist", "Lecturer", "Associate Professor"],
};

type Insert<T extends keyof typeof schema> = (typeof schema)[T] extends { $inferInsert: infer I } ? I : never;

export interface SeedSummary {
  slug: string;
  hosts: string[];
  editors: number;
  indexing: number;
  issues: number;
  publicArticles: number;
  hiddenArticles: number;
  files: number;
}

const iso = (d: Date) => d.toISOString();
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const longDate = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

function contentTypeOf(file: string): string {
  return file.endsWith(".png") ? "image/png" : file.endsWith(".jpg") || file.endsWith(".jpeg") ? "image/jpeg" : "application/pdf";
}

/** The date an issue came out: spread over the year, never in the future for the current year. */
function issueDate(rnd: Random, year: number, issue: number, count: number, today: Date): Date {
  const lastMonth = year === today.getUTCFullYear() ? today.getUTCMonth() + 1 : 12;
  const month = Math.max(1, Math.round((lastMonth * issue) / count));
  let day = rnd.int(5, 26);
  const date = new Date(Date.UTC(year, month - 1, day, 10, 0, 0));
  if (date > today) day = Math.max(1, today.getUTCDate() - 1);
  const out = new Date(Date.UTC(year, month - 1, day, 10, 0, 0));
  // On the 1st of a month "yesterday" above is still today at 10:00, which may not have come yet.
  return out > today ? addDays(today, -1) : out;
}

/**
 * When a demo article was last modified: after its publication (an `updated` before `published` is wrong to any
 * feed reader or harvester), and never later than the seeding itself (issue 27 item 7).
 */
function lastModified(edited: Date, published: Date, today: Date): Date {
  return new Date(Math.min(Math.max(edited.getTime(), published.getTime()), today.getTime()));
}

interface PlannedFile {
  key: string;
  contentType: string;
  body: () => Promise<Uint8Array> | Uint8Array;
}

interface JournalPlan {
  journal: Omit<Insert<"journals">, "id">;
  editors: Omit<Insert<"editors">, "journalId">[];
  indexing: Omit<Insert<"indexing">, "journalId">[];
  issues: Omit<Insert<"issues">, "journalId">[];
  articles: Omit<Insert<"articles">, "journalId">[];
  /** Files keyed by journal id once known. */
  files: (journalId: number) => PlannedFile[];
}

function planJournal(spec: JournalSpec, today: Date): JournalPlan {
  const rnd = createRandom(spec.seed);
  const s = spec.settings;
  // Never in the future, even for a journal founded this year and seeded in early January.
  const created = new Date(Math.min(Date.UTC(spec.firstVolumeYear, 0, 10, 9, 0, 0), today.getTime() - 60 * 86_400_000));
  const issn = spec.settings.issnBodies.map(issnOf).join(", ");
  const journal = {
    slug: spec.slug,
    isDefault: spec.isDefault,
    websitename: s.websitename,
    websiteemail: s.websiteemail,
    whatsup_number: s.whatsup_number,
    domain: s.domain,
    issn,
    home_content: sanitizeRichText(s.home_content),
    address: sanitizeRichText(s.address),
    formatted_journal_name: s.formatted_journal_name,
    fee_rupee: s.fee_rupee,
    fee_dollar: s.fee_dollar,
    impactfactor: s.impactfactor,
    publisher: spec.publisher,
    doi_prefix: spec.doiPrefix,
    license: spec.license,
    issn_print: issnOf(s.issnBodies[0]),
    issn_online: issnOf(s.issnBodies[1]),
    language: "en",
    interface_language: spec.interfaceLanguages[0],
    interface_languages: spec.interfaceLanguages.join(","),
    // The journal-level facts DOAJ asks for (issue 40 item 3), shown on /instructions.
    apc_policy: `Authors of accepted articles pay a publication fee of ${s.fee_rupee} (India) or ${s.fee_dollar} (other countries); there is no submission fee.`,
    waiver_policy: "The fee is waived in full for authors from low-income countries and on request for authors without funding.",
    review_process: "Double-blind peer review by at least two independent reviewers; the editor decides on the basis of their reports.",
    plagiarism_policy: "Every submission is checked for text overlap before review; manuscripts with undeclared overlap are declined.",
    createdAt: iso(created),
    updatedAt: iso(created),
  };

  // Editorial board.
  const portraits = readdirSync(path.join(imagesDir, "portraits"))
    .filter((f) => /\.(png|jpe?g)$/.test(f))
    .sort();
  const portraitsOf = { f: portraits.filter((f) => f.includes("-f-")), m: portraits.filter((f) => f.includes("-m-")) };
  const portraitIndex = { f: spec.seed % 8, m: (spec.seed >> 3) % 8 };
  const taken = new Set<string>();
  const editors: JournalPlan["editors"] = [];
  const editorFiles: { file: string; source: string }[] = [];
  for (const plan of spec.editors) {
    const noPicture = new Set(
      rnd.sample(
        [...Array(plan.count).keys()].filter((i) => i > 0 || plan.count === 1),
        plan.withoutPicture,
      ),
    );
    for (let i = 0; i < plan.count; i++) {
      const person = personFrom(rnd, poolOf(rnd.pick(spec.editorCountries)), taken);
      const post = POSTS[plan.category][i % POSTS[plan.category].length];
      if (!DESIGNATIONS.includes(post as (typeof DESIGNATIONS)[number])) throw new Error(`unknown designation ${post}`);
      let picture = "";
      if (!noPicture.has(i)) {
        const pool = portraitsOf[person.gender];
        const source = pool[portraitIndex[person.gender]++ % pool.length];
        picture = `${asciiSlug(person.name)}${path.extname(source)}`;
        editorFiles.push({ file: picture, source });
      }
      const joined = addDays(created, rnd.int(0, Math.floor((today.getTime() - created.getTime()) / 86_400_000) - 30));
      editors.push({
        name: person.name,
        degree: rnd.pick(DEGREES),
        post: sanitizeRichText(post),
        content: sanitizeRichText(`Department of ${rnd.pick(spec.departments)}, ${person.institution}`),
        picture,
        category: plan.category,
        status: i >= plan.count - plan.disabled ? "disabled" : "enabled",
        email: person.email,
        phone: person.mobile,
        country: person.country,
        creation: iso(joined),
        updated_at: iso(new Date(Math.min(addDays(joined, rnd.int(0, 20)).getTime(), today.getTime()))),
      });
    }
  }

  // Indexing partners, inserted out of order so the API's sortnumber ordering is visible.
  const indexing = rnd.shuffle(spec.indexing).map((entry) => ({
    title: entry.title,
    link: entry.link,
    image: entry.logo,
    sortnumber: entry.sortnumber,
    status: entry.status ?? "enabled",
  }));

  // Issues and their articles.
  const firstYear = today.getUTCFullYear() - spec.issuesPerYear.length + 1;
  const issues: JournalPlan["issues"] = [];
  const slots: { year: number; volume: number; issue: number; date: Date; count: number }[] = [];
  spec.issuesPerYear.forEach((count, yi) => {
    const year = firstYear + yi;
    const volume = year - spec.firstVolumeYear + 1;
    for (let issue = 1; issue <= count; issue++) {
      const date = issueDate(rnd, year, issue, count, today);
      issues.push({ year, volume, issue, creation: iso(addDays(date, -rnd.int(25, 40))) });
      slots.push({ year, volume, issue, date, count: rnd.int(spec.articlesPerIssue[0], spec.articlesPerIssue[1]) });
    }
  });
  const needed = spec.minPublicArticles + spec.disabledArticles + spec.articlesWithoutRef;
  while (slots.reduce((n, sl) => n + sl.count, 0) < needed) rnd.pick(slots).count++;

  // Which planned articles stay out of public view (never the first of an issue, never in the newest issue).
  const flat = slots.flatMap((slot, si) => Array.from({ length: slot.count }, (_, ai) => ({ si, ai })));
  const hiddenCandidates = flat.filter((x) => x.ai > 0 && x.si < slots.length - 1);
  const hidden = rnd.sample(hiddenCandidates, spec.disabledArticles + spec.articlesWithoutRef);
  const hiddenKind = new Map(hidden.map((x, i) => [`${x.si}:${x.ai}`, i < spec.disabledArticles ? "disabled" : "noref"] as const));

  const articles: JournalPlan["articles"] = [];
  const pdfJobs: { key: (journalId: number) => string; build: () => Promise<Uint8Array> }[] = [];
  const titles = new Set<string>();
  const txnids = new Set<string>();
  const authorTaken = new Set<string>();
  const refSeq = new Map<number, number>();
  // ORCID iDs come from their own generator, so adding them left every other demo value as it was.
  const orcidRnd = createRandom(spec.seed ^ 0x0bc1d);
  slots.forEach((slot, si) => {
    let page = 1;
    const issueArticles: JournalPlan["articles"] = [];
    for (let ai = 0; ai < slot.count; ai++) {
      const kind = hiddenKind.get(`${si}:${ai}`);
      // The newest issue opens with the featured authors (non-ASCII names that tests and PDFs rely on).
      const featured = si === slots.length - 1 && ai === 0 && spec.featuredAuthors?.length ? spec.featuredAuthors : null;
      const firstPool = poolOf(featured ? featured[0].country : rnd.pick(spec.authorCountries));
      const authors: Person[] = featured
        ? featured.map((a) => namedPerson(rnd, poolOf(a.country), a.name, a.gender, authorTaken))
        : [personFrom(rnd, firstPool, authorTaken)];
      if (!featured) {
        const coAuthors = rnd.pick([0, 1, 1, 2, 2, 3, 3, 4]);
        for (let c = 0; c < coAuthors; c++)
          authors.push(personFrom(rnd, rnd.chance(0.7) ? firstPool : poolOf(rnd.pick(spec.authorCountries)), authorTaken));
      }
      const lead = authors[0];
      const place = { country: lead.country, city: rnd.pick(firstPool.cities) };
      let topic = rnd.pick(spec.topics)(rnd, place);
      for (let tries = 0; titles.has(richTextToPlain(topic.title)) && tries < 50; tries++) topic = rnd.pick(spec.topics)(rnd, place);
      // The demo journal's newest issue: its second and third articles carry an Arabic or Indonesian version
      // (issue 50 item 4). Taken after the draws above, so every other demo value stays as it was.
      const bilingual = spec.languageVersions && si === slots.length - 1 ? BILINGUAL_TOPICS[ai - 1] : undefined;
      if (bilingual) topic = bilingual.topic;
      const title = sanitizeRichText(topic.title);
      titles.add(richTextToPlain(title));
      const abstract = sanitizeRichText(abstractOf(topic));
      const pageCount = rnd.int(3, 5);
      const firstPage = page;
      page += pageCount;
      const published = addDays(slot.date, -rnd.int(0, 6));
      const accepted = addDays(published, -rnd.int(10, 28));
      const received = addDays(accepted, -rnd.int(30, 75));
      let refnumber: string | null = null;
      if (kind !== "noref") {
        const seq = (refSeq.get(slot.year) ?? rnd.int(80, 140)) + rnd.int(1, 9);
        refSeq.set(slot.year, seq);
        refnumber = `${spec.refPrefix}-${slot.year}-${String(seq).padStart(4, "0")}`;
      }
      let txnid: string;
      do {
        txnid = `pay_${Array.from({ length: 14 }, () => rnd.pick([..."ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"])).join("")}`;
      } while (txnids.has(txnid));
      txnids.add(txnid);
      const file = refnumber ? `${refnumber}.pdf` : "";
      const type = rnd.pick([
        "Research Article",
        "Research Article",
        "Research Article",
        "Research Article",
        "Short Communication",
        "Review Article",
      ]);
      const affiliations = [...new Set(authors.map((a) => a.institution))];
      const creation = addDays(published, -rnd.int(1, 5));
      issueArticles.push({
        refnumber,
        title,
        titleText: richTextToPlain(title),
        titleKey: titleKeyOf(richTextToPlain(title)),
        authorname: authors.map((a) => a.name).join(", "),
        abstract,
        abstractText: richTextToPlain(abstract),
        year: slot.year,
        volume: slot.volume,
        issue: slot.issue,
        pagenumber: `${firstPage}-${firstPage + pageCount - 1}`,
        country: lead.country,
        file,
        status: kind === "disabled" ? "disabled" : "enabled",
        txnid,
        ptype: rnd.chance(0.15) ? "free" : "paid",
        publishdate: ymd(published),
        subject: topic.subject,
        email: lead.email,
        mobile: lead.mobile,
        description: type,
        keywords: topic.keywords.join(", "),
        createdby: DEMO_ADMIN.username,
        creation: iso(creation),
        modifiedby: DEMO_ADMIN.username,
        // The same draws as before (every later demo value stays as it was), then kept between publication and now.
        modification: iso(lastModified(rnd.chance(0.3) ? addDays(creation, rnd.int(1, 12)) : creation, published, today)),
        doi: refnumber ? `${spec.doiPrefix}/${refnumber}` : "",
        language: "",
        ...(bilingual ? { translations: JSON.stringify(bilingual.translations), ...translationSearchText(bilingual.translations) } : {}),
        authorDetails: JSON.stringify(
          authors.map((a) => ({ affiliation: a.institution, orcid: orcidRnd.chance(0.6) ? demoOrcid(orcidRnd) : "" })),
        ),
      });
      if (refnumber) {
        const body = bodyOf(rnd, topic, slot.year, spec.authorCountries.map(poolOf));
        issueArticles[issueArticles.length - 1].referenceList = body.references.join("\n");
        const input = {
          journal: { name: s.websitename, shortName: s.formatted_journal_name, issn, domain: s.domain, publisher: spec.publisher },
          article: {
            type,
            refnumber,
            title,
            authors: authors.map((a) => ({ name: a.name, affiliation: affiliations.indexOf(a.institution) + 1 })),
            affiliations,
            email: lead.email,
            year: slot.year,
            volume: slot.volume,
            issue: slot.issue,
            firstPage,
            pageCount,
            received: longDate(received),
            accepted: longDate(accepted),
            published: longDate(published),
            publishedOn: ymd(published),
            abstract,
            keywords: topic.keywords,
          },
          ...body,
        };
        const { year, volume, issue } = slot;
        pdfJobs.push({ key: (journalId) => fileKeys.article(journalId, year, volume, issue, file), build: () => buildArticlePdf(input) });
      }
    }
    // Inserted out of page order, so the API's numeric page sort is what puts them in order.
    articles.push(...rnd.shuffle(issueArticles));
  });

  const files = (journalId: number): PlannedFile[] => [
    ...editorFiles.map(({ file, source }) => ({
      key: fileKeys.editorPicture(journalId, file),
      contentType: contentTypeOf(file),
      body: () => readFileSync(path.join(imagesDir, "portraits", source)),
    })),
    ...spec.indexing.map((entry) => ({
      key: fileKeys.indexingLogo(journalId, entry.logo),
      contentType: contentTypeOf(entry.logo),
      body: () => readFileSync(path.join(imagesDir, "logos", entry.logo)),
    })),
    ...pdfJobs.map((job) => ({ key: job.key(journalId), contentType: "application/pdf", body: job.build })),
  ];
  return { journal, editors, indexing, issues, articles, files };
}

/**
 * A demo ORCID iD with a valid ISO 7064 11,2 check digit inside a block ORCID really issues from (contract/orcid-ranges.ts):
 * the first block for most, the 0009 block for about a third (as newer researchers have).
 */
function demoOrcid(rnd: Random): string {
  const [first, last] = ORCID_BLOCKS[rnd.chance(0.35) ? 1 : 0];
  return orcidOf(first + rnd.int(0, last - first));
}

/** Runs statements in db.batch() chunks (each statement stays well under D1's 100 bound parameters). */
async function batched(db: ReturnType<typeof drizzle<typeof schema>>, statements: any[], size = 40) {
  for (let i = 0; i < statements.length; i += size) {
    const chunk = statements.slice(i, i + size);
    if (chunk.length) await db.batch(chunk as [any, ...any[]]);
  }
}

export async function hasJournals(env: LocalBindings): Promise<boolean> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM journals").first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

/**
 * The journal's sections, each public article of its newest issue in one of them (by page order: research, research,
 * review, short communication, ...), and on the first journal that issue made a special issue.
 */
async function seedSectionsAndSpecialIssue(
  db: ReturnType<typeof drizzle<typeof schema>>,
  journalId: number,
  plan: JournalPlan,
  special: boolean,
) {
  const sections = await db
    .insert(schema.sections)
    .values(DEMO_SECTIONS.map((title, i) => ({ journalId, title, seq: (i + 1) * 10 })))
    .returning();
  const newest = [...plan.issues].sort((a, b) => b.year - a.year || b.volume - a.volume || b.issue - a.issue)[0];
  if (!newest) return;
  const pattern = [0, 0, 1, 2];
  const rows = await db
    .select({ id: schema.articles.id })
    .from(schema.articles)
    .where(
      and(
        eq(schema.articles.journalId, journalId),
        eq(schema.articles.year, newest.year),
        eq(schema.articles.volume, newest.volume),
        eq(schema.articles.issue, newest.issue),
      ),
    )
    .orderBy(sql`CAST(${schema.articles.pagenumber} AS INTEGER)`);
  await batched(db, [
    ...rows.map((r, i) =>
      db
        .update(schema.articles)
        .set({ sectionId: sections[pattern[i % pattern.length]].id })
        .where(eq(schema.articles.id, r.id)),
    ),
    ...(special
      ? [
          db
            .update(schema.issues)
            .set({ ...DEMO_SPECIAL_ISSUE, publishedAt: newest.creation.slice(0, 10) })
            .where(
              and(
                eq(schema.issues.journalId, journalId),
                eq(schema.issues.year, newest.year),
                eq(schema.issues.volume, newest.volume),
                eq(schema.issues.issue, newest.issue),
              ),
            ),
        ]
      : []),
  ]);
}

/** The demo journal's issue in preparation (issue 48 item 8): staff see it, readers do not. */
export const DEMO_ISSUE_IN_PREPARATION = {
  title: "Sediment cores from a restored mangrove: a first look",
  refSuffix: "9001",
} as const;

/**
 * The issue after the newest, unpublished (docs/decisions/0383), with one article staff are still checking: the
 * admin shows its "Unpublished" badge and Publish action on first start; the public site shows nothing of it. Made
 * after the plan, from no random draw, so every other demo value stays as it was.
 */
async function seedIssueInPreparation(db: ReturnType<typeof drizzle<typeof schema>>, journalId: number, plan: JournalPlan, today: Date) {
  const newest = [...plan.issues].sort((a, b) => b.year - a.year || b.volume - a.volume || b.issue - a.issue)[0];
  const base = plan.articles.find((a) => a.refnumber && a.year === newest?.year && a.volume === newest.volume && a.issue === newest.issue);
  if (!newest || !base?.refnumber) return;
  const at = { year: newest.year, volume: newest.volume, issue: newest.issue + 1 };
  const now = iso(today);
  const title = DEMO_ISSUE_IN_PREPARATION.title;
  await batched(db, [
    db.insert(schema.issues).values({ journalId, ...at, creation: now, status: "draft" }),
    db.insert(schema.articles).values({
      ...base,
      ...at,
      journalId,
      refnumber: `${base.refnumber.split("-")[0]}-${at.year}-${DEMO_ISSUE_IN_PREPARATION.refSuffix}`,
      title,
      titleText: title,
      titleKey: titleKeyOf(title),
      translations: "[]",
      transTitleText: "",
      transAbstractText: "",
      transKeywords: "",
      pagenumber: "1-6",
      file: "",
      doi: "",
      doiRegisteredAt: "",
      txnid: `pay_inpreparation${at.year}${at.volume}`,
      sectionId: null,
      creation: now,
      modification: now,
    }),
  ]);
}

/** Deletes every journal's rows and files from the local state (used by `npm run seed -- --reset`). */
export async function wipeLocalData(env: LocalBindings): Promise<void> {
  // Every database: the journal databases hold the journals' rows (and copies of their journals rows), the platform
  // database the journals and their hosts (docs/decisions/0240).
  for (const database of demoDatabases(env)) await wipeDatabase(database);
  for (;;) {
    const listed = await env.FILES.list({ prefix: "journals/", limit: 1000 });
    if (listed.objects.length === 0) break;
    await env.FILES.delete(listed.objects.map((o) => o.key));
  }
}

/** The local databases: the platform's, then the journal databases wrangler.toml binds. */
function demoDatabases(env: LocalBindings): LocalBindings["DB"][] {
  const bindings = env as unknown as Record<string, LocalBindings["DB"] | undefined>;
  return [env.DB, ...[...DEMO_SHARDS, MOVE_TARGET].map((name) => bindings[name]).filter((d): d is LocalBindings["DB"] => d !== undefined)];
}

/** Where the demo journals go: one journal database each, so the two demo journals are on different ones. */
const DEMO_SHARDS = ["JOURNALS_1", "JOURNALS_2"] as const;
/** Left empty and closed to new journals: where an operator can try moving a journal (docs/decisions/0280). */
const MOVE_TARGET = "JOURNALS_3";

async function wipeDatabase(database: LocalBindings["DB"]): Promise<void> {
  await database.batch(
    [
      "usage_daily",
      "admin_events",
      "articles",
      "sections",
      "issues",
      "editors",
      "indexing",
      "admin_users",
      "login_attempts",
      "submissions",
      // The workflow's tables (migrations/0070).
      "manuscripts",
      "manuscript_files",
      "manuscript_events",
      "reviewers",
      "review_assignments",
      "access_links",
      "mail_outbox",
      "mail_inbound",
      "letter_templates",
      "workflow_settings",
      "journal_domains",
      "journals",
    ].map((t) => database.prepare(`DELETE FROM ${t}`)),
  );
}

/**
 * Every host a demo journal answers on: its configured Domain first (the primary host, so the Domain setting is
 * always one of the journal's own hosts), then the local names it is browsed on.
 */
export function hostsOf(spec: JournalSpec): string[] {
  return [...new Set([spec.settings.domain, ...spec.domains])];
}

/** Seeds both demo journals. Expects an empty, migrated local database. */
/**
 * A year of usage figures for the public articles and a few weeks of admin history (scripts/demo/usage-history.ts),
 * so the dashboard's charts and "Recent changes" are not empty on a first start.
 */
async function seedHistory(db: ReturnType<typeof drizzle<typeof schema>>, journalId: number, seed: number, today: Date) {
  const rows = await db
    .select({
      id: schema.articles.id,
      status: schema.articles.status,
      refnumber: schema.articles.refnumber,
      publishdate: schema.articles.publishdate,
      creation: schema.articles.creation,
      title: schema.articles.titleText,
    })
    .from(schema.articles)
    .where(eq(schema.articles.journalId, journalId))
    .orderBy(schema.articles.id);
  const published = rows.filter((a) => a.status === "enabled" && a.refnumber);
  const usage = usageHistory(
    createRandom(seed ^ 0x5eed),
    published.map((a) => ({ id: a.id, published: a.publishdate || a.creation })),
    today,
  );
  // 10 columns a row: 9 rows a statement stay under D1's 100 bound parameters.
  const statements = [];
  for (let i = 0; i < usage.length; i += 9)
    statements.push(db.insert(schema.usageDaily).values(usage.slice(i, i + 9).map((u) => ({ ...u, journalId }))));
  const editors = await db
    .select({ id: schema.editors.id, name: schema.editors.name })
    .from(schema.editors)
    .where(eq(schema.editors.journalId, journalId));
  const [issue] = await db
    .select({ id: schema.issues.id, year: schema.issues.year, volume: schema.issues.volume, issue: schema.issues.issue })
    .from(schema.issues)
    .where(eq(schema.issues.journalId, journalId))
    .orderBy(desc(schema.issues.year), desc(schema.issues.volume), desc(schema.issues.issue))
    .limit(1);
  const events = adminHistory(
    createRandom(seed ^ 0xad3),
    published.map((a) => ({ id: a.id, title: a.title })),
    editors,
    issue ? { id: issue.id, label: `Vol. ${issue.volume}, Issue ${issue.issue} (${issue.year})` } : null,
    today,
  );
  for (const e of events)
    statements.push(
      db.insert(schema.adminEvents).values({
        journalId,
        adminUsername: DEMO_ADMIN.username,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        summary: e.summary,
        createdAt: e.createdAt,
      }),
    );
  await batched(db, statements, 200);
}

/**
 * `journalDatabases: false` keeps every journal in the platform database, as a deployment without journal databases
 * (or one from before them).
 */
export async function seedDemo(
  env: LocalBindings,
  log: (msg: string) => void = () => {},
  opts: { journalDatabases?: boolean } = {},
): Promise<SeedSummary[]> {
  const platform = drizzle(env.DB as any, { schema });
  const bindings = env as unknown as Record<string, LocalBindings["DB"] | undefined>;
  const today = new Date();
  const adminHash = await hashPassword(DEMO_ADMIN.password);
  const staffHashes = await Promise.all(DEMO_STAFF.map((s) => hashPassword(s.password)));
  const summaries: SeedSummary[] = [];
  if (bindings[MOVE_TARGET])
    await env.DB.prepare("INSERT OR IGNORE INTO shard_states (name, accepts_new, note, updated_at) VALUES (?, 0, ?, ?)")
      .bind(MOVE_TARGET, "Kept empty by the demo: move a journal here (journal page → Database)", iso(today))
      .run();
  for (const [index, spec] of DEMO_JOURNALS.entries()) {
    const started = performance.now();
    const plan = planJournal(spec, today);
    // The journal and its hosts in the platform database; its rows in its own journal database (docs/decisions/0240).
    const wanted = DEMO_SHARDS[index % DEMO_SHARDS.length];
    const shard = opts.journalDatabases !== false && bindings[wanted] ? wanted : "DB";
    const [{ id: journalId }] = await platform
      .insert(schema.journals)
      .values({ ...plan.journal, shard })
      .returning({ id: schema.journals.id });
    const now = iso(today);
    const hosts = hostsOf(spec);
    await batched(
      platform,
      hosts.map((domain, i) => platform.insert(schema.journalDomains).values({ domain, journalId, isPrimary: i === 0 })),
    );
    const jdb = bindings[shard] as LocalBindings["DB"];
    await copyJournalRowBetween(env.DB, jdb, journalId);
    const db = drizzle(jdb as any, { schema });
    await batched(db, [
      ...plan.editors.map((e) => db.insert(schema.editors).values({ ...e, journalId })),
      ...plan.indexing.map((e) => db.insert(schema.indexing).values({ ...e, journalId })),
      ...plan.issues.map((e) => db.insert(schema.issues).values({ ...e, journalId })),
      ...plan.articles.map((a) => db.insert(schema.articles).values({ ...a, journalId })),
      db.insert(schema.adminUsers).values({
        journalId,
        username: DEMO_ADMIN.username,
        name: DEMO_ADMIN.name,
        passwordHash: adminHash,
        createdAt: now,
        updatedAt: now,
      }),
      // (The statements are built after the hashes: a drizzle query returned from an async function would run.)
      ...DEMO_STAFF.map((s, i) =>
        db.insert(schema.adminUsers).values({
          journalId,
          username: s.username,
          name: s.name,
          role: s.role,
          email: `${s.username}@${hosts[0]}`,
          passwordHash: staffHashes[i],
          createdAt: now,
          updatedAt: now,
        }),
      ),
    ]);
    await seedSectionsAndSpecialIssue(db, journalId, plan, spec === DEMO_JOURNALS[0]);
    if (spec === DEMO_JOURNALS[0])
      await env.FILES.put(
        fileKeys.issueCover(journalId, DEMO_SPECIAL_ISSUE.cover),
        readFileSync(path.join(imagesDir, "covers", DEMO_SPECIAL_ISSUE.cover)),
        { httpMetadata: { contentType: "image/jpeg" } },
      );

    // DEMO_HISTORY=0: no past figures (npm run stats:load compares every figure with the traffic it sent).
    if (process.env.DEMO_HISTORY !== "0") await seedHistory(db, journalId, spec.seed, today);
    const rowsDone = performance.now();
    // Files: build PDFs one by one (CPU) while a few uploads run at the same time (I/O).
    const files = plan.files(journalId);
    const inFlight = new Set<Promise<unknown>>();
    for (const f of files) {
      const body = await f.body();
      const upload = env.FILES.put(f.key, body, { httpMetadata: { contentType: f.contentType } }).finally(() => inFlight.delete(upload));
      inFlight.add(upload);
      if (inFlight.size >= 6) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);

    // Full texts converted from Word manuscripts (issue 51): three articles of the first journal.
    if (spec === DEMO_JOURNALS[0]) log(`  ${await seedFulltextDemo(db, env.FILES, journalId)} articles with full text from Word files`);

    // The editorial workflow of the first demo journal (issue 36): manuscripts at every stage, reviewers, mail.
    if (spec === DEMO_JOURNALS[0]) {
      const [article] = await db
        .select()
        .from(schema.articles)
        .where(and(eq(schema.articles.journalId, journalId), eq(schema.articles.status, "enabled"), isNotNull(schema.articles.refnumber)))
        .limit(1);
      const [section] = await db
        .select({ id: schema.sections.id })
        .from(schema.sections)
        .where(eq(schema.sections.journalId, journalId))
        .orderBy(asc(schema.sections.seq))
        .limit(1);
      const wf = await seedWorkflowDemo(db, env.FILES, {
        journalId,
        sectionId: section?.id ?? null,
        journal: spec.settings,
        host: hosts.includes("localhost") ? "localhost" : hosts[0],
        secret: localSecret(),
        today,
        rnd: createRandom(spec.seed + 36),
        publishedArticle: article?.refnumber ? { ...article, refnumber: article.refnumber } : null,
      });
      log(`  ${spec.slug}: workflow demo with ${wf.manuscripts} manuscripts and ${wf.messages} sent e-mails`);
      // Fees paid online (issue 49): invoices paid by each gateway, by bank transfer, waived, refunded, pending.
      const fees = await seedPaymentsDemo(db, {
        journalId,
        journal: spec.settings,
        host: hosts.includes("localhost") ? "localhost" : hosts[0],
        secret: localSecret(),
        today,
        rnd: createRandom(spec.seed + 49),
      });
      log(`  ${spec.slug}: ${fees.invoices} invoices (Razorpay, Stripe, bank transfer, waived, refunded, pending)`);
    }

    // Last, so the usage history, full texts and workflow above read the published issues as before.
    if (spec === DEMO_JOURNALS[0]) await seedIssueInPreparation(db, journalId, plan, today);

    const publicArticles = plan.articles.filter((a) => a.status === "enabled" && a.refnumber).length;
    summaries.push({
      slug: spec.slug,
      hosts,
      editors: plan.editors.length,
      indexing: plan.indexing.length,
      issues: plan.issues.length,
      publicArticles,
      hiddenArticles: plan.articles.length - publicArticles,
      files: files.length,
    });
    log(
      `  ${spec.slug} (${hosts.join(", ")}): ${plan.editors.length} editors, ${plan.indexing.length} indexing partners, ${plan.issues.length} issues, ${publicArticles} public + ${plan.articles.length - publicArticles} hidden articles, ${files.length} files (rows ${Math.round(rowsDone - started)} ms, files ${Math.round(performance.now() - rowsDone)} ms)`,
    );
  }
  return summaries;
}
