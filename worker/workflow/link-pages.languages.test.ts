// The reviewer's and the author's link pages in the journal's languages (issue 50 item 1): the visitor's language
// among the journal's (the switcher's choice, else the browser's, else the primary one), right to left in Arabic;
// a journal in English only keeps its pages in English whatever the browser asks.
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import { translatorFor } from "#contract/i18n/all-catalogs";
import { inDays, linkIn, linkRequest, openSession, outboxOf, staffOf, submitManuscript } from "./workflow.fixtures";

async function invited(languages: string) {
  const j = await createJournal({ interface_language: "en", interface_languages: languages });
  const staff = await staffOf(j);
  const m = await submitManuscript(j, "Lichens on basalt");
  await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) });
  const out = await outboxOf(staff);
  const review = linkIn(out.find((x) => x.kind === "review.invitation")!.text, "review");
  const track = linkIn(out.find((x) => x.kind === "acknowledgement")!.text, "track");
  return {
    j,
    m,
    reviewCookie: (await openSession(j.host, "review", review.token)).cookie,
    trackCookie: (await openSession(j.host, "track", track.token)).cookie,
  };
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";

describe("the link pages in the journal's languages", () => {
  it("speak Arabic, right to left, to a reviewer whose browser prefers it, and Indonesian to an author who chose it", async () => {
    const { j, m, reviewCookie, trackCookie } = await invited("en,ar,id");
    const ar = translatorFor("ar").t;
    const review = await linkRequest(j.host, "/review", reviewCookie, { headers: { "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" } });
    expect(review.status).toBe(200);
    expect(review.headers.get("vary")).toMatch(/Accept-Language/);
    const reviewHtml = await review.text();
    expect(htmlTag(reviewHtml)).toBe('<html lang="ar" dir="rtl">');
    for (const id of ["link.review.willYou", "link.review.accept", "link.review.blind"] as const) expect(reviewHtml).toContain(ar(id));
    expect(reviewHtml).toContain(ar("link.review.heading", { reference: m.reference }));
    expect(reviewHtml).not.toContain("Will you review this manuscript?");
    // The manuscript's Latin title keeps its own direction inside the Arabic page.
    expect(reviewHtml).toContain('<dd dir="auto">Lichens on basalt</dd>');

    // The switcher's choice (its cookie) outranks the browser.
    const track = await linkRequest(j.host, "/track", `${trackCookie}; lang=id`, { headers: { "accept-language": "ar" } });
    const trackHtml = await track.text();
    expect(htmlTag(trackHtml)).toBe('<html lang="id" dir="ltr">');
    const id = translatorFor("id").t;
    for (const key of ["link.track.letters", "link.stage.underReview", "link.track.withdrawButton"] as const)
      expect(trackHtml).toContain(id(key));
    expect(trackHtml).not.toContain("Letters from the editors");
    // Dates in the page's language (issue 50 item 1): the day the manuscript came, in Indonesian and in Arabic.
    const submitted = new Intl.DateTimeFormat("id", { dateStyle: "long", timeZone: "UTC" }).format(new Date(m.createdAt));
    expect(submitted).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(trackHtml).toContain(`<dd>${submitted}</dd>`);
    expect(trackHtml).not.toContain(m.createdAt.slice(0, 10));
    const arabicTrack = await (await linkRequest(j.host, "/track", trackCookie, { headers: { "accept-language": "ar" } })).text();
    expect(arabicTrack).toMatch(/<dd>\d{1,2} (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) \d{4}<\/dd>/);
  });

  it("say what went wrong in the page's language, and the link exchange's sentences too", async () => {
    const { j, reviewCookie } = await invited("en,ar");
    const ar = translatorFor("ar").t;
    // Without the link's cookie: the exchange page, its sentences for the script in Arabic.
    const opening = await linkRequest(j.host, "/review", "", { headers: { "accept-language": "ar" } });
    const openingHtml = await opening.text();
    expect(openingHtml).toContain(`data-expired="${ar("link.expired")}"`);
    expect(openingHtml).toContain(ar("link.opening"));
    // A review sent without a recommendation comes back with the Arabic reason.
    await linkRequest(j.host, "/review/respond", reviewCookie, { method: "POST", body: new URLSearchParams({ answer: "accept" }) });
    const sent = await linkRequest(j.host, "/review/submit", reviewCookie, {
      method: "POST",
      headers: { "accept-language": "ar" },
      body: (() => {
        const f = new FormData();
        f.set("commentsAuthor", "Solid work.");
        return f;
      })(),
    });
    expect(sent.status).toBe(400);
    const sentHtml = await sent.text();
    expect(sentHtml).toContain(ar("link.review.error.recommendation"));
    // What was typed comes back.
    expect(sentHtml).toContain("Solid work.");
  });

  it("stay in English on a journal that offers English only", async () => {
    const { j, reviewCookie } = await invited("en");
    const review = await linkRequest(j.host, "/review", reviewCookie, { headers: { "accept-language": "ar" } });
    const html = await review.text();
    expect(htmlTag(html)).toBe('<html lang="en" dir="ltr">');
    expect(html).toContain("Will you review this manuscript?");
  });
});
