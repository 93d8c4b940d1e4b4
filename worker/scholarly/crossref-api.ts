// Crossref's HTTPS deposit API (issue 40 item 5, docs/decisions/0224): POST {endpoint}/servlet/deposit
// (multipart: operation=doMDUpload, login_id, login_passwd, fname = the XML), then the submission's result at
// GET {endpoint}/servlet/submissionDownload?usr&pwd&doi_batch_id&type=result (a doi_batch_diagnostic document).
// The endpoint is https://doi.crossref.org in production, https://test.crossref.org for trials.

export interface DepositAnswer {
  ok: boolean;
  /** Crossref's words (its page's text), for staff. */
  message: string;
}

/** Page text without markup, short. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);

export async function sendDeposit(endpoint: string, user: string, password: string, fileName: string, xml: string): Promise<DepositAnswer> {
  const form = new FormData();
  form.set("operation", "doMDUpload");
  form.set("login_id", user);
  form.set("login_passwd", password);
  form.set("fname", new File([xml], fileName, { type: "application/xml" }));
  let res: Response;
  try {
    res = await fetch(`${endpoint.replace(/\/+$/, "")}/servlet/deposit`, { method: "POST", body: form });
  } catch (err) {
    return { ok: false, message: `Crossref could not be reached: ${String((err as Error).message ?? err)}` };
  }
  const body = await res.text();
  const message = textOf(body) || `HTTP ${res.status}`;
  if (res.status === 401 || res.status === 403)
    return { ok: false, message: `Crossref refused the login (HTTP ${res.status}): ${message}` };
  if (!res.ok) return { ok: false, message: `Crossref answered HTTP ${res.status}: ${message}` };
  // Crossref answers 200 with a page saying SUCCESS or FAILURE.
  if (/FAILURE/i.test(body) || !/SUCCESS/i.test(body)) return { ok: false, message };
  return { ok: true, message };
}

export interface RecordResult {
  doi: string;
  status: "Success" | "Warning" | "Failure";
  message: string;
}

export interface SubmissionResult {
  /** queued, in_process, completed, unknown_submission (or what Crossref says next). */
  status: string;
  records: RecordResult[];
}

const xmlDecode = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();

/** Reads a doi_batch_diagnostic document: its status and each record's DOI, status and message. */
export function readDiagnostic(xml: string): SubmissionResult {
  const status = /<doi_batch_diagnostic[^>]*\sstatus="([^"]*)"/.exec(xml)?.[1] ?? "unknown";
  const records: RecordResult[] = [];
  for (const m of xml.matchAll(/<record_diagnostic[^>]*\sstatus="([^"]*)"[^>]*>([\s\S]*?)<\/record_diagnostic>/g)) {
    const doi = xmlDecode(/<doi>([\s\S]*?)<\/doi>/.exec(m[2])?.[1] ?? "");
    const message = xmlDecode(/<msg>([\s\S]*?)<\/msg>/.exec(m[2])?.[1] ?? "");
    const s = m[1] === "Success" || m[1] === "Warning" ? m[1] : "Failure";
    records.push({ doi, status: s, message });
  }
  return { status, records };
}

export async function fetchSubmission(
  endpoint: string,
  user: string,
  password: string,
  batchId: string,
): Promise<SubmissionResult | { error: string }> {
  const q = new URLSearchParams({ usr: user, pwd: password, doi_batch_id: batchId, type: "result" });
  let res: Response;
  try {
    res = await fetch(`${endpoint.replace(/\/+$/, "")}/servlet/submissionDownload?${q}`);
  } catch (err) {
    return { error: `Crossref could not be reached: ${String((err as Error).message ?? err)}` };
  }
  const body = await res.text();
  if (!res.ok) return { error: `Crossref answered HTTP ${res.status}: ${textOf(body)}` };
  return readDiagnostic(body);
}
