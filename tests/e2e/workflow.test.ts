// The whole editorial path in the browser (issue 36): the public form -> the acknowledgement in the outbox -> staff
// invite two reviewers -> each opens the link from the e-mail, accepts and reviews -> revisions requested -> the
// author sends a revision through the tracking link -> accept -> copyediting and production, the author approving
// the copyedited manuscript and the proofs through the tracking link -> Publish as article (prefilled) -> the article is
// public -> the "published" e-mail is in the outbox. Each new page is photographed at 375 and 1280 px; e-mails are
// read as their recipients read them (the text, the link in it). A reply through wrangler's local Email Routing
// endpoint joins the manuscript's discussion.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  DESKTOP,
  fetchAs,
  launchBrowser,
  MOBILE,
  newVisitor,
  runAxe,
  describeViolations,
  screenshot,
  settle,
  urlFor,
} from "./support/browser";
import { DEMO_ADMIN, login, makePdf, RUN, SHOTS_ADMIN } from "./admin.fixtures";
import type { ManuscriptDetail, OutboxMessage } from "#contract/workflow";

const SHOTS = process.env.SHOTS_WORKFLOW_DIR ?? "/tmp/shots-workflow";
const AUTHOR = { name: "Dr. Chiamaka Obi", email: `chiamaka.${RUN.toLowerCase()}@unilag.example` };
const TITLE = `Mangrove soil carbon along the Lagos lagoon ${RUN}`;

let browser: Browser;
let token = "";
/** Pages wider than the screen (checked at the end, so one run photographs every page). */
const sideways: string[] = [];

async function api<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await fetchAs(path, undefined, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { "content-type": "application/json" } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  expect(res.status, `${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const outbox = async () => (await api<{ messages: OutboxMessage[] }>("/api/admin/outbox")).messages;

/** The newest message of this kind to this address, once the queue consumer has sent it. */
async function mailTo(to: string, kind: string): Promise<OutboxMessage> {
  for (let i = 0; i < 100; i++) {
    const m = (await outbox()).find((x) => x.to === to && x.kind === kind);
    if (m && m.status === "sent") return m;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no sent ${kind} to ${to}`);
}

/** The signed link in an e-mail's text, as the recipient clicks it. */
function linkIn(text: string, purpose: "review" | "track"): string {
  const m = new RegExp(`(http://[^\\s]+/${purpose}#[^\\s]+)`).exec(text);
  if (!m) throw new Error(`no ${purpose} link in ${text}`);
  return m[1];
}

async function shoot(page: Page, name: string) {
  for (const vp of [MOBILE, DESKTOP]) {
    await page.setViewportSize(vp);
    await settle(page);
    await screenshot(page, `${name}-${vp.width}`, SHOTS);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) sideways.push(`${name} at ${vp.width}px scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize(DESKTOP);
}

/** Opens a link from an e-mail in its own browser (own cookies), as its recipient would. */
async function openLink(link: string) {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  const referers: string[] = [];
  page.on("request", (r) => {
    const ref = r.headers().referer;
    if (ref) referers.push(ref);
  });
  await page.goto(link);
  await page.waitForSelector("h1");
  await page.waitForFunction(() => !document.body.textContent?.includes("Opening your page"));
  return { page, context, requests, referers };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetchAs("/auth/login/", undefined, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  token = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

describe("from manuscript to published article", () => {
  it("walks the whole path in the browser", async () => {
    // 1. The author submits on the public form; the confirmation names the acknowledgement e-mail.
    const pub = await browser.newPage({ viewport: DESKTOP, extraHTTPHeaders: newVisitor() });
    await pub.goto(urlFor("/article"));
    await pub.waitForSelector('html[data-hydrated="true"] .form__actions button[type=submit]');
    await pub.getByLabel("Name").fill(AUTHOR.name);
    await pub.getByLabel("Email").fill(AUTHOR.email);
    await pub.getByLabel("Country").selectOption("Nigeria");
    await pub.getByLabel("Title of the Submission").fill(TITLE);
    await pub
      .getByLabel("Article File")
      .setInputFiles({ name: "Obi-mangrove.pdf", mimeType: "application/pdf", buffer: await makePdf(`Manuscript ${RUN}`) });
    await pub.getByRole("button", { name: "Submit", exact: true }).click();
    await pub.locator("[data-testid=submission-success]").waitFor();
    const reference = /SUB-\d{8}-[A-Z0-9]{6}/.exec(await pub.locator("[data-testid=submission-success]").innerText())![0];
    expect(await pub.locator("[data-testid=submission-acknowledgement]").innerText()).toContain("We have e-mailed you an acknowledgement");
    await shoot(pub, "submit-online-acknowledged");
    await pub.close();

    // 2. The acknowledgement, sent by the queue consumer: reference and tracking link on the journal's host.
    const ack = await mailTo(AUTHOR.email, "acknowledgement");
    expect(ack.subject).toBe(`${reference}: manuscript received`);
    expect(ack.text).toContain(`Your reference is ${reference}`);
    const trackLink = linkIn(ack.text, "track");
    expect(new URL(trackLink).host).toBe(new URL(urlFor("/")).host);
    const { manuscripts } = await api<{ manuscripts: { id: number; reference: string }[] }>(`/api/admin/manuscripts?q=${reference}`);
    const id = manuscripts[0].id;

    // 3. Staff invite two reviewers from the manuscript's page.
    const staff = await browser.newPage({ viewport: DESKTOP });
    await login(staff);
    await staff.goto(urlFor(`/admin/manuscripts?q=${reference}`));
    await staff.getByRole("link", { name: reference }).first().waitFor();
    await shoot(staff, "admin-manuscripts");
    await staff.getByRole("link", { name: reference }).first().click();
    await staff.getByRole("heading", { name: "Invite a reviewer (round 1)" }).waitFor();
    const reviewers = [
      { name: "Prof. Henrik Lund", email: `henrik.${RUN.toLowerCase()}@rev.example` },
      { name: "Dr. Mei Tanaka", email: `mei.${RUN.toLowerCase()}@rev.example` },
    ];
    const personalNote = "Your work on Indus delta aquifers makes you the reader this manuscript needs.";
    for (const [i, r] of reviewers.entries()) {
      await staff.getByLabel("Name", { exact: true }).fill(r.name);
      await staff.getByLabel("E-mail", { exact: true }).fill(r.email);
      await staff.getByLabel("Affiliation").fill("University of Somewhere");
      if (i === 1) {
        // The second invitation goes as the editor rewrote it.
        await staff.getByText("The invitation", { exact: false }).first().click();
        const letter = staff.getByRole("textbox", { name: "Letter" });
        await letter.fill((await letter.inputValue()).replace("Dear {{reviewer_name}},", `Dear {{reviewer_name}},\n\n${personalNote}`));
        await shoot(staff, "admin-invitation-edited");
      }
      await staff.getByRole("button", { name: "Send invitation" }).click();
      await staff.getByText(`Invitation e-mailed to ${r.name}`).waitFor();
    }
    expect((await mailTo(reviewers[1]!.email, "review.invitation")).text).toContain(`Dear ${reviewers[1]!.name},\n\n${personalNote}`);
    await staff.getByText("Prof. Henrik Lund", { exact: true }).waitFor();
    await shoot(staff, "admin-manuscript-under-review");

    // 4. Each reviewer opens the link in the invitation, accepts and sends a review; nothing names the author.
    for (const [i, r] of reviewers.entries()) {
      const invitation = await mailTo(r.email, "review.invitation");
      expect(invitation.text).not.toContain(AUTHOR.name);
      expect(invitation.text).not.toContain(AUTHOR.email);
      const { page, context, requests, referers } = await openLink(linkIn(invitation.text, "review"));
      // The token left the address bar, and no request went anywhere but the journal's host.
      expect(page.url()).toBe(urlFor("/review"));
      expect(requests.every((u) => new URL(u).host === new URL(urlFor("/")).host)).toBe(true);
      expect(referers.every((x) => !x.includes("#"))).toBe(true);
      expect(await page.content()).not.toContain(AUTHOR.name);
      if (i === 0) await shoot(page, "review-invitation");
      await page.getByRole("button", { name: "Accept the invitation" }).click();
      await page.getByRole("button", { name: "Submit the review" }).waitFor();
      if (i === 0) await shoot(page, "review-form");
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download the manuscript (PDF)" }).click();
      expect((await download).suggestedFilename()).toBe(`manuscript-${reference}-round1.pdf`);
      await page.getByLabel(i === 0 ? "Minor revisions" : "Major revisions").check();
      await page.getByLabel("Comments for the author").fill(`Reviewer note ${i + 1}: the sampling depth should be stated.`);
      await page.getByLabel("Confidential comments for the editor (optional)").fill(`For the editor only ${i + 1}`);
      await page.getByRole("button", { name: "Submit the review" }).click();
      await page.getByText("A submitted review can no longer be changed").waitFor();
      expect(await page.locator("textarea").count()).toBe(0);
      if (i === 0) await shoot(page, "review-submitted");
      const axe = await runAxe(page);
      expect(axe, describeViolations(axe)).toEqual([]);
      await context.close();
    }

    // 5. Revisions requested: the letter comes from the template with the reviewers' comments for the author.
    await staff.reload();
    await staff.getByLabel("Decision", { exact: true }).selectOption("revisions_requested");
    const letter = staff.getByLabel("Letter to the author");
    await letter.waitFor();
    expect(await letter.inputValue()).toContain("Reviewer 1:\nReviewer note 1");
    expect(await letter.inputValue()).not.toContain("For the editor only");
    await shoot(staff, "admin-manuscript-decision");
    await staff.getByRole("button", { name: "Send the decision" }).click();
    await staff.getByText("Decision recorded: Revisions requested").waitFor();

    // 6. The author opens the tracking link, reads the letter and the comments, uploads the revision.
    const decisionMail = await mailTo(AUTHOR.email, "decision.revisions_requested");
    expect(linkIn(decisionMail.text, "track")).toBe(trackLink);
    const author = await openLink(trackLink);
    await author.page.getByText("Revisions requested", { exact: true }).waitFor();
    const trackText = await author.page.locator("main").innerText();
    expect(trackText).toContain("Reviewer note 2");
    expect(trackText).not.toMatch(/Henrik|Lund|Mei Tanaka|rev\.example|For the editor only/);
    await shoot(author.page, "track-revisions-requested");
    await author.page.getByLabel("Revised manuscript (PDF, at most 5 MB)").setInputFiles({
      name: "revised.pdf",
      mimeType: "application/pdf",
      buffer: await makePdf(`Revised ${RUN}`),
    });
    await author.page.getByRole("button", { name: "Send the revision" }).click();
    await author.page.getByText("Thank you: your revised manuscript was received.").waitFor();
    await shoot(author.page, "track-under-review");
    const axe = await runAxe(author.page);
    expect(axe, describeViolations(axe)).toEqual([]);

    // 7. A reply to the acknowledgement, through wrangler's local Email Routing endpoint, joins the discussion.
    const raw = [
      `From: "${AUTHOR.name}" <${AUTHOR.email}>`,
      `To: ${ack.replyTo}`,
      `Subject: Re: ${ack.subject}`,
      `Message-ID: <${RUN}@unilag.example>`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      `The revision also fixes table 2. ${RUN}`,
      "",
    ].join("\r\n");
    const replied = await fetchAs(
      `/cdn-cgi/handler/email?from=${encodeURIComponent(AUTHOR.email)}&to=${encodeURIComponent(ack.replyTo)}`,
      undefined,
      {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: raw,
      },
    );
    expect(replied.status).toBeLessThan(300);
    let detail = await api<ManuscriptDetail>(`/api/admin/manuscripts/${id}`);
    expect(detail.discussion.map((d) => d.text)).toContain(`The revision also fixes table 2. ${RUN}`);
    expect([detail.stage, detail.round]).toEqual(["under_review", 2]);

    // 8. Accept, then Publish as article: Add Article opens prefilled; staff add what only they know.
    await staff.reload();
    await staff.getByLabel("Decision", { exact: true }).selectOption("accepted");
    await staff.getByLabel("Letter to the author").waitFor();
    await staff.getByRole("button", { name: "Send the decision" }).click();
    await staff.getByText("Decision recorded: Accepted").waitFor();

    // 8b. Copyediting, then Production (issue 48 item 3): each time the author checks a file through the tracking
    // link and approves it; the office sees the answer in the timeline.
    for (const [decision, label, kind, what] of [
      ["copyediting", "Copyediting", "copyedit", "the copyedited manuscript"],
      ["production", "Production", "proof", "the proofs"],
    ] as const) {
      await staff.getByLabel("Decision", { exact: true }).selectOption(decision);
      await staff.getByLabel("Letter to the author").waitFor();
      await staff.getByRole("button", { name: "Send the decision" }).click();
      await staff.getByText(`Decision recorded: ${label}`).waitFor();
      await staff.getByLabel(/\(PDF, at most 5 MB\)/).setInputFiles({
        name: `${kind}.pdf`,
        mimeType: "application/pdf",
        buffer: await makePdf(`${kind} ${RUN}`),
      });
      await staff.getByLabel("Note to the author (optional)").fill(`Please check the figures. ${RUN}`);
      await shoot(staff, `admin-manuscript-${decision}`);
      await staff.getByRole("button", { name: /^Send the (proofs|copyedited manuscript) to the author$/ }).click();
      await staff.getByText(/e-mailed to the author to check/).waitFor();
      const check = await mailTo(AUTHOR.email, `author_check.${kind}`);
      expect(linkIn(check.text, "track")).toBe(trackLink);
      expect(check.text).toContain(`Please check the figures. ${RUN}`);
      await author.page.reload();
      await author.page.getByRole("heading", { name: `Please check ${what}` }).waitFor();
      const file = author.page.waitForEvent("download");
      await author.page.getByRole("link", { name: `Download ${what} (PDF)` }).click();
      expect((await (await file).path()) ?? "").not.toBe("");
      await shoot(author.page, `track-${decision}`);
      await author.page.getByRole("button", { name: `Approve ${what}` }).click();
      await author.page.getByText(`You approved ${what}`).waitFor();
      await staff.reload();
      await staff.getByText(`The author approved ${what}`).first().waitFor();
    }
    detail = await api<ManuscriptDetail>(`/api/admin/manuscripts/${id}`);
    expect(detail.stage).toBe("production");
    await staff.getByRole("button", { name: "Publish as article" }).click();
    await staff.waitForURL((u) => u.pathname.startsWith("/admin/archives/add/"));
    await staff.getByLabel("Author name").waitFor();
    expect(await staff.getByLabel("Author name").inputValue()).toBe(AUTHOR.name);
    expect(await staff.getByLabel("Email", { exact: true }).inputValue()).toBe(AUTHOR.email);
    expect(await staff.getByLabel("Country").inputValue()).toBe("Nigeria");
    expect(await staff.getByRole("textbox", { name: "Title" }).innerText()).toBe(TITLE);
    await staff.getByText(`${reference}.pdf`).waitFor();
    await screenshot(staff, "admin-add-article-prefilled-1280", SHOTS);
    await staff.getByRole("textbox", { name: "Abstract" }).click();
    await staff.keyboard.type("Soil cores from twelve mangrove stands.");
    const ref = `WF-${RUN}`;
    await staff.getByLabel("Reference number").fill(ref);
    await staff.getByLabel("Page number").fill("11-19");
    await staff.getByLabel("Transaction ID").fill(`TXN${RUN}WF`);
    await staff.getByRole("button", { name: "Submit" }).click();
    await staff.getByRole("dialog", { name: "Article added successfully" }).waitFor();
    await staff.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await staff.getByText(`Manuscript ${reference} is now Published`).waitFor();

    // 9. The article is public, and the author was e-mailed its address and the certificate page.
    detail = await api<ManuscriptDetail>(`/api/admin/manuscripts/${id}`);
    expect(detail.stage).toBe("published");
    const published = await mailTo(AUTHOR.email, "published");
    const articleUrl = /Read and share it: (\S+)/.exec(published.text)![1];
    const certificates = /editorial board: (\S+)/.exec(published.text)![1];
    expect(certificates).toBe(urlFor(`/pdf?refno=${ref}`));
    const page = await fetchAs(new URL(articleUrl).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(TITLE);
    await author.page.reload();
    await author.page.getByText("Published", { exact: true }).waitFor();
    await shoot(author.page, "track-published");
    await author.context.close();

    // The timeline, the outbox and the reviewers' list as staff see them.
    await staff.goto(urlFor(`/admin/manuscripts/${id}`));
    await staff.getByRole("heading", { name: "Timeline" }).waitFor();
    await shoot(staff, "admin-manuscript-published");
    await staff.goto(urlFor("/admin/outbox"));
    await staff.getByRole("heading", { name: "Outbox" }).waitFor();
    await shoot(staff, "admin-outbox");
    await staff.goto(urlFor("/admin/reviewers"));
    await staff.getByText("Prof. Henrik Lund").first().waitFor();
    await shoot(staff, "admin-reviewers");
    await staff.goto(urlFor("/admin/workflow"));
    await staff.getByRole("heading", { name: "Letter: Accept" }).waitFor();
    await shoot(staff, "admin-mail-and-letters");
    await staff.goto(urlFor("/admin/manuscripts/add"));
    await staff.getByRole("heading", { name: "Add manuscript" }).waitFor();
    await shoot(staff, "admin-manuscript-add");
    await staff.goto(urlFor("/admin"));
    await staff.getByRole("heading", { name: "Manuscripts" }).waitFor();
    await shoot(staff, "admin-dashboard");
    await staff.goto(urlFor("/admin/submissions"));
    await staff.getByRole("heading", { name: "Submissions" }).waitFor();
    await shoot(staff, "admin-submissions");
    void SHOTS_ADMIN;
    await staff.close();

    // The demo journal shows its figures on the public Instructions page (turned on in Mail and letters).
    const instructions = await browser.newPage({ viewport: DESKTOP });
    await instructions.goto(urlFor("/instructions"));
    const figures = instructions.locator("[data-testid=journal-figures]");
    await figures.waitFor();
    expect(await figures.innerText()).toMatch(/Submissions received\s+\d+/);
    await shoot(instructions, "public-instructions-figures");
    await instructions.close();
    expect(sideways).toEqual([]);
  }, 300_000);
});
