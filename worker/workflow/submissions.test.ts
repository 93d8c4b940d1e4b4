import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createJournal, pdfBytes, request } from "#tests/api/fixtures";
import { findSubmissionByReference } from "./submissions.repo";
import { fileKeys } from "../core/files/keys";
import { db } from "#tests/api/fixtures";
import { PDF_MAX_BYTES } from "#contract/constants";
import { SUBMISSIONS_PER_WINDOW } from "#contract/submission";

interface FormInput {
  name?: string;
  email?: string;
  country?: string;
  phone?: string;
  address?: string;
  title?: string;
  file?: Uint8Array | null;
  fileName?: string;
}

function form(over: FormInput = {}): FormData {
  const f = new FormData();
  const fields = {
    name: "Dr. Asha Verma",
    email: "asha@example.org",
    country: "India",
    phone: "+91 98765 43210",
    address: "Dept. of Botany\nUniversity of Pune",
    title: "Soil microbes & <i>Rhizobium</i> yield",
    ...over,
  };
  for (const k of ["name", "email", "country", "phone", "address", "title"] as const) {
    if (fields[k] !== undefined) f.set(k, fields[k]!);
  }
  const file = over.file === undefined ? pdfBytes("manuscript") : over.file;
  if (file) f.set("pdfFile", new File([file], over.fileName ?? "manuscript.pdf", { type: "application/pdf" }));
  return f;
}

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function submit(host: string, body: FormData, headers: Record<string, string> = {}) {
  return request(host, "/api/submissions", { method: "POST", body, headers: { "cf-connecting-ip": freshIp(), ...headers } });
}

/** A PDF body of exactly `size` bytes (valid signature, padded). */
function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
}

async function submissionObjects(journalId: number) {
  const listed = await env.FILES.list({ prefix: fileKeys.submission(journalId, "") });
  return listed.objects.map((o) => o.key);
}

describe("POST /api/submissions", () => {
  it("stores the manuscript in R2 and the record in D1, and answers 201 with the reference", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form());
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect(reference).toMatch(/^SUB-\d{8}-[2-9A-HJ-NP-Z]{6}$/);

    const row = await findSubmissionByReference(db, j.id, reference);
    expect(row).toMatchObject({
      name: "Dr. Asha Verma",
      email: "asha@example.org",
      country: "India",
      phone: "+91 98765 43210",
      address: "Dept. of Botany\nUniversity of Pune",
      title: "Soil microbes & <i>Rhizobium</i> yield",
    });
    expect(row!.file).toMatch(new RegExp(`^${reference}-[0-9a-z]{10}\\.pdf$`));
    expect(row!.fileSize).toBe(pdfBytes("manuscript").byteLength);

    const object = await env.FILES.get(fileKeys.submission(j.id, row!.file));
    expect(object).not.toBeNull();
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdfBytes("manuscript"));
    expect(object!.httpMetadata?.contentType).toBe("application/pdf");
  });

  it("accepts a submission without the optional fields (no country chosen, no phone, no address)", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form({ country: "", phone: undefined, address: undefined }));
    expect(res.status).toBe(201);
  });

  it("requires name, a valid e-mail and the title, naming the fields that failed; nothing is stored", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form({ name: "  ", email: "not-an-email", title: "" }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: string[] };
    expect(body.error).toBe("invalid_input");
    expect(body.fields.sort()).toEqual(["email", "name", "title"]);
    expect(await submissionObjects(j.id)).toEqual([]);
  });

  it("rejects a country outside the form's list", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form({ country: "Atlantis" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_input", fields: ["country"] });
  });

  it("answers missing_file when no PDF is attached", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form({ file: null }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "missing_file" });
  });

  it("judges the file by its first bytes: a PNG named .pdf is invalid_file_type", async () => {
    const j = await createJournal();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await submit(j.host, form({ file: png, fileName: "paper.pdf" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_file_type" });
    expect(await submissionObjects(j.id)).toEqual([]);
  });

  it("accepts a PDF of exactly 5,242,880 bytes and refuses one byte more with 413 file_too_large", async () => {
    const j = await createJournal();
    const ok = await submit(j.host, form({ file: pdfOfSize(PDF_MAX_BYTES) }));
    expect(ok.status).toBe(201);
    const tooBig = await submit(j.host, form({ file: pdfOfSize(PDF_MAX_BYTES + 1) }));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: "file_too_large" });
    expect(await submissionObjects(j.id)).toHaveLength(1);
  });

  it(`throttles one IP after ${SUBMISSIONS_PER_WINDOW} submissions per hour, per journal`, async () => {
    const j = await createJournal();
    const other = await createJournal();
    const ip = "203.0.113.77";
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) {
      const res = await submit(j.host, form({ title: `Paper ${i}` }), { "cf-connecting-ip": ip });
      expect(res.status).toBe(201);
    }
    const refused = await submit(j.host, form({ title: "One too many" }), { "cf-connecting-ip": ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "too_many_submissions" });
    expect(refused.headers.get("retry-after")).toBe("3600");
    // Another visitor, and the same visitor on another journal, are not affected.
    expect((await submit(j.host, form(), { "cf-connecting-ip": "203.0.113.78" })).status).toBe(201);
    expect((await submit(other.host, form(), { "cf-connecting-ip": ip })).status).toBe(201);
  });

  it("refuses posts from another site's pages (Origin of a different host)", async () => {
    const j = await createJournal();
    const res = await submit(j.host, form(), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "forbidden_origin" });
    const same = await submit(j.host, form(), { origin: `https://${j.host}` });
    expect(same.status).toBe(201);
  });

  it("refuses a body that is not multipart", async () => {
    const j = await createJournal();
    const res = await request(j.host, "/api/submissions", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ name: "x" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_input" });
  });
});
