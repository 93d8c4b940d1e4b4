// Test helper: runs an independent checker (tests/file-checkers.ts, in Node) on bytes a test made in workerd.
import { env } from "cloudflare:test";

export interface CheckResult {
  ok: boolean;
  code: number;
  output: string;
}

export async function fileCheck(
  tool: "qpdf-check" | "qpdf-json" | "unzip-test" | "python-zip" | "java-zip" | "pdftotext" | "qr-scan" | "pdf-metadata",
  bytes: Uint8Array,
): Promise<CheckResult> {
  const res = await env.FILE_CHECK.fetch(`http://checker/${tool}`, { method: "POST", body: bytes });
  return res.json();
}

/** qpdf --json of a PDF, parsed (qpdf's JSON v2: "qpdf": [header, { "obj:N 0 R": { value } }]). */
export async function qpdfJson(
  bytes: Uint8Array,
): Promise<{ trailer: Record<string, unknown>; objects: Record<string, { value?: unknown }> }> {
  const r = await fileCheck("qpdf-json", bytes);
  if (!r.ok) throw new Error(r.output);
  const json = JSON.parse(r.output);
  const objects = json.qpdf[1] as Record<string, { value?: unknown }>;
  return { trailer: (objects.trailer?.value ?? {}) as Record<string, unknown>, objects };
}
