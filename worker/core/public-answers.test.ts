// Every public answer (no token) carries exactly the keys of its allowlist schema in contract/api.ts, and
// no private value (editors' e-mail and phone, articles' e-mail, mobile, transaction id, payment and staff
// fields, submissions) appears anywhere on a public path, JSON or HTML.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createArticle, createEditor, createIndexing, createIssue, createJournal, db, request } from "#tests/api/fixtures";
import {
  publicArchiveYearSchema,
  publicArticleDetailSchema,
  publicEditorSchema,
  publicIndexingEntrySchema,
  publicIssueArticlesSchema,
  publicSearchResultsSchema,
  publicSettingsSchema,
} from "#contract/api";
import { submissions } from "./data/schema";

/** The keys a schema allows, recursively: arrays by their element, objects by their shape. */
function keysOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodArray) return [keysOf(schema.element as z.ZodType)];
  if (schema instanceof z.ZodNullable) return keysOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(
      Object.entries(schema.shape)
        .map(([k, v]) => [k, keysOf(v as z.ZodType)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  }
  return "value";
}

/** The same key tree of an actual answer (every array element must have the same keys). */
function keysOfValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const shapes = value.map(keysOfValue);
    for (const s of shapes) expect(s).toEqual(shapes[0]);
    return [shapes[0]];
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, keysOfValue(v)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  }
  return "value";
}

const SECRETS = {
  editorEmail: "private.editor@secret-mail.example",
  editorPhone: "+91 98765 43210",
  articleEmail: "corresponding.author@secret-mail.example",
  articleMobile: "+234 803 555 0199",
  txnid: "UPI/998877665544",
  description: "Internal note: invoice sent",
  createdby: "staffer-createdby-7731",
  submissionEmail: "submitter@secret-mail.example",
  submissionTitle: "Unpublished manuscript about zebrafish 4412",
};

async function journalWithPrivateData() {
  const j = await createJournal();
  await createIssue(j.id, 2024, 3, 2);
  await createIndexing(j.id, { title: "Scholar Index", image: "logo.png" });
  const editor = await createEditor(j.id, {
    name: "Dr. Public Name",
    email: SECRETS.editorEmail,
    phone: SECRETS.editorPhone,
    country: "India",
  });
  const article = await createArticle(j.id, {
    refnumber: "IJ-PRIV-1",
    title: "Zebrafish fin regeneration",
    year: 2024,
    volume: 3,
    issue: 2,
    file: "IJ-PRIV-1.pdf",
    referenceList: "Smith J. Fin regrowth in teleosts. Dev Biol. 2020;12:1-9.", // so `references` has an element to check
    funding: "Wellcome Trust | WT-1", // and `funders` one too
    // and each author's `ror` (both authors carry one: every element of a list must show the same keys)
    authorDetails: JSON.stringify([
      { affiliation: "University of California, Berkeley", orcid: "", ror: "https://ror.org/01an7q238" },
      { affiliation: "California Digital Library", orcid: "", ror: "https://ror.org/03yrm5c26" },
    ]),
    // and `translations` one (an Indonesian version of the title and abstract)
    translations: JSON.stringify([{ lang: "id", title: "Regenerasi sirip ikan zebra", abstract: "<p>Ringkasan.</p>", keywords: "" }]),
    email: SECRETS.articleEmail,
    mobile: SECRETS.articleMobile,
    txnid: SECRETS.txnid,
    description: SECRETS.description,
    createdby: SECRETS.createdby,
    modifiedby: SECRETS.createdby,
    ptype: "paid",
  });
  await db.insert(submissions).values({
    journalId: j.id,
    reference: "SUB-20260101-ABCDEF",
    name: "Sub Mitter",
    email: SECRETS.submissionEmail,
    title: SECRETS.submissionTitle,
    file: "SUB-20260101-ABCDEF.pdf",
    createdAt: new Date().toISOString(),
  });
  return { j, editor, article };
}

describe("public answers carry only their allowlist's keys", () => {
  it("every public JSON path answers exactly its schema's keys", async () => {
    const { j, editor, article } = await journalWithPrivateData();
    const cases: [string, z.ZodType][] = [
      ["/api/settings/", publicSettingsSchema],
      ["/api/indexing/", z.array(publicIndexingEntrySchema)],
      ["/api/editors/", z.array(publicEditorSchema)],
      [`/api/editors/${editor.id}`, publicEditorSchema],
      ["/api/archives/", z.array(publicArchiveYearSchema)],
      ["/api/archives/2024/vol3/issue2", publicIssueArticlesSchema],
      ["/api/archives/ref/IJ-PRIV-1", publicArticleDetailSchema],
      [`/api/archives/${article.id}`, publicArticleDetailSchema],
      ["/api/search?q=zebrafish", publicSearchResultsSchema],
    ];
    for (const [path, schema] of cases) {
      const res = await request(j.host, path);
      expect(res.status, path).toBe(200);
      const body = await res.json();
      expect(JSON.stringify(body), path).not.toBe("[]"); // a non-empty answer, so the element keys are checked
      expect(keysOfValue(body), path).toEqual(keysOf(schema));
    }
  });

  it("editors' e-mail and phone, articles' contact, payment and staff fields never appear on a public path", async () => {
    const { j, editor, article } = await journalWithPrivateData();
    const paths = [
      "/api/settings/",
      "/api/indexing/",
      "/api/editors/",
      `/api/editors/${editor.id}`,
      "/api/archives/",
      "/api/archives/2024/vol3/issue2",
      "/api/archives/ref/IJ-PRIV-1",
      `/api/archives/${article.id}`,
      "/api/search?q=zebrafish",
      "/api/search?q=UPI",
      "/",
      "/board",
      "/archives/2024/vol3/issue2",
      "/archives/2024/vol3/issue2/IJ-PRIV-1",
      "/search?q=zebrafish",
      "/pdf?refno=IJ-PRIV-1",
    ];
    for (const path of paths) {
      const res = await request(j.host, path);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const [what, secret] of Object.entries(SECRETS)) expect(text.includes(secret), `${what} on ${path}`).toBe(false);
    }
    // The public editor answer still carries what the board shows.
    const board = (await (await request(j.host, "/api/editors/")).json()) as Record<string, unknown>[];
    expect(board[0]).toMatchObject({ name: "Dr. Public Name", country: "India" });
    expect(board[0]).not.toHaveProperty("email");
    expect(board[0]).not.toHaveProperty("phone");
  });
});
