// OAI-PMH 2.0 (https://www.openarchives.org/OAI/openarchivesprotocol.html) at /oai, GET and POST: the six verbs,
// oai_dc, JATS and MARCXML (docs/decisions/0220), sets per volume and issue, from/until, and resumption tokens that
// page on (datestamp, key) so a harvest sees every record exactly once. Identifiers: oai:{primary host}:{refnumber},
// the same whichever of the journal's hosts answers. A record's datestamp is the last change of
// anything in it (the article, or the journal metadata it carries); articles that stopped being public are
// reported as deleted records (deletedRecord "persistent"). Protocol errors answer 200 with an <error>
// (docs/decisions/0102, 0150).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import type { ArticleRow } from "../core/data/schema";
import { findPublicArticleByRef } from "../archive/articles.repo";
import {
  anyPublicRefnumber,
  countHarvest,
  earliestDatestamp,
  findDeletedRecord,
  harvestRecords,
  listIssues,
  listSitemapArticles,
  type ArticleSet,
  type HarvestItem,
} from "./scholarly.repo";
import { indexerOrigin } from "./indexer-origin";
import { journalRecord, recordModified, scholarlyRecord } from "./scholarly-record";
import { OAI_DC, headerXml, oaiDatestamp, oaiDcXml, oaiEnvelope, oaiError } from "./oai-dc";
import { el, attrsOf } from "../core/xml";
import { JATS_OAI, jatsArticleElement } from "./jats";
import { MARCXML, marcxmlRecord } from "./marcxml";
import { repositoryDomain } from "./repository-domain";
import {
  OaiError,
  decodeToken,
  encodeToken,
  harvestBounds,
  readOaiRequest,
  readSetSpec,
  setSpecOf,
  type OaiRequest,
  type ResumeState,
} from "./oai-request";
import { refToLookUp } from "#contract/refnumber";
import { limitBody } from "../core/middleware/body-size";

/** A POSTed request: the longest legal one (every argument and a 2,000-character token) is well under this. */
export const OAI_BODY_MAX_BYTES = 16 * 1024;
/** Records (or identifiers) per ListRecords / ListIdentifiers page. */
export const OAI_PAGE_SIZE = 100;
const XML_TYPE = "text/xml; charset=utf-8";

type Ctx = Context<AppEnv>;

interface Repo {
  c: Ctx;
  origin: string;
  domain: string;
  baseUrl: string;
}

const identifierOf = (r: Repo, refnumber: string) => `oai:${r.domain}:${refnumber}`;

/** The formats every record is disseminated in, as ListMetadataFormats names them. */
const FORMATS = [OAI_DC, JATS_OAI, MARCXML] as const;
type FormatPrefix = (typeof FORMATS)[number]["prefix"];

function metadataOf(prefix: FormatPrefix, record: ReturnType<typeof scholarlyRecord>): string {
  if (prefix === "jats") return jatsArticleElement(record, JATS_OAI.namespace);
  if (prefix === "marcxml") return marcxmlRecord(record);
  return oaiDcXml(record);
}
const setsOf = (a: { volume: number; issue: number }) => [setSpecOf({ volume: a.volume }), setSpecOf({ volume: a.volume, issue: a.issue })];

/** The record of a public article (header and oai_dc), or the header alone of a deleted one. */
function recordXml(r: Repo, item: HarvestItem, prefix: FormatPrefix | null): string {
  const { article, deleted } = item;
  const source = article ?? deleted;
  const header = headerXml({
    identifier: identifierOf(r, source.refnumber ?? ""),
    datestamp: oaiDatestamp(item.datestamp),
    sets: setsOf(source),
    deleted: Boolean(deleted),
  });
  if (!prefix) return header;
  if (!article) return `<record>${header}</record>`;
  return `<record>${header}<metadata>${metadataOf(prefix, scholarlyRecord(article, r.c.get("journal"), r.origin))}</metadata></record>`;
}

/** A public article's record, else a deleted record's, for an identifier of this repository. */
async function recordByIdentifier(r: Repo, identifier: string): Promise<HarvestItem> {
  const prefix = `oai:${r.domain}:`;
  const ref = identifier.startsWith(prefix) ? refToLookUp(identifier.slice(prefix.length)) : null;
  const db = r.c.get("db");
  const journal = r.c.get("journal");
  if (ref) {
    const a: ArticleRow | undefined = await findPublicArticleByRef(db, journal.id, ref);
    if (a) return { article: a, datestamp: recordModified(a, journal), key: a.id };
    const d = await findDeletedRecord(db, journal.id, ref);
    if (d) return { deleted: d, datestamp: d.deletedAt, key: -d.id };
  }
  throw new OaiError("idDoesNotExist", `No record has the identifier ${identifier}.`);
}

function requireFormat(prefix: string): FormatPrefix {
  const format = FORMATS.find((f) => f.prefix === prefix);
  if (!format)
    throw new OaiError(
      "cannotDisseminateFormat",
      `The metadata format ${prefix} is not supported; use ${FORMATS.map((f) => f.prefix).join(", ")}.`,
    );
  return format.prefix;
}

async function identify(r: Repo): Promise<string> {
  const j = r.c.get("journal");
  const db = r.c.get("db");
  const [earliest, sampleRef] = await Promise.all([earliestDatestamp(db, j.id, j.recordsModified), anyPublicRefnumber(db, j.id)]);
  const email = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(j.websiteemail.trim()) ? j.websiteemail.trim() : `webmaster@${r.domain}`;
  // The identifier scheme is described with a sample that exists; a repository with no record yet has none to show.
  const description = sampleRef
    ? [
        "<description>",
        `<oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">`,
        el("scheme", "oai"),
        el("repositoryIdentifier", r.domain),
        el("delimiter", ":"),
        el("sampleIdentifier", identifierOf(r, sampleRef)),
        "</oai-identifier>",
        "</description>",
      ].join("")
    : "";
  return [
    "<Identify>",
    el("repositoryName", journalRecord(j).name),
    el("baseURL", r.baseUrl),
    el("protocolVersion", "2.0"),
    el("adminEmail", email),
    el("earliestDatestamp", oaiDatestamp(earliest ?? j.createdAt)),
    // Withdrawn articles stay deleted records for good (migrations/0021).
    el("deletedRecord", "persistent"),
    el("granularity", "YYYY-MM-DDThh:mm:ssZ"),
    description,
    "</Identify>",
  ].join("");
}

async function listMetadataFormats(r: Repo, args: Record<string, string>): Promise<string> {
  if (args.identifier) await recordByIdentifier(r, args.identifier);
  const formats = FORMATS.map(
    (f) =>
      `<metadataFormat>${el("metadataPrefix", f.prefix)}${el("schema", f.schema)}${el("metadataNamespace", f.namespace)}</metadataFormat>`,
  );
  return `<ListMetadataFormats>${formats.join("")}</ListMetadataFormats>`;
}

/** Every volume and issue that has an issue row or a public article, as sets. */
async function listSets(r: Repo, args: Record<string, string>): Promise<string> {
  if (args.resumptionToken) throw new OaiError("badResumptionToken", "ListSets answers in one response; no token was issued.");
  const db = r.c.get("db");
  const id = r.c.get("journal").id;
  const [issues, articles] = await Promise.all([listIssues(db, id), listSitemapArticles(db, id)]);
  const volumes = new Map<number, Set<number>>();
  const yearOf = new Map<string, number>();
  for (const x of [...issues, ...articles]) {
    if (!volumes.has(x.volume)) volumes.set(x.volume, new Set());
    volumes.get(x.volume)!.add(x.issue);
    yearOf.set(`${x.volume}:${x.issue}`, x.year);
  }
  if (volumes.size === 0) throw new OaiError("noSetHierarchy", "This journal has no volumes yet.");
  const sets: string[] = [];
  for (const [volume, nums] of [...volumes].sort((a, b) => a[0] - b[0])) {
    const years = [...nums].map((n) => yearOf.get(`${volume}:${n}`)!);
    const span = Math.min(...years) === Math.max(...years) ? `${years[0]}` : `${Math.min(...years)}–${Math.max(...years)}`;
    sets.push(`<set>${el("setSpec", setSpecOf({ volume }))}${el("setName", `Volume ${volume} (${span})`)}</set>`);
    for (const issue of [...nums].sort((a, b) => a - b)) {
      sets.push(
        `<set>${el("setSpec", setSpecOf({ volume, issue }))}${el("setName", `Vol. ${volume}, Issue ${issue} (${yearOf.get(`${volume}:${issue}`)})`)}</set>`,
      );
    }
  }
  return `<ListSets>${sets.join("")}</ListSets>`;
}

/** ListIdentifiers and ListRecords: one page, and a token for the next one (empty on the last page). */
async function listRecords(r: Repo, verb: "ListIdentifiers" | "ListRecords", args: Record<string, string>): Promise<string> {
  const journalId = r.c.get("journal").id;
  let state: Omit<ResumeState, "after"> & { after?: ResumeState["after"] };
  if (args.resumptionToken) {
    state = decodeToken(args.resumptionToken, journalId, verb);
  } else {
    const prefix = requireFormat(args.metadataPrefix);
    const bounds = harvestBounds(args);
    if (args.set !== undefined && !readSetSpec(args.set)) throw new OaiError("noRecordsMatch", `No set ${args.set} in this repository.`);
    state = { journal: journalId, verb, ...bounds, set: args.set, cursor: 0, prefix };
  }
  const set: ArticleSet | undefined = state.set ? (readSetSpec(state.set) ?? undefined) : undefined;
  const query = { from: state.from, until: state.until, set };
  const db = r.c.get("db");
  const recordsModified = r.c.get("journal").recordsModified;
  const [items, total] = await Promise.all([
    harvestRecords(db, journalId, recordsModified, { ...query, after: state.after, limit: OAI_PAGE_SIZE + 1 }),
    countHarvest(db, journalId, recordsModified, query),
  ]);
  if (items.length === 0) {
    if (args.resumptionToken) throw new OaiError("badResumptionToken", "The resumptionToken no longer matches any records.");
    throw new OaiError("noRecordsMatch", "No records match the request.");
  }
  const page = items.slice(0, OAI_PAGE_SIZE);
  const prefix = requireFormat(state.prefix ?? OAI_DC.prefix);
  const xml = page.map((item) => recordXml(r, item, verb === "ListRecords" ? prefix : null)).join("");
  let token = "";
  const tokenAttrs = { completeListSize: String(total), cursor: String(state.cursor) };
  if (items.length > OAI_PAGE_SIZE) {
    const last = page[page.length - 1];
    token = `<resumptionToken${attrsOf(tokenAttrs)}>${encodeToken({ ...state, after: { datestamp: last.datestamp, key: last.key }, cursor: state.cursor + page.length })}</resumptionToken>`;
  } else if (args.resumptionToken) {
    // The last page of a list that had several: an empty token says the list is complete.
    token = `<resumptionToken${attrsOf(tokenAttrs)}/>`;
  }
  return `<${verb}>${xml}${token}</${verb}>`;
}

async function getRecord(r: Repo, args: Record<string, string>): Promise<string> {
  const item = await recordByIdentifier(r, args.identifier);
  return `<GetRecord>${recordXml(r, item, requireFormat(args.metadataPrefix))}</GetRecord>`;
}

async function answer(c: Ctx, params: URLSearchParams): Promise<Response> {
  const origin = indexerOrigin(c);
  const repo: Repo = { c, origin, domain: repositoryDomain(c.get("journal"), origin), baseUrl: `${origin}/oai` };
  let req: OaiRequest | null = null;
  let body: string;
  try {
    req = readOaiRequest(params);
    const { verb, args } = req;
    body =
      verb === "Identify"
        ? await identify(repo)
        : verb === "ListMetadataFormats"
          ? await listMetadataFormats(repo, args)
          : verb === "ListSets"
            ? await listSets(repo, args)
            : verb === "GetRecord"
              ? await getRecord(repo, args)
              : await listRecords(repo, verb, args);
  } catch (err) {
    if (!(err instanceof OaiError)) throw err;
    body = oaiError(err.code, err.message);
    // The request element echoes the arguments only when the verb and arguments were legal.
    if (err.code === "badVerb" || err.code === "badArgument") req = null;
  }
  const attrs = req ? { verb: req.verb, ...req.args } : null;
  return new Response(oaiEnvelope(repo.baseUrl, attrs, body), { headers: { "Content-Type": XML_TYPE, "Cache-Control": "no-cache" } });
}

export const oaiRoutes = new Hono<AppEnv>()
  .get("/", (c) => answer(c, new URL(c.req.url).searchParams))
  // The body is limited before anything reads it (a declared length at once, a chunked one as it streams in).
  .post("/", limitBody(OAI_BODY_MAX_BYTES), async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) return answer(c, new URLSearchParams());
    // Decoded from the bytes: workerd's `.text()` logs a warning for every form body (not a type it knows as text).
    return answer(c, new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer())));
  });
