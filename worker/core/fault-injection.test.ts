// Every admin write (and the public submission), with the D1 and R2 bindings failing at each platform call in
// turn — before the call reaches the platform, or after it took effect with its answer lost. After every run:
//  - the answer is a success, or an error with a JSON `{ error }` code the admin UI turns into a readable message;
//  - no orphan object, no row naming a missing object (the bucket equals exactly what the rows name);
//  - a failed write left the previous data intact (rows and every file's bytes), with no audit event; a write that
//    took effect has exactly one audit event.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import {
  createArticle,
  createEditor,
  createIssue,
  createJournal,
  db,
  pdfBytes,
  putArticleFile,
  type TestJournal,
  d1Of,
} from "#tests/api/fixtures";
import { expectConsoleError } from "#tests/api/console-guard";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { FaultPlan, requestWithFaults, type FaultMode } from "#tests/api/faulty-bindings";
import { adminEvents, articles, editors, issues, journals, submissions } from "./data/schema";
import { fileKeys } from "./files/keys";
import { auditFiles } from "../platform/file-orphans";
import { saveErrorMessage, GENERIC_SAVE_ERROR } from "../../web/admin/save-errors";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

interface Snapshot {
  rows: unknown;
  files: Record<string, string>;
  events: number;
}

async function sha256(bytes: ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every row and file (by content hash) of the journal. */
async function snapshot(j: TestJournal): Promise<Snapshot> {
  const rows = {
    journal: await db.select().from(journals).where(eq(journals.id, j.id)),
    articles: await db.select().from(articles).where(eq(articles.journalId, j.id)).orderBy(articles.id),
    editors: await db.select().from(editors).where(eq(editors.journalId, j.id)).orderBy(editors.id),
    issues: await db.select().from(issues).where(eq(issues.journalId, j.id)).orderBy(issues.id),
    submissions: await db.select().from(submissions).where(eq(submissions.journalId, j.id)).orderBy(submissions.id),
  };
  const files: Record<string, string> = {};
  for (const o of (await env.FILES.list({ prefix: `journals/${j.id}/` })).objects) {
    files[o.key] = await sha256(await (await env.FILES.get(o.key))!.arrayBuffer());
  }
  const events = (await db.select().from(adminEvents).where(eq(adminEvents.journalId, j.id))).length;
  return { rows, files, events };
}

interface Scenario {
  name: string;
  /** A fresh journal in its "before" state; returns what `send` needs. */
  setup(): Promise<{ j: TestJournal; token: string; id?: number }>;
  send(plan: FaultPlan, s: { j: TestJournal; token: string; id?: number }): Promise<Response>;
  /** Whether the write is visible in the journal's data. */
  applied(after: Snapshot, s: { j: TestJournal; id?: number }): boolean;
  audited: boolean;
}

const form = (fields: Record<string, string>, file?: [string, Uint8Array, string]) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set(file[0], new File([file[1]], file[2]));
  return f;
};

const articleFields = (ref: string) => ({
  title: `Fault tolerant ${ref}`,
  abstract: "Abstract.",
  authorname: "A. One",
  refnumber: ref,
  txnid: `TXN-${ref}`,
  ptype: "paid",
  pagenumber: "1-9",
  publishdate: "2024-05-06",
  year: "2024",
  volume: "3",
  issue: "2",
  email: "a@example.org",
});

async function journalWithAdmin() {
  const j = await createJournal();
  await createIssue(j.id, 2024, 3, 2);
  return { j, token: await adminToken(j) };
}

const rowsOf = (s: Snapshot) =>
  s.rows as {
    articles: (typeof articles.$inferSelect)[];
    editors: (typeof editors.$inferSelect)[];
    issues: (typeof issues.$inferSelect)[];
    journal: (typeof journals.$inferSelect)[];
    submissions: unknown[];
  };

const scenarios: Scenario[] = [
  {
    name: "add article with its PDF",
    setup: journalWithAdmin,
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, "/api/admin/archives/", {
        method: "POST",
        headers: bearer(s.token),
        body: form(articleFields("FT-ADD"), ["pdfFile", pdfBytes("new article"), "a.pdf"]),
      }),
    applied: (after) => rowsOf(after).articles.some((a) => a.refnumber === "FT-ADD" && a.file !== ""),
    audited: true,
  },
  {
    name: "edit article: new PDF and a new reference number (a move)",
    async setup() {
      const s = await journalWithAdmin();
      const a = await createArticle(s.j.id, { ...articleFields("FT-OLD"), year: 2024, volume: 3, issue: 2, file: "FT-OLD.pdf" });
      await putArticleFile(s.j.id, a, pdfBytes("original"));
      return { ...s, id: a.id };
    },
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, `/api/archives/${s.id}`, {
        method: "POST",
        headers: bearer(s.token),
        body: form({ refnumber: "FT-NEW", title: "Renamed" }, ["pdfFile", pdfBytes("replacement"), "b.pdf"]),
      }),
    applied: (after) => rowsOf(after).articles.some((a) => a.refnumber === "FT-NEW"),
    audited: true,
  },
  {
    name: "add editor with a picture",
    setup: journalWithAdmin,
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, "/api/editors", {
        method: "POST",
        headers: bearer(s.token),
        body: form({ name: "Dr. Fault", category: "chief editor", post: "Professor", content: "Uni" }, ["imgFile", PNG, "p.png"]),
      }),
    applied: (after) => rowsOf(after).editors.some((e) => e.name === "Dr. Fault"),
    audited: true,
  },
  {
    name: "edit editor: new picture",
    async setup() {
      const s = await journalWithAdmin();
      const e = await createEditor(s.j.id, { name: "Dr. Before", picture: "old-picture.png" });
      await env.FILES.put(fileKeys.editorPicture(s.j.id, "old-picture.png"), PNG);
      return { ...s, id: e.id };
    },
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, `/api/editors/${s.id}`, {
        method: "POST",
        headers: bearer(s.token),
        body: form({ name: "Dr. After" }, ["imgFile", PNG.slice().fill(7, 12), "q.png"]),
      }),
    applied: (after) => rowsOf(after).editors.some((e) => e.name === "Dr. After" && e.picture !== "old-picture.png"),
    audited: true,
  },
  {
    name: "save settings",
    setup: journalWithAdmin,
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, "/api/settings", {
        method: "POST",
        headers: { ...bearer(s.token), "content-type": "application/json" },
        body: JSON.stringify({ websitename: "Renamed Journal", impactfactor: "2.5" }),
      }),
    applied: (after) => rowsOf(after).journal[0].websitename === "Renamed Journal",
    audited: true,
  },
  {
    name: "create issue",
    setup: journalWithAdmin,
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, "/api/admin/create-issue", {
        method: "POST",
        headers: { ...bearer(s.token), "content-type": "application/json" },
        body: JSON.stringify({ year: 2024, volume: 9, issue: 1 }),
      }),
    applied: (after) => rowsOf(after).issues.some((i) => i.volume === 9),
    audited: true,
  },
  {
    name: "public submission with its PDF",
    setup: journalWithAdmin,
    send: (plan, s) =>
      requestWithFaults(plan, s.j.host, "/api/submissions", {
        method: "POST",
        body: form({ name: "Author", email: "author@example.org", title: "Manuscript" }, ["pdfFile", pdfBytes("manuscript"), "m.pdf"]),
      }),
    applied: (after) => rowsOf(after).submissions.length === 1,
    audited: false,
  },
];

async function expectConsistent(j: TestJournal, label: string) {
  const audit = await auditFiles({ platform: env.DB, journals: [d1Of(j)] }, env.FILES, {
    journalId: j.id,
    graceMs: 0,
    now: new Date(Date.now() + 60_000),
  });
  expect({ label, orphans: audit.orphans.map((o) => o.key), recent: audit.recent.map((o) => o.key), missing: audit.missing }).toEqual({
    label,
    orphans: [],
    recent: [],
    missing: [],
  });
}

async function runOnce(sc: Scenario, plan: FaultPlan, label: string) {
  const s = await sc.setup();
  const before = await snapshot(s.j);
  const res = await sc.send(plan, s);
  const after = await snapshot(s.j);
  await expectConsistent(s.j, label);
  const applied = sc.applied(after, s);
  if (res.ok) {
    expect(applied, label).toBe(true);
  } else {
    expect(res.status, label).toBeGreaterThanOrEqual(400);
    const body = (await res.json()) as { error?: unknown };
    expect(typeof body.error, label).toBe("string");
    // The admin forms turn the code into a sentence (never a raw code or an empty message).
    const message = saveErrorMessage(String(body.error));
    expect(message, label).toMatch(/^[A-Z][^_]{10,}$/);
    // A write refused before it reached the platform changed nothing; one whose answer was lost after it
    // committed may be there — but then whole and consistent (checked above).
    if (plan.mode === "before" || !applied)
      expect({ label, rows: after.rows, files: after.files }).toEqual({ label, rows: before.rows, files: before.files });
  }
  expect(after.events - before.events, label).toBe(sc.audited && applied ? 1 : 0);
  return res;
}

describe("admin writes under platform faults", () => {
  for (const sc of scenarios) {
    it(`${sc.name}: a failure at every D1/R2 call leaves no orphan, no dangling row and the old data intact`, async () => {
      // Injected faults surface as the Worker's logged 500s (or its logged, retried clean-ups): expected here.
      expectConsoleError(/^(unhandled error|could not delete R2 object|storing citations failed|usage count)/);
      const clean = new FaultPlan(null);
      const ok = await runOnce(sc, clean, `${sc.name}, no fault`);
      expect(ok.status, `${sc.name} without faults`).toBeLessThan(300);
      expect(clean.calls.filter((c) => c.startsWith("R2")).length + clean.calls.filter((c) => c.startsWith("D1")).length).toBe(
        clean.calls.length,
      );
      let failures = 0;
      for (const mode of ["before", "after"] as FaultMode[]) {
        for (let n = 1; n <= clean.calls.length; n++) {
          const res = await runOnce(sc, new FaultPlan(n, mode), `${sc.name}: call ${n} (${clean.calls[n - 1]}) fails ${mode}`);
          if (!res.ok) failures++;
        }
      }
      // Most injected faults surface as errors (a few, such as a failed clean-up that is retried, do not).
      expect(failures).toBeGreaterThan(clean.calls.length);
    }, 120_000);
  }

  it("maps every error code to a readable sentence, with a generic one for server failures", () => {
    expect(saveErrorMessage("internal_error")).toBe(GENERIC_SAVE_ERROR);
    expect(saveErrorMessage("stale_edit")).toMatch(/since you opened it/);
  });
});
