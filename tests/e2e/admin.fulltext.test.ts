// The full-text screen as staff use it (issue 51 items 1, 2 and 4): from an article's edit page to "Full text";
// files that are no Word document refused with a readable reason; the author's Word file attached (its reference
// list taken), what was not carried over listed; the HTML corrected, leaving with unsaved changes asked about, the
// preview as readers see it, the draft saved; references matched through Crossref's stand-in, one match accepted and
// one rejected, one reference corrected; the full text published (the public page then has it) and withdrawn.
// The article's references are put back at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fetchAs, launchBrowser, screenshot, urlFor, watchConsole, DESKTOP, HOSTS, MOBILE } from "./support/browser";
import { DEMO_ADMIN, expectNoUnexpectedErrors, login, makePdf, RUN, SHOTS_ADMIN } from "./admin.fixtures";
import type { AdminArticle, AdminIssueArticles, ArchiveYear } from "#contract/api";
import type { FulltextAnswer, ReferencesAnswer } from "#contract/fulltext";
import { articlePath } from "#contract/citation";
import { everyElementManuscript } from "../../worker/fulltext/manuscript.testing";

const POLL = { timeout: 20_000 };

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

async function getJson<T>(path: string, auth: Record<string, string>): Promise<T> {
  const res = await fetchAs(path, HOSTS.main, { headers: auth });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A published demo article that has no full text yet (the demo gives three of them one). */
async function articleWithoutFulltext(auth: Record<string, string>): Promise<AdminArticle> {
  const years = (await (await fetchAs("/api/archives/", HOSTS.main)).json()) as ArchiveYear[];
  for (const y of years) {
    const issue = (await (
      await fetchAs(`/api/admin/archives/${y.year}/${y.volume}/1`, HOSTS.main, { headers: auth })
    ).json()) as AdminIssueArticles;
    for (const row of issue.articles ?? []) {
      if (row.status !== "enabled") continue;
      const ft = await getJson<FulltextAnswer>(`/api/admin/articles/${row.id}/fulltext`, auth);
      if (!ft.converted_at) return getJson<AdminArticle>(`/api/admin/articles/${row.id}`, auth);
    }
  }
  throw new Error("no demo article without a full text");
}

/** Answers the next browser dialog (confirm) and says what it asked. */
function nextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      const text = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(text));
    });
  });
}

describe("the full-text screen", () => {
  test("staff attach the Word file, correct and save the draft, check the references and publish", async () => {
    const token = await apiToken();
    const auth = { authorization: `Bearer ${token}` };
    const article = await articleWithoutFulltext(auth);
    const publicPage = articlePath(article);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    await login(page);
    await page.goto(urlFor(`/admin/archives/${article.id}`));
    await page.getByRole("heading", { name: "Edit article" }).waitFor();
    await page.getByRole("link", { name: "Full text" }).click();
    await page.getByRole("heading", { name: "Full text", level: 1 }).waitFor();
    await page.getByText("No full text yet: attach the author's Word file below.").waitFor();

    // Nothing chosen, then a PDF: said beside the field, nothing sent.
    const convert = page.getByRole("button", { name: "Convert to full text" });
    await convert.click();
    await page.getByText("Choose the Word file (.docx) first.").waitFor();
    const fileInput = page.getByLabel("Manuscript (.docx, at most 25 MB)");
    await fileInput.setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: await makePdf(`Not Word ${RUN}`) });
    await convert.click();
    await page.getByText("Only Word files (.docx) can be converted.", { exact: false }).waitFor();
    // A file named .docx that is no Word document: the server refuses it, the page says why.
    await fileInput.setInputFiles({
      name: "broken.docx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]),
    });
    await convert.click();
    const refusal = page.getByRole("alert").filter({ hasText: "The Word file was not converted" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("This file is not a readable Word document (.docx).");

    // The author's Word file, its reference list taken as the article's.
    await fileInput.setInputFiles({
      name: "manuscript.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(everyElementManuscript()),
    });
    await page.getByLabel("Make the Word file's reference list the article's references", { exact: false }).check();
    await convert.click();
    await page.getByText("Converted manuscript.docx into the draft.").waitFor(POLL);
    const dropped = page.getByRole("region", { name: "Not carried over" });
    expect(await dropped.textContent()).toContain("A side note in a text box");
    await page.getByRole("heading", { name: "References (3)" }).waitFor();
    await screenshot(page, "fulltext-converted-1280", SHOTS_ADMIN);

    // Correct the HTML: unsaved, leaving asks (and staying keeps the text), the preview shows it as readers will.
    const editor = page.getByLabel("Full text (HTML)");
    const draft = await editor.inputValue();
    expect(draft).toContain("<figure");
    expect(draft).toContain("<table");
    const added = `<p>Corrected by production ${RUN}.</p>`;
    await editor.fill(draft.replace("</section>", `${added}</section>`));
    await page.getByText("Unsaved changes").waitFor();
    const asked = nextDialog(page, false);
    await page.getByRole("link", { name: "Back to the article" }).click();
    expect(await asked).toContain("Your changes are not saved yet");
    expect(new URL(page.url()).pathname).toBe(`/admin/archives/${article.id}/fulltext`);
    expect(await editor.inputValue()).toContain(added);
    await page.getByRole("button", { name: "Preview as readers see it" }).click();
    const preview = page.getByRole("region", { name: "Preview of the full text" });
    expect(await preview.textContent()).toContain(`Corrected by production ${RUN}.`);
    expect(await preview.locator("figure img").count()).toBeGreaterThan(0);
    expect(await preview.locator("table").count()).toBeGreaterThan(0);
    await screenshot(page, "fulltext-preview-1280", SHOTS_ADMIN);
    await page.getByRole("button", { name: "Edit HTML" }).click();
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText(/^Draft saved/).waitFor();
    await page.getByText("All changes saved").waitFor();
    expect((await getJson<FulltextAnswer>(`/api/admin/articles/${article.id}/fulltext`, auth)).draft_html).toContain(added);

    // References: Crossref's stand-in matches the two without a DOI; one accepted, one rejected, one corrected.
    await page.getByRole("button", { name: "Find missing DOIs with Crossref" }).click();
    await page.getByText("Crossref matched 2 DOIs.").waitFor(POLL);
    const second = page.getByRole("listitem", { name: "Reference 2" });
    const third = page.getByRole("listitem", { name: "Reference 3" });
    expect(await second.textContent()).toContain("Crossref's match, not yet checked");
    await second.getByRole("button", { name: "Accept match" }).click();
    await page.getByText("The DOI of reference 2 is accepted.").waitFor();
    await third.getByRole("button", { name: "Reject match" }).click();
    await page.getByText("Crossref's match for reference 3 is rejected.").waitFor();
    expect(await third.textContent()).toContain("None (decided by staff)");
    const first = page.getByRole("listitem", { name: "Reference 1" });
    await first.getByRole("button", { name: "Edit reference 1" }).click();
    await first.getByLabel("Source (journal or book)").fill("Journal of Environmental Sciences");
    await first.getByRole("button", { name: "Save reference" }).click();
    await page.getByText("Reference 1 saved.").waitFor();
    const refs = (await getJson<ReferencesAnswer>(`/api/admin/articles/${article.id}/references`, auth)).references;
    expect(refs[0]).toMatchObject({ source: "Journal of Environmental Sciences", checked: true });
    expect(refs[1]).toMatchObject({ doiFrom: "staff", checked: true });
    expect(refs[1].doi).toMatch(/^10\./);
    expect(refs[2]).toMatchObject({ doi: "", doiFrom: "staff" });

    // Publish: readers get it; withdraw: the page is as before.
    await page.getByRole("button", { name: "Publish full text" }).click();
    await page.getByText("The full text is published.").waitFor();
    const published = await (await fetchAs(publicPage, HOSTS.main)).text();
    expect(published).toContain("citation_fulltext_html_url");
    expect(published).toContain(`Corrected by production ${RUN}.`);
    await screenshot(page, "fulltext-published-1280", SHOTS_ADMIN);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "fulltext-published-375", SHOTS_ADMIN);
    // Nothing on the narrow screen is wider than it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);
    const withdrawAsked = nextDialog(page, true);
    await page.getByRole("button", { name: "Withdraw full text" }).click();
    expect(await withdrawAsked).toContain("Withdraw the full text?");
    await page.getByText("The full text is withdrawn.").waitFor();
    expect(await (await fetchAs(publicPage, HOSTS.main)).text()).not.toContain("citation_fulltext_html_url");

    expectNoUnexpectedErrors(errors, [400]);
    await context.close();

    // The demo article's references as they were, for the other test files.
    const now = await getJson<AdminArticle>(`/api/admin/articles/${article.id}`, auth);
    const undo = await fetchAs(`/api/archives/${article.id}`, HOSTS.main, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ references: article.references.join("\n"), modification: now.modification }),
    });
    expect(undo.status).toBe(200);
  });
});
