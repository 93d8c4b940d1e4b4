// Helpers of the workflow's tests: a submitted manuscript, staff calls, links read from the outbox as the
// recipient would, and a signed-link session (the cookie the link exchange sets).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { dbOf, request, type TestJournal } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { mailOutbox, manuscripts } from "../core/data/schema";
import type { ManuscriptDetail, OutboxMessage } from "#contract/workflow";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";

let ip = 0;

// Test answers are read loosely, as a test of another program's JSON would.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;

export interface Staff {
  get: <T = Loose>(path: string) => Promise<{ status: number; body: T }>;
  post: <T = Loose>(path: string, json?: unknown) => Promise<{ status: number; body: T }>;
  put: <T = Loose>(path: string, json: unknown) => Promise<{ status: number; body: T }>;
}

export async function staffOf(j: TestJournal): Promise<Staff> {
  const token = await adminToken(j);
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await request(j.host, `/api/admin${path}`, {
      method,
      headers: { ...bearer(token), ...(json !== undefined ? { "content-type": "application/json" } : {}) },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Loose };
  };
  return { get: (p) => call("GET", p), post: (p, b) => call("POST", p, b ?? {}), put: (p, b) => call("PUT", p, b) };
}

export const AUTHOR = { name: "Dr. Ayesha Siddiqa", email: "ayesha.siddiqa@uni.example.org" };

/**
 * A PDF as a word processor writes it: the page text, and the writer's name in the document information dictionary
 * (Author, Creator, Title) and in XMP metadata (dc:creator, xmp:CreatorTool), which double-blind review must not
 * pass on (issue 48 item 1).
 */
export async function pdfNaming(person: string, text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text.slice(0, 40), { x: 20, y: 150, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
  doc.setAuthor(person);
  doc.setCreator(`Microsoft Word for ${person}`);
  doc.setTitle(`${text} by ${person}`);
  const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><dc:creator><rdf:Seq><rdf:li>${person}</rdf:li></rdf:Seq></dc:creator><xmp:CreatorTool>Word (${person})</xmp:CreatorTool></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(doc.context.stream(xmp, { Type: "Metadata", Subtype: "XML" })));
  return doc.save({ useObjectStreams: true });
}

/** Submits through Submit Online. One address is acknowledged at most 3 times a day per journal (decision 0301): a
 * test that submits more passes its own `email` per manuscript. The PDF names its author in its metadata unless
 * `file` is given. */
export async function submitManuscript(
  j: TestJournal,
  title = "Groundwater arsenic in the Indus delta",
  {
    email = AUTHOR.email,
    country = "Pakistan",
    file,
    fields = [],
  }: { email?: string; country?: string; file?: Uint8Array; fields?: [string, string][] } = {},
) {
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: AUTHOR.name, email, country, title })) f.set(k, v);
  // Further form fields (the optional ones, co-author rows repeated), appended in order.
  for (const [k, v] of fields) f.append(k, v);
  const bytes = file ?? (await pdfNaming(AUTHOR.name, `manuscript ${title}`));
  f.set("pdfFile", new File([bytes], "Siddiqa-arsenic-final.pdf", { type: "application/pdf" }));
  const res = await request(j.host, "/api/submissions", {
    method: "POST",
    body: f,
    headers: { "cf-connecting-ip": `203.0.113.${++ip % 250}` },
  });
  const { reference } = (await res.json()) as { reference: string };
  // The queue consumer makes the manuscript and writes the acknowledgement: wait for both.
  for (let i = 0; i < 100; i++) {
    const [m] = await dbOf(j).select().from(manuscripts).where(eq(manuscripts.reference, reference));
    const acked =
      m && (await dbOf(j).select().from(mailOutbox).where(eq(mailOutbox.manuscriptId, m.id))).some((r) => r.kind === "acknowledgement");
    if (acked) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no manuscript started for ${reference}`);
}

export async function outboxOf(staff: Staff): Promise<OutboxMessage[]> {
  return (await staff.get<{ messages: OutboxMessage[] }>("/outbox")).body.messages;
}

/** A plain-text e-mail as it reaches the email() handler (for receiveMail). */
export const rawMail = (from: string, to: string, subject: string, body: string) =>
  new TextEncoder().encode(
    [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, "Content-Type: text/plain; charset=utf-8", "", body, ""].join("\r\n"),
  );

/** The signed link in a message's text (as its recipient reads it). */
export function linkIn(text: string, purpose: "review" | "track"): { url: string; token: string } {
  const m = new RegExp(`(https?://[^\\s]+/${purpose})#([^\\s]+)`).exec(text);
  if (!m) throw new Error(`no ${purpose} link in: ${text}`);
  return { url: m[1], token: m[2] };
}

export async function detail(staff: Staff, id: number): Promise<ManuscriptDetail> {
  return (await staff.get<ManuscriptDetail>(`/manuscripts/${id}`)).body;
}

/** Trades a link's token for its cookie, as /workflow-link.js does; answers the Cookie header to send. */
export async function openSession(
  host: string,
  purpose: "review" | "track",
  token: string,
): Promise<{ status: number; cookie: string; body: Loose }> {
  const res = await request(host, "/api/workflow/link", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ purpose, token }),
  });
  const set = res.headers.get("set-cookie") ?? "";
  return { status: res.status, cookie: set.split(";")[0], body: await res.json() };
}

export function linkRequest(host: string, path: string, cookie: string, init: RequestInit = {}) {
  return request(host, path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie }, redirect: "manual" });
}

/** Waits until the queue consumer has dealt with every message of the journal (sent or failed). */
export async function drained(journalId: number, timeoutMs = 8000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    const rows = await dbOf(journalId).select().from(mailOutbox).where(eq(mailOutbox.journalId, journalId));
    if (rows.every((r) => r.status === "sent" || r.status === "failed")) return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`outbox not drained: ${rows.map((r) => `${r.id}:${r.status}`).join(",")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export { env };
