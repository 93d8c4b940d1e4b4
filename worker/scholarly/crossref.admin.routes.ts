// Crossref for staff, mounted under /api/admin/crossref behind requireAdmin:
//   GET  /{year}/{vol}/{issue}                 the issue's deposit XML (schema 5.3.1), to download
//   GET  /account, PUT /account                the journal's Crossref login (password stored encrypted) and endpoint
//   POST /{year}/{vol}/{issue}/deposit         send the issue to Crossref's deposit API (issue 40 item 5)
//   GET  /{year}/{vol}/{issue}/deposits        the issue's deposits and their state
//   POST /deposits/{id}/check                  poll Crossref for the submission's result; mark its DOIs registered
// (docs/decisions/0104, 0224)
import { ISSUE_STATUS } from "#contract/issues";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { zValidator } from "@hono/zod-validator";
import type { AppEnv } from "../core/env";
import type { CrossrefDepositRow } from "../core/data/schema";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { listPublicIssueArticleRows } from "../archive/articles.repo";
import { findIssue } from "../archive/issues.repo";
import { digitsOf } from "../core/middleware/params";
import { HttpError, notFound } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { recordAdminWrite } from "../core/audit/admin-events.repo";
import { crossrefDeposit, crossrefTimestamp } from "./crossref";
import { indexerOrigin } from "./indexer-origin";
import { journalRecord, scholarlyRecord } from "./scholarly-record";
import { decryptSecret, encryptSecret } from "./crossref-secret";
import { sendDeposit } from "./crossref-api";
import { checkDeposit } from "./crossref-polling";
import { findCrossrefAccount, findDeposit, insertDeposit, listIssueDeposits, saveCrossrefAccount } from "./crossref-deposits.repo";
import { mountedAt } from "../core/routing/declared";
import { scholarlyApi } from "#contract/routes/scholarly";

const at = mountedAt("/api/admin/crossref");

type Ctx = Context<AppEnv>;

/** Crossref's endpoints; another https:// host (or a local stand-in) may be typed for tests and trials. */
export const CROSSREF_ENDPOINTS = { production: "https://doi.crossref.org", test: "https://test.crossref.org" };

const accountSchema = z.object({
  username: z.string().trim().min(1, "invalid_input").max(200, "invalid_input"),
  /** Empty: keep the stored password. */
  password: z.string().max(500, "invalid_input").default(""),
  endpoint: z
    .string()
    .trim()
    .max(300, "invalid_input")
    .refine(
      (v) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(v) || /^http:\/\/[a-z0-9.-]+\.(test|localhost)(:\d+)?$/i.test(v),
      "invalid_endpoint",
    ),
});

function issueOf(c: Ctx) {
  return { year: digitsOf(c.req.param("year")), volume: digitsOf(c.req.param("vol")), issue: digitsOf(c.req.param("issue")) };
}

/** The issue's deposit XML and the DOIs in it (404 / 409 when there is nothing to deposit). */
async function buildDeposit(c: Ctx) {
  const { year, volume, issue } = issueOf(c);
  const db = c.get("db");
  const journal = c.get("journal");
  const rows = await listPublicIssueArticleRows(db, journal.id, year, volume, issue);
  if (!rows.length) {
    const found = await findIssue(db, journal.id, year, volume, issue);
    if (!found) throw new HttpError(404, "issue_not_found");
    // Crossref registers what readers can open: an issue staff are still building has nothing to deposit (0383).
    if (found.status !== ISSUE_STATUS.published) throw new HttpError(409, "issue_unpublished");
  }
  const record = journalRecord(journal);
  // Crossref needs an ISSN for a journal, and a DOI for every article it registers.
  if (!record.issns.length) throw new HttpError(409, "missing_issn");
  const origin = indexerOrigin(c);
  const articles = rows.filter((a) => a.doi).map((a) => scholarlyRecord(a, journal, origin));
  if (!articles.length) throw new HttpError(409, "no_dois");
  const timestamp = crossrefTimestamp(new Date());
  const batchId = `${journal.slug}-${year}-v${volume}-i${issue}-${timestamp}-${crypto.randomUUID().slice(0, 8)}`;
  const xml = crossrefDeposit(record, { year, volume, issue }, articles, {
    name: record.publisher || record.name,
    email: journal.websiteemail,
    batchId,
    timestamp,
  });
  return { xml, batchId, dois: articles.map((a) => a.doi), year, volume, issue };
}

const toAnswer = (d: CrossrefDepositRow) => ({
  id: d.id,
  year: d.year,
  volume: d.volume,
  issue: d.issue,
  batch_id: d.batchId,
  status: d.status,
  dois: JSON.parse(d.dois) as string[],
  message: d.message,
  submitted_at: d.submittedAt,
  checked_at: d.checkedAt,
  submitted_by: d.submittedBy,
});

/** The stored login, readable, or a 409 saying what staff must do. */
async function loginOf(c: Ctx) {
  const account = await findCrossrefAccount(c.get("db"), c.get("journal").id);
  if (!account) throw new HttpError(409, "no_crossref_account");
  const password = await decryptSecret(account.passwordEnc, c.get("config").auth.JWT_SECRET);
  if (password === null) throw new HttpError(409, "crossref_password_unreadable");
  return { ...account, password };
}

export const crossrefAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.crossref))
  .get(at(scholarlyApi.crossrefAccount), async (c) => {
    const a = await findCrossrefAccount(c.get("db"), c.get("journal").id);
    return c.json({
      account: a ? { username: a.username, endpoint: a.endpoint, has_password: Boolean(a.passwordEnc), updated_at: a.updatedAt } : null,
      endpoints: CROSSREF_ENDPOINTS,
    });
  })
  .put(
    at(scholarlyApi.saveCrossrefAccount),
    requireRole(AREA_ROLES.settings),
    zValidator("json", accountSchema, (r) => {
      if (!r.success)
        throw new HttpError(400, r.error.issues.some((i) => i.message === "invalid_endpoint") ? "invalid_endpoint" : "invalid_input");
    }),
    async (c) => {
      const { username, password, endpoint } = c.req.valid("json");
      const db = c.get("db");
      const journalId = c.get("journal").id;
      const old = await findCrossrefAccount(db, journalId);
      if (!password && !old) throw new HttpError(400, "password_required");
      const passwordEnc = password ? await encryptSecret(password, c.get("config").auth.JWT_SECRET) : old!.passwordEnc;
      const updatedAt = new Date().toISOString();
      await saveCrossrefAccount(db, { journalId, username, passwordEnc, endpoint: endpoint.replace(/\/+$/, ""), updatedAt });
      const actor = actorOf(c);
      await recordAdminWrite(db, actor, { action: "settings.crossref_account", entity: "settings", summary: username }, { content: false });
      return c.json({ account: { username, endpoint, has_password: true, updated_at: updatedAt } });
    },
  )
  .post(at(scholarlyApi.checkDeposit), async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const deposit = await findDeposit(db, journalId, id);
    if (!deposit) throw notFound();
    if (deposit.status !== "submitted") return c.json({ deposit: toAnswer(deposit) });
    await checkDeposit(db, deposit, await loginOf(c), actorOf(c));
    return c.json({ deposit: toAnswer((await findDeposit(db, journalId, id))!) });
  })
  .get(at(scholarlyApi.deposits), async (c) => {
    const { year, volume, issue } = issueOf(c);
    const rows = await listIssueDeposits(c.get("db"), c.get("journal").id, year, volume, issue);
    return c.json({ deposits: rows.map(toAnswer) });
  })
  .post(at(scholarlyApi.deposit), async (c) => {
    const login = await loginOf(c);
    const built = await buildDeposit(c);
    const sent = await sendDeposit(login.endpoint, login.username, login.password, `${built.batchId}.xml`, built.xml);
    const actor = actorOf(c);
    const row = await insertDeposit(c.get("db"), {
      journalId: actor.journalId,
      year: built.year,
      volume: built.volume,
      issue: built.issue,
      batchId: built.batchId,
      status: sent.ok ? "submitted" : "failed",
      dois: JSON.stringify(built.dois),
      message: sent.message,
      submittedAt: new Date().toISOString(),
      submittedBy: actor.username,
    });
    // Recorded either way: a refused deposit keeps Crossref's reason for staff to read.
    return c.json({ deposit: toAnswer(row) }, 201);
  })
  .get(at(scholarlyApi.crossrefXml), async (c) => {
    const built = await buildDeposit(c);
    return new Response(built.xml, {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="crossref-${built.year}-vol${built.volume}-issue${built.issue}.xml"`,
        "Cache-Control": "no-store",
      },
    });
  });
