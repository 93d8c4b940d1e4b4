// The COUNTER_SUSHI API (Release 5.1) under /api/sushi/ (issue 40 item 4, docs/decisions/0223; issue 46,
// docs/decisions/0310): COUNTER 5.1's paths /r51/status (public), /r51/members, /r51/reports and the reports this
// platform fills (/r51/reports/pr, pr_p1, ir, ir_a1, tr, tr_j3), the same paths without /r51 as aliases, with
// COUNTER's parameters and Exceptions, answered in the shapes of COUNTER's OpenAPI document (tests/schemas/counter).
// Authentication: an API key made in the admin (api_key) with its own customer_id or the world's; wrong keys are
// throttled (sushi-throttle.ts).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import type { Endpoint } from "#contract/routes/endpoint";
import { indexerOrigin } from "../scholarly/indexer-origin";
import { journalRecord } from "../scholarly/scholarly-record";
import { clientIpOf } from "../auth/client-ip";
import {
  REPORTS,
  RELEASE,
  WORLD_CUSTOMER_ID,
  buildReport,
  exception,
  institutionIds,
  lastCompleteMonth,
  type ReportPath,
  type SushiException,
} from "./sushi";
import { readReportRequest, SushiRequestError } from "./sushi-request";
import { findSushiKey, firstUsageMonth, usageByArticleMonth } from "./sushi.repo";
import { finishSushiCheck, reserveSushiCheck } from "./sushi-throttle";
import { mountedAt } from "../core/routing/declared";
import { sushiApi } from "#contract/routes/sushi";

const at = mountedAt("/api/sushi");

type Ctx = Context<AppEnv>;
type Status = 200 | 400 | 401 | 403 | 404 | 429;

/** An Exception as the whole answer, with the HTTP status COUNTER gives it. */
class SushiError extends Error {
  constructor(
    readonly status: Exclude<Status, 200>,
    readonly body: SushiException,
  ) {
    super(body.Message);
  }
}

const json = (c: Ctx, body: unknown, status: Status = 200) =>
  c.json(body, status, { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" });

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Who is harvesting: the key's customer, and the customer_id asked with (the world's or the key's own). */
interface Customer {
  customerId: string;
  customerName: string;
  ownCustomerId: string;
}

/**
 * customer_id and api_key checked, in COUNTER's order: missing information (1030, 2000), too many wrong keys from
 * this caller (1020), the key (2020), then the institution (2010): a key harvests with its own customer_id or the
 * world's, never with another key's.
 */
async function authenticate(c: Ctx): Promise<Customer> {
  const q = new URL(c.req.url).searchParams;
  const customerId = q.get("customer_id")?.trim() ?? "";
  const key = q.get("api_key")?.trim() ?? "";
  if (!customerId) throw new SushiError(400, exception(1030, "customer_id is required"));
  if (!key) throw new SushiError(401, exception(2000, "api_key is required: ask the journal for one"));
  const db = c.get("db");
  const journalId = c.get("journal").id;
  const reserved = await reserveSushiCheck(db, journalId, customerId, clientIpOf(c.req.raw.headers), new Date());
  if (!reserved.ok) {
    c.header("Retry-After", String(reserved.retryAfterSeconds));
    throw new SushiError(
      429,
      exception(1020, `Too many wrong api_key values from this address: try again in ${reserved.retryAfterSeconds} seconds`),
    );
  }
  const found = await findSushiKey(db, journalId, await sha256Hex(key));
  const valid = found !== undefined && !found.revokedAt;
  await finishSushiCheck(db, reserved.attemptId, valid);
  if (!valid) throw new SushiError(401, exception(2020));
  const own = found.customerId;
  if (customerId !== WORLD_CUSTOMER_ID && customerId.toUpperCase() !== own.toUpperCase())
    throw new SushiError(403, exception(2010, `This api_key harvests customer_id ${own} (or ${WORLD_CUSTOMER_ID}, the same usage)`));
  return { customerId: customerId === WORLD_CUSTOMER_ID ? WORLD_CUSTOMER_ID : own, customerName: found.customerName, ownCustomerId: own };
}

const createdBy = (c: Ctx) => journalRecord(c.get("journal")).publisher || journalRecord(c.get("journal")).name;

async function report(c: Ctx, path: ReportPath) {
  const customer = await authenticate(c);
  const now = new Date();
  const req = readReportRequest(path, new URL(c.req.url), now);
  const ready = lastCompleteMonth(now);
  const period = { first: req.period.first, last: req.period.last > ready ? ready : req.period.last };
  const usage =
    period.first <= period.last
      ? await usageByArticleMonth(c.get("db"), c.get("journal").id, period.first, period.last)
      : { months: [], articles: [] };
  const body = buildReport(
    req,
    { journal: journalRecord(c.get("journal")), customerId: customer.customerId, origin: indexerOrigin(c), createdBy: createdBy(c), now },
    {
      months: usage.months.filter((m) => m.month >= period.first && m.month <= period.last),
      articles: usage.articles.filter((a) => a.status === "enabled" && a.refnumber),
    },
  );
  return json(c, body);
}

function status(c: Ctx) {
  const j = journalRecord(c.get("journal"));
  return json(c, [
    {
      Description: `COUNTER_SUSHI API of ${j.name} (COUNTER Release ${RELEASE})`,
      Service_Active: true,
      Note: `Reports: ${Object.values(REPORTS)
        .map((r) => r.id)
        .join(", ")}. Usage is reported for the world; ask the journal for an api_key and its customer_id.`,
    },
  ]);
}

async function members(c: Ctx) {
  const customer = await authenticate(c);
  const world = customer.customerId === WORLD_CUSTOMER_ID;
  return json(c, [
    {
      Customer_ID: customer.customerId,
      Institution_Name: world ? "The World" : customer.customerName,
      Institution_ID: institutionIds(customer.customerId),
      Notes: "Open access: usage is counted for all readers and not attributed to institutions; every report is the world's.",
    },
  ]);
}

async function reports(c: Ctx) {
  await authenticate(c);
  const first = (await firstUsageMonth(c.get("db"), c.get("journal").id)) ?? lastCompleteMonth(new Date());
  const last = lastCompleteMonth(new Date());
  return json(
    c,
    (Object.keys(REPORTS) as ReportPath[]).map((path) => ({
      Report_Name: REPORTS[path].name,
      Report_ID: REPORTS[path].id,
      Release: RELEASE,
      Report_Description: REPORTS[path].description,
      Path: `/r51/reports/${path}`,
      First_Month_Available: first > last ? last : first,
      Last_Month_Available: last,
    })),
  );
}

/** A report this server has, or 404 (an invalid path, COUNTER 5.1 Appendix D) with Release 5.0's Exception 3000. */
function oneReport(c: Ctx) {
  const path = c.req.param("report")?.toLowerCase() ?? "";
  if (!Object.hasOwn(REPORTS, path)) {
    const offered = Object.values(REPORTS).map((r) => r.id);
    throw new SushiError(404, exception(3000, `${path.slice(0, 40)}: this server has ${offered.join(", ")}`));
  }
  return report(c, path as ReportPath);
}

/** Each handler at its COUNTER 5.1 path and at the alias served before /r51/ (docs/decisions/0310). */
const both = (r51: Endpoint, alias: Endpoint) => [at(r51), at(alias)] as const;

export const sushiRoutes = new Hono<AppEnv>()
  .onError((err, c) => {
    if (err instanceof SushiError || err instanceof SushiRequestError) return json(c, err.body, err.status);
    throw err;
  })
  .on("GET", [...both(sushiApi.status, sushiApi.statusAlias)], status)
  .on("GET", [...both(sushiApi.members, sushiApi.membersAlias)], members)
  .on("GET", [...both(sushiApi.reports, sushiApi.reportsAlias)], reports)
  .on("GET", [...both(sushiApi.report, sushiApi.reportAlias)], oneReport);
