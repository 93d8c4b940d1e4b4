// Two admins on one article (issue 12): the form that loaded an older version is told so instead of silently
// overwriting the newer save; and the dashboard shows the audit trail as "Recent changes".
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fetchAs, launchBrowser, screenshot, urlFor, watchConsole, DESKTOP, HOSTS } from "./support/browser";
import { DEMO_ADMIN, expectNoUnexpectedErrors, login, makePdf, RUN, SHOTS_ADMIN } from "./admin.fixtures";
import type { AdminArticle, AdminIssueArticles, ArchiveYear } from "#contract/api";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiToken(): Promise<string> {
  const res = await fetchAs("/auth/login/", HOSTS.main, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

describe("optimistic concurrency in the article form", () => {
  test("a save over someone else's newer save says so and keeps their version", async () => {
    const token = await apiToken();
    const auth = { authorization: `Bearer ${token}` };
    const [year] = (await (await fetchAs("/api/archives/", HOSTS.main)).json()) as ArchiveYear[];
    const issue = (await (
      await fetchAs(`/api/admin/archives/${year.year}/${year.volume}/1`, HOSTS.main, { headers: auth })
    ).json()) as AdminIssueArticles;
    const listed = issue.articles.find((a) => a.status === "enabled")!;
    // The issue table lists rows without their long fields; the whole article is its own answer.
    const article = (await (await fetchAs(`/api/admin/articles/${listed.id}`, HOSTS.main, { headers: auth })).json()) as AdminArticle;

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(10_000);
    await login(page);
    await page.goto(urlFor(`/admin/archives/${article.id}`));
    await page.getByRole("heading", { name: "Edit article" }).waitFor();

    // Meanwhile another admin saves the same article (from the version both loaded).
    const other = JSON.stringify({ keywords: `saved by the other admin ${RUN}`, modification: article.modification });
    expect(
      (
        await fetchAs(`/api/archives/${article.id}`, HOSTS.main, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: other,
        })
      ).status,
    ).toBe(200);

    await page.getByLabel("Page number").fill("991-999");
    await page
      .getByLabel("Article PDF")
      .setInputFiles({ name: "late.pdf", mimeType: "application/pdf", buffer: await makePdf(`Late ${RUN}`) });
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("alert").filter({ hasText: "Someone else saved this since you opened it" }).waitFor();
    await screenshot(page, "durability-stale-edit-1280", SHOTS_ADMIN);

    const stored = (await (await fetchAs(`/api/admin/articles/${article.id}`, HOSTS.main, { headers: auth })).json()) as AdminArticle;
    expect(stored.keywords).toBe(`saved by the other admin ${RUN}`);
    expect(stored.pagenumber).toBe(article.pagenumber);
    expect(stored.file).toBe(article.file);
    // Put the demo article back as it was for the other test files (a save from the current version).
    const undo = JSON.stringify({ keywords: article.keywords, modification: stored.modification });
    expect(
      (
        await fetchAs(`/api/archives/${article.id}`, HOSTS.main, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: undo,
        })
      ).status,
    ).toBe(200);

    // The dashboard's history shows the other admin's save.
    await page.goto(urlFor("/admin"));
    const history = page.getByRole("region", { name: "Recent changes" });
    await history
      .getByText(/edited article/)
      .first()
      .waitFor();
    expect(await history.textContent()).toContain(article.refnumber);
    await screenshot(page, "durability-dashboard-history-1280", SHOTS_ADMIN);
    await context.close();
    // The refused save answered 409 on purpose; nothing else may log an error.
    expectNoUnexpectedErrors(errors, [409]);
  });
});
