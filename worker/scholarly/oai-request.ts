// Reading an OAI-PMH request: the arguments (query string or form body), their legality per verb, dates and the
// resumption token. Every problem is an OAI error code, never an HTTP error.
import type { OaiErrorCode } from "./oai-dc";
import type { ArticleSet, HarvestPosition } from "./scholarly.repo";

export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const VERBS = ["Identify", "ListMetadataFormats", "ListSets", "ListIdentifiers", "ListRecords", "GetRecord"] as const;
export type Verb = (typeof VERBS)[number];

/** Arguments each verb allows (required ones first); resumptionToken is exclusive where allowed. */
const ALLOWED: Record<Verb, { required: string[]; optional: string[] }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: ["resumptionToken"] },
  ListIdentifiers: { required: ["metadataPrefix"], optional: ["from", "until", "set", "resumptionToken"] },
  ListRecords: { required: ["metadataPrefix"], optional: ["from", "until", "set", "resumptionToken"] },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
};

export interface OaiRequest {
  verb: Verb;
  args: Record<string, string>;
}

/** Checks the verb and the arguments' names, repetitions and required ones. */
export function readOaiRequest(params: URLSearchParams): OaiRequest {
  const verbs = params.getAll("verb");
  if (verbs.length !== 1 || !(VERBS as readonly string[]).includes(verbs[0])) {
    throw new OaiError("badVerb", verbs.length > 1 ? "The verb argument is repeated." : "Illegal or missing OAI-PMH verb.");
  }
  const verb = verbs[0] as Verb;
  const rule = ALLOWED[verb];
  const args: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name === "verb") continue;
    if (name in args) throw new OaiError("badArgument", `The argument ${name} is repeated.`);
    if (!rule.required.includes(name) && !rule.optional.includes(name))
      throw new OaiError("badArgument", `Illegal argument ${name} for ${verb}.`);
    args[name] = value;
  }
  if ("resumptionToken" in args) {
    if (Object.keys(args).length > 1) throw new OaiError("badArgument", "resumptionToken is an exclusive argument.");
  } else {
    for (const name of rule.required) if (!args[name]) throw new OaiError("badArgument", `Missing required argument ${name}.`);
  }
  return { verb, args };
}

/** A from/until value: "YYYY-MM-DD" or "YYYY-MM-DDThh:mm:ssZ", as [ISO timestamp, granularity]. */
export function readDate(value: string, name: string): { iso: string; day: boolean } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (!day && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value))
    throw new OaiError("badArgument", `Illegal ${name} date; use YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.`);
  const d = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(value.slice(0, 10)))
    throw new OaiError("badArgument", `Illegal ${name} date.`);
  return { iso: d.toISOString(), day };
}

/** The harvest's bounds: from inclusive; until inclusive at its granularity, turned into an exclusive bound. */
export function harvestBounds(args: Record<string, string>): { from?: string; until?: string } {
  const from = args.from !== undefined ? readDate(args.from, "from") : undefined;
  const until = args.until !== undefined ? readDate(args.until, "until") : undefined;
  if (from && until && from.day !== until.day) throw new OaiError("badArgument", "from and until must have the same granularity.");
  if (from && until && from.iso > until.iso) throw new OaiError("badArgument", "from is later than until.");
  return { from: from?.iso, until: until ? exclusiveBound(until) : undefined };
}

/** Year 10000 begins here: ISO strings past it ("+010000-...") sort before every stored date. */
const END_OF_ISO_TIME = Date.UTC(10000, 0, 1);

/**
 * The instant just after an inclusive until (the next day or second). None at the end of 9999: nothing stored
 * can be later, and the year 10000's ISO string would sort before every stored date (issue 25).
 */
function exclusiveBound(until: { iso: string; day: boolean }): string | undefined {
  const next = new Date(until.iso).getTime() + (until.day ? 86_400_000 : 1000);
  return next >= END_OF_ISO_TIME ? undefined : new Date(next).toISOString();
}

/** "vol3" or "vol3:issue2" -> the set; null when the spec is not one of this repository's shapes. */
export function readSetSpec(spec: string): ArticleSet | null {
  const m = /^vol(\d{1,9})(?::issue(\d{1,9}))?$/.exec(spec);
  return m ? { volume: Number(m[1]), ...(m[2] !== undefined ? { issue: Number(m[2]) } : {}) } : null;
}

export const setSpecOf = (s: ArticleSet) => (s.issue === undefined ? `vol${s.volume}` : `vol${s.volume}:issue${s.issue}`);

/** What a resumption token carries: the original request and where the next page starts. */
export interface ResumeState {
  journal: number;
  verb: "ListIdentifiers" | "ListRecords";
  from?: string;
  until?: string;
  set?: string;
  after: HarvestPosition;
  cursor: number;
  /** The metadataPrefix of the list (a token of 8 parts, written before there were other formats, is oai_dc). */
  prefix?: string;
}

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export function encodeToken(state: ResumeState): string {
  return b64url(
    JSON.stringify([
      state.journal,
      state.verb,
      state.from ?? "",
      state.until ?? "",
      state.set ?? "",
      state.after.datestamp,
      state.after.key,
      state.cursor,
      ...(state.prefix && state.prefix !== "oai_dc" ? [state.prefix] : []),
    ]),
  );
}

/** Reads a token this repository issued for this journal and verb; anything else is badResumptionToken. */
export function decodeToken(token: string, journal: number, verb: Verb): ResumeState {
  const bad = () => new OaiError("badResumptionToken", "The resumptionToken is invalid or expired.");
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(token)) throw bad();
  let parts: unknown;
  try {
    const bin = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
    parts = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || (parts.length !== 8 && parts.length !== 9)) throw bad();
  const [j, v, from, until, set, mod, id, cursor, prefix = "oai_dc"] = parts;
  if (typeof prefix !== "string" || !/^[a-z_]{1,20}$/.test(prefix)) throw bad();
  const isIso = (x: unknown) => x === "" || (typeof x === "string" && !Number.isNaN(Date.parse(x)));
  if (j !== journal || v !== verb || !isIso(from) || !isIso(until) || typeof set !== "string" || (set && !readSetSpec(set))) throw bad();
  if (typeof mod !== "string" || !Number.isSafeInteger(id) || !Number.isSafeInteger(cursor) || cursor < 0) throw bad();
  return {
    journal: j,
    verb: v,
    from: from || undefined,
    until: until || undefined,
    set: set || undefined,
    after: { datestamp: mod, key: id },
    cursor,
    prefix,
  };
}
