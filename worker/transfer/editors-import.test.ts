// Editors in bulk (issue 39 item 2, decision 0273): a CSV of the spec's editor fields and a zip of pictures; the dry
// run reports row by row, the import writes the same, and the same file again creates nothing new.
import { strToU8, zipSync } from "fflate";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "#tests/api/auth-fixtures";
import { db, getJson, journalDb, request } from "#tests/api/fixtures";
import type { EditorsImportReport } from "#contract/transfer";
import { editors } from "../core/data/schema";
import { sameJournal } from "./transfer-fixtures.testing";
import { createOperator, consoleJournal, PLATFORM_HOST } from "#tests/api/platform-fixtures";
import { adminEvents } from "../core/data/schema";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const CSV = [
  "name,degree,post,content,picture,category,status,email,phone,country,twitter",
  'Dr. Asha Verma,PhD,Professor,"University of Pune, India",asha.png,Chief Editor,enabled,asha@example.org,+91 20 1234,India,@asha',
  "Rahul Singh,MSc,Lecturer,IIT Delhi,rahul.jpg,associate editor,,rahul@example.org,,India,",
  "Nobody Special,,Dean,Somewhere,,assistant editor,,,,,",
  "Lena Roth,,Scientist,ETH Zürich,,managing editor,,,,,",
  'Dr. Asha Verma,PhD,Professor,"University of Pune, India",,chief editor,,ASHA@example.org,,,',
  "Kim Lee,,Head,Seoul National University,kim.png,assistant editor,disabled,,,Korea,",
].join("\n");
const PICTURES = zipSync({ "board/Asha.PNG": PNG, "kim.png": strToU8("not an image at all") });

async function importEditors(host: string, token: string, dryRun: boolean, pictures: Uint8Array | null = PICTURES) {
  const form = new FormData();
  form.set("file", new File([CSV], "board.csv", { type: "text/csv" }));
  if (pictures) form.set("pictures", new File([pictures], "pictures.zip", { type: "application/zip" }));
  form.set("dryRun", dryRun ? "1" : "0");
  return getJson<EditorsImportReport>(host, "/api/admin/transfer/editors", { method: "POST", headers: bearer(token), body: form });
}

describe("POST /api/admin/transfer/editors", () => {
  it("checks every row, imports what it said, and a second import creates nothing", async () => {
    const j = await sameJournal("Editors Import Journal");
    const dry = await importEditors(j.host, j.token, true);
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ editors: 6, create: 3, skip: 3, pictures: 1 });
    const row = (line: number) => dry.body.items.find((i) => i.line === line)!;
    expect(row(2)).toMatchObject({
      name: "Dr. Asha Verma",
      category: "chief editor",
      action: "create",
      picture: expect.stringMatching(/^asha\.png/),
    });
    expect(row(2).warnings).toEqual(["The column twitter has no place on the platform: not kept."]);
    expect(row(3).warnings).toEqual(["No rahul.jpg in the zip: the editor is added without a picture."]);
    expect(row(4)).toMatchObject({ action: "skip", reasons: [{ code: "invalid_post" }] });
    expect(row(5).reasons.map((r) => r.code)).toEqual(["invalid_category"]);
    expect(row(6).reasons).toEqual([{ code: "duplicate_editor", message: "Already in this file (row 2)." }]);
    expect(row(7).warnings).toEqual(["kim.png is not a JPEG, PNG, GIF or WebP image: not added."]);
    // A dry run writes nothing.
    expect(await db.select().from(editors).where(eq(editors.journalId, j.id))).toEqual([]);

    const real = await importEditors(j.host, j.token, false);
    expect(real.body.counts).toEqual(dry.body.counts);
    const rows = await db.select().from(editors).where(eq(editors.journalId, j.id));
    expect(rows.map((r) => [r.name, r.category, r.status, r.content]).sort()).toEqual([
      ["Dr. Asha Verma", "chief editor", "enabled", "University of Pune, India"],
      ["Kim Lee", "assistant editor", "disabled", "Seoul National University"],
      ["Rahul Singh", "associate editor", "enabled", "IIT Delhi"],
    ]);
    const asha = rows.find((r) => r.name === "Dr. Asha Verma")!;
    expect(asha.picture).toMatch(/^[0-9a-f-]{36}\.png$/);
    const picture = await request(j.host, `/api/admin/editors/${asha.id}/picture`, { headers: bearer(j.token) });
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);

    const again = await importEditors(j.host, j.token, false);
    expect(again.body.counts).toMatchObject({ create: 0, skip: 6 });
    expect(again.body.items[0].reasons).toEqual([{ code: "duplicate_editor", message: "Already on the board." }]);
    expect(await db.select().from(editors).where(eq(editors.journalId, j.id))).toHaveLength(3);
  });

  it("refuses a file that is not an editors CSV, and anyone but the journal's staff", async () => {
    const j = await sameJournal("Editors Import Refusals");
    const form = new FormData();
    form.set("file", new File(["title,authorname\nx,y\n"], "articles.csv"));
    const bad = await getJson(j.host, "/api/admin/transfer/editors", { method: "POST", headers: bearer(j.token), body: form });
    expect([bad.status, bad.body.error]).toEqual([400, "invalid_header"]);
    const noZip = await importEditors(j.host, j.token, true, null);
    expect(noZip.body.items[0].warnings).toContain("No zip of pictures was given: asha.png is not added.");
    expect((await request(j.host, "/api/admin/transfer/editors", { method: "POST", body: new FormData() })).status).toBe(401);
  });

  it("the console imports a journal's editors the same way, and the trail names the operator", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const form = new FormData();
    form.set("file", new File([CSV], "board.csv", { type: "text/csv" }));
    form.set("pictures", new File([PICTURES], "pictures.zip", { type: "application/zip" }));
    form.set("dryRun", "0");
    const res = await getJson<EditorsImportReport>(PLATFORM_HOST, `/api/platform/journals/${j.id}/transfer/editors`, {
      method: "POST",
      headers: bearer(op.token),
      body: form,
    });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ editors: 6, create: 3, skip: 3, pictures: 1 });
    // A journal made in the console lives in the least full journal database (docs/decisions/0240).
    const its = await journalDb(j.id);
    expect(await its.select().from(editors).where(eq(editors.journalId, j.id))).toHaveLength(3);
    const events = await its.select().from(adminEvents).where(eq(adminEvents.journalId, j.id));
    expect(events.filter((e) => e.action === "editor.import").map((e) => e.adminUsername)).toEqual(
      Array(3).fill(expect.stringContaining(op.username)),
    );
  });
});
