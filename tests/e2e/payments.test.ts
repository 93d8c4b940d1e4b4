// Fees paid online in the browser (issue 49): an author in India submits, staff accept, the invoice e-mail is in the
// outbox; the author opens its tracking link, pays through the Razorpay stand-in's checkout and gets a receipt;
// Publish as article carries the payment id. An author abroad pays through the Stripe stand-in's checkout. A third
// asks for a waiver, which staff grant on the Payments page. Pages are photographed at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  DESKTOP,
  describeViolations,
  fetchAs,
  launchBrowser,
  MOBILE,
  newVisitor,
  runAxe,
  screenshot,
  settle,
  urlFor,
} from "./support/browser";
import { login, makePdf, RUN } from "./admin.fixtures";
import type { OutboxMessage } from "#contract/workflow";

const SHOTS = process.env.SHOTS_PAYMENTS_DIR ?? "/tmp/shots-payments";

let browser: Browser;
let token = "";
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

async function mailTo(to: string, kind: string): Promise<OutboxMessage> {
  for (let i = 0; i < 150; i++) {
    const m = (await api<{ messages: OutboxMessage[] }>("/api/admin/outbox")).messages.find((x) => x.to === to && x.kind === kind);
    if (m && m.status === "sent") return m;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no sent ${kind} to ${to}`);
}

const trackLinkIn = (text: string) => /(http:\/\/\S+\/track#\S+)/.exec(text)?.[1] ?? "";

async function shoot(page: Page, name: string) {
  for (const vp of [MOBILE, DESKTOP]) {
    await page.setViewportSize(vp);
    await settle(page);
    await screenshot(page, `${name}-${vp.width}`, SHOTS);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) sideways.push(`${name} at ${vp.width}px scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize(DESKTOP);
}

/** Submits on the public form; answers the manuscript's id and reference once it exists. */
async function submit(author: { name: string; email: string; country: string }, title: string) {
  const pub = await browser.newPage({ viewport: DESKTOP, extraHTTPHeaders: newVisitor() });
  await pub.goto(urlFor("/article"));
  await pub.waitForSelector('html[data-hydrated="true"] .form__actions button[type=submit]');
  await pub.getByLabel("Name").fill(author.name);
  await pub.getByLabel("Email").fill(author.email);
  await pub.getByLabel("Country").selectOption(author.country);
  await pub.getByLabel("Title of the Submission").fill(title);
  await pub
    .getByLabel("Article File")
    .setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: await makePdf(`Manuscript ${title}`) });
  await pub.getByRole("button", { name: "Submit", exact: true }).click();
  await pub.locator("[data-testid=submission-success]").waitFor();
  const reference = /SUB-\d{8}-[A-Z0-9]{6}/.exec(await pub.locator("[data-testid=submission-success]").innerText())![0];
  await pub.close();
  await mailTo(author.email, "acknowledgement");
  const { manuscripts } = await api<{ manuscripts: { id: number }[] }>(`/api/admin/manuscripts?q=${reference}`);
  return { id: manuscripts[0].id, reference };
}

async function acceptByApi(id: number) {
  const draft = await api<{ subject: string; text: string }>(`/api/admin/manuscripts/${id}/letter?decision=accepted`);
  await api(`/api/admin/manuscripts/${id}/decision`, { method: "POST", json: { decision: "accepted", ...draft } });
}

async function openAsAuthor(link: string) {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForSelector("h1");
  await page.waitForFunction(() => !document.body.textContent?.includes("Opening your page"));
  return { page, context };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetchAs("/auth/login/", undefined, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "demo-admin" }),
  });
  token = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

describe("fees paid online", () => {
  it("Razorpay: submit, accept, invoice e-mail, pay at the stand-in's checkout, receipt, Publish as article carries the payment id", async () => {
    const author = { name: "Dr. Ananya Rao", email: `ananya.${RUN.toLowerCase()}@iisc.example`, country: "India" };
    const title = `Groundwater recharge in the Deccan traps ${RUN}`;
    const { id, reference } = await submit(author, title);

    // Staff accept on the manuscript's page.
    const staff = await browser.newPage({ viewport: DESKTOP });
    await login(staff);
    await staff.goto(urlFor(`/admin/manuscripts/${id}`));
    await staff.getByLabel("Decision", { exact: true }).selectOption("accepted");
    await staff.getByLabel("Letter to the author").waitFor();
    await staff.getByRole("button", { name: "Send the decision" }).click();
    await staff.getByText("Decision recorded: Accepted").waitFor();

    // The invoice e-mail, as the author reads it.
    const invoiceMail = await mailTo(author.email, "payment.invoice");
    expect(invoiceMail.subject).toMatch(new RegExp(`^${reference}: invoice INV-\\d{4}-\\d{4} for the publication fee$`));
    expect(invoiceMail.text).toContain("INR 2,500.00");
    const { page, context } = await openAsAuthor(trackLinkIn(invoiceMail.text));
    await page.getByRole("heading", { name: "Publication fee" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("Awaiting payment");
    await shoot(page, "track-invoice");
    const pdf = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the invoice (PDF)" }).click();
    expect((await pdf).suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{4}\.pdf$/);
    await page.getByRole("button", { name: "Pay INR 2,500.00 with Razorpay" }).click();
    await page.waitForURL((u) => u.pathname === "/track/pay");
    await shoot(page, "track-pay-razorpay");
    await page.getByRole("button", { name: "Pay INR 2,500.00 with Razorpay" }).click();
    // The stand-in's Hosted Checkout.
    await page.getByText("Razorpay (stand-in)").first().waitFor();
    await shoot(page, "standin-razorpay-checkout");
    await page.getByLabel("UPI").check();
    await page.getByRole("button", { name: /^Pay INR 2500\.00$/ }).click();
    // Back on the journal: the return page, then the tracking page shows it paid.
    await page.getByText("Thank you: INR 2,500.00 was received").waitFor();
    await shoot(page, "payment-returned");
    await page.getByRole("link", { name: "Back to your manuscript" }).click();
    await page.getByText("Paid", { exact: true }).waitFor();
    const paidText = await page.locator("main").innerText();
    const paymentId = /pay_[A-Za-z0-9]+/.exec(paidText)![0];
    await shoot(page, "track-paid");
    const axe = await runAxe(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    const receipt = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the receipt (PDF)" }).click();
    expect((await receipt).suggestedFilename()).toMatch(/^receipt-INV-/);
    await context.close();
    const receiptMail = await mailTo(author.email, "payment.receipt");
    expect(receiptMail.text).toContain(paymentId);

    // Publish as article: the transaction id is the gateway's payment id, the payment type Paid.
    await staff.reload();
    await staff.getByRole("heading", { name: "Publication fee" }).waitFor();
    await staff.getByRole("button", { name: "Publish as article" }).click();
    await staff.waitForURL((u) => u.pathname.startsWith("/admin/archives/add/"));
    await staff.getByLabel("Transaction ID").waitFor();
    await expect.poll(() => staff.getByLabel("Transaction ID").inputValue()).toBe(paymentId);
    expect(await staff.getByLabel("Payment type").inputValue()).toBe("paid");
    await staff.getByRole("textbox", { name: "Abstract" }).click();
    await staff.keyboard.type("Recharge estimated from twelve wells.");
    await staff.getByLabel("Reference number").fill(`PAY-${RUN}`);
    await staff.getByLabel("Page number").fill("21-29");
    await staff.getByRole("button", { name: "Submit" }).click();
    await staff.getByRole("dialog", { name: "Article added successfully" }).waitFor();
    await staff.close();
  });

  it("Stripe: an author abroad pays through the stand-in's Checkout page", async () => {
    const author = { name: "Dr. Chidi Okafor", email: `chidi.${RUN.toLowerCase()}@unn.example`, country: "Nigeria" };
    const { id } = await submit(author, `Cassava yields under intercropping ${RUN}`);
    await acceptByApi(id);
    const invoiceMail = await mailTo(author.email, "payment.invoice");
    expect(invoiceMail.text).toContain("USD 60.00");
    const { page, context } = await openAsAuthor(trackLinkIn(invoiceMail.text));
    await page.getByRole("button", { name: "Pay USD 60.00 with Stripe" }).click();
    await page.waitForURL((u) => u.pathname === "/track/pay");
    await page.getByRole("link", { name: "Pay USD 60.00 with Stripe" }).click();
    await page.getByText("Stripe Checkout (stand-in)").first().waitFor();
    await shoot(page, "standin-stripe-checkout");
    await page.getByRole("button", { name: /^Pay USD 60\.00$/ }).click();
    await page.getByText("Thank you: USD 60.00 was received").waitFor();
    await page.getByRole("link", { name: "Back to your manuscript" }).click();
    await page.getByText("Paid", { exact: true }).waitFor();
    expect(await page.locator("main").innerText()).toMatch(/pi_[A-Za-z0-9]+/);
    await context.close();
    await mailTo(author.email, "payment.receipt");
    const invoice = (await api<{ invoice: { status: string; gateway: string } }>(`/api/admin/payments/manuscripts/${id}`)).invoice;
    expect(invoice).toMatchObject({ status: "paid", gateway: "stripe" });
  });

  it("a waiver: the author asks on the tracking page, staff grant it on the Payments page", async () => {
    const author = { name: "Ms. Lakshmi Pillai", email: `lakshmi.${RUN.toLowerCase()}@cusat.example`, country: "India" };
    const { id } = await submit(author, `Mangrove crab fisheries of Kochi ${RUN}`);
    await acceptByApi(id);
    const invoiceMail = await mailTo(author.email, "payment.invoice");
    const { page, context } = await openAsAuthor(trackLinkIn(invoiceMail.text));
    await page.getByText("Ask for a waiver").click();
    await page.getByLabel("Your reason").fill("I am an unfunded doctoral student.");
    await page.getByRole("button", { name: "Send the request" }).click();
    await page.getByText("Your waiver request was sent to the editors.").waitFor();

    const staff = await browser.newPage({ viewport: DESKTOP });
    await login(staff);
    await staff.goto(urlFor("/admin/payments?status=pending"));
    await staff.getByRole("heading", { name: "Payments" }).waitFor();
    const form = staff.getByRole("form", { name: /^Waiver of INV-/ });
    await form.waitFor();
    await shoot(staff, "admin-payments-pending");
    await form.getByLabel("Waive the whole fee").check();
    await form.getByLabel("Letter to the author").fill("Dear Ms. Pillai,\n\nThe editors waive the publication fee.");
    await form.getByRole("button", { name: "Send the answer" }).click();
    await staff.getByText(/The waiver of INV-\S+ is granted/).waitFor();
    await staff.goto(urlFor("/admin/payments"));
    await staff.getByRole("heading", { name: "Payments" }).waitFor();
    await shoot(staff, "admin-payments");
    const axe = await runAxe(staff);
    expect(axe, describeViolations(axe)).toEqual([]);
    await staff.goto(urlFor("/admin/payments/settings"));
    await staff.getByRole("heading", { name: "Fee settings" }).waitFor();
    // Fees per section (issue 49 item 1): the first section charges INR 4,000 of its own, typed and saved here.
    const sections = await api<{ id: number; title: string }[]>("/api/admin/sections");
    if (sections.length === 0) await api("/api/admin/sections", { method: "POST", json: { title: `Review Articles ${RUN}` } });
    const first = (await api<{ id: number; title: string }[]>("/api/admin/sections"))[0];
    await staff.getByLabel(`${first.title}: fee in INR`).fill("4000");
    await staff.getByRole("button", { name: "Save", exact: true }).click();
    await staff.getByText("Fee settings saved.", { exact: false }).waitFor();
    await shoot(staff, "admin-fee-settings");
    const feeOf = (await api<{ sectionFees: { sectionId: number; feeRupee: string }[] }>("/api/admin/payments/settings")).sectionFees;
    expect(feeOf.find((f) => f.sectionId === first.id)?.feeRupee).toBe("4000");
    // The manuscript's page: its section and its invoice.
    await staff.goto(urlFor(`/admin/manuscripts/${id}`));
    await staff.getByRole("heading", { name: "Publication fee" }).waitFor();
    await shoot(staff, "admin-manuscript-fee");
    await api("/api/admin/payments/settings", {
      method: "PUT",
      json: { ...(await api<Record<string, unknown>>("/api/admin/payments/settings")), sectionFees: [] },
    });
    await staff.goto(urlFor("/admin"));
    await staff.getByRole("heading", { name: "Publication fees" }).waitFor();
    await shoot(staff, "admin-dashboard-fees");
    await staff.close();

    await mailTo(author.email, "payment.waiver");
    await page.reload();
    await page.getByText("The fee was waived: nothing is due.").waitFor();
    expect(await page.getByRole("button", { name: /^Pay / }).count()).toBe(0);
    await shoot(page, "track-waived");
    await context.close();
    expect(sideways).toEqual([]);
  });
});
