// Issue 40 item 4: the COUNTER_SUSHI API (R5.1) under /api/sushi/, each answer checked by Python's jsonschema
// against the response schema of COUNTER's published OpenAPI document for that path and HTTP status.
import { describe, expect, it, vi } from "vitest";
import { db, getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { usageDaily } from "../core/data/schema";
import { validateCounterApi } from "../scholarly/outside-readers.testing";

vi.setConfig({ testTimeout: 120_000 });

const WORLD = "0000000000000000";

/** A journal with two read articles (March and April 2024) and a SUSHI key made by its staff. */
async function setup() {
  const j = await scholarlyJournal();
  const a = await fullArticle(j);
  const b = await fullArticle(j, { pagenumber: "81-90" });
  const day = (articleId: number, d: string, views: number, downloads: number) => ({
    journalId: j.id,
    articleId,
    day: d,
    views,
    downloads,
    uniqueInvestigations: Math.max(1, views - 1),
    uniqueRequests: downloads ? Math.max(1, downloads - 1) : 0,
  });
  await db.insert(usageDaily).values([day(a.id, "2024-03-05", 10, 4), day(a.id, "2024-04-02", 3, 0), day(b.id, "2024-04-20", 7, 2)]);
  const token = await adminToken(j);
  const made = await getJson(j.host, "/api/admin/sushi-keys", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ customer_name: "University Library of Pune" }),
  });
  expect(made.status).toBe(201);
  return { j, a, b, token, key: made.body.key as string };
}

async function sushi(host: string, path: string) {
  const res = await request(host, `/api/sushi${path}`);
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against COUNTER's schema, then read freely.
  return { status: res.status, body: (await res.json()) as any };
}

/** Asserts COUNTER's schema accepts the answer for that path and status. */
async function conforms(answer: { status: number; body: unknown }, specPath: string) {
  const verdict = await validateCounterApi(answer.body, specPath, answer.status);
  expect(verdict.ok, `${specPath} ${answer.status}: ${verdict.output}\n${JSON.stringify(answer.body).slice(0, 2000)}`).toBe(true);
}

describe("COUNTER_SUSHI API (issue 40 item 4)", () => {
  it("answers /status without credentials, /members and /reports with them, in COUNTER's shapes", async () => {
    const { j, key } = await setup();
    const status = await sushi(j.host, "/status");
    expect(status.status).toBe(200);
    expect(status.body[0].Service_Active).toBe(true);
    await conforms(status, "/r51/status");

    const members = await sushi(j.host, `/members?customer_id=${WORLD}&api_key=${key}`);
    expect(members.body).toEqual([expect.objectContaining({ Customer_ID: WORLD, Institution_Name: "The World" })]);
    await conforms(members, "/r51/members");

    const reports = await sushi(j.host, `/reports?customer_id=${WORLD}&api_key=${key}`);
    expect(reports.body.map((r: { Report_ID: string }) => r.Report_ID)).toEqual(["IR", "IR_A1", "TR", "TR_J3"]);
    expect(reports.body[0].First_Month_Available).toBe("2024-03");
    await conforms(reports, "/r51/reports");
  });

  it("reports each article's usage by month in the Item Report, and the journal's in the Title Report", async () => {
    const { j, a, key } = await setup();
    const auth = `customer_id=${WORLD}&api_key=${key}`;
    const ir = await sushi(
      j.host,
      `/reports/ir?${auth}&begin_date=2024-03&end_date=2024-04&attributes_to_show=YOP|Access_Type|Authors|Publication_Date`,
    );
    expect(ir.status).toBe(200);
    expect(ir.body.Report_Header).toMatchObject({ Report_ID: "IR", Release: "5.1", Institution_Name: "The World" });
    expect(ir.body.Report_Header.Report_Filters).toMatchObject({ Begin_Date: "2024-03-01", End_Date: "2024-04-30" });
    const items = ir.body.Report_Items[0].Items;
    expect(items).toHaveLength(2);
    const first = items.find((i: { Item_ID: { DOI?: string } }) => i.Item_ID.DOI === a.doi);
    expect(first.Attribute_Performance[0]).toMatchObject({ Data_Type: "Article", YOP: "2024", Access_Type: "Open" });
    expect(first.Attribute_Performance[0].Performance).toEqual({
      Total_Item_Investigations: { "2024-03": 14, "2024-04": 3 },
      Total_Item_Requests: { "2024-03": 4 },
      Unique_Item_Investigations: { "2024-03": 9, "2024-04": 2 },
      Unique_Item_Requests: { "2024-03": 3 },
    });
    expect(first.Authors[0]).toEqual({ Name: "Asha Verma", ORCID: "0000-0002-1825-0097" });
    await conforms(ir, "/r51/reports/ir");

    const parent = await sushi(j.host, `/reports/ir?${auth}&begin_date=2024-03-01&end_date=2024-04-30&include_parent_details=True`);
    expect(parent.body.Report_Items[0]).toMatchObject({ Title: "International Journal of Soil & Crop Science", Data_Type: "Journal" });
    await conforms(parent, "/r51/reports/ir");

    const a1 = await sushi(j.host, `/reports/ir_a1?${auth}&begin_date=2024-03&end_date=2024-04`);
    expect(a1.body.Report_Header.Report_ID).toBe("IR_A1");
    await conforms(a1, "/r51/reports/ir_a1");

    const tr = await sushi(j.host, `/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04`);
    expect(tr.body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2024-03": 4, "2024-04": 2 });
    expect(tr.body.Report_Items[0].Item_ID).toMatchObject({ Print_ISSN: "2049-3630", Online_ISSN: "2434-561X" });
    await conforms(tr, "/r51/reports/tr");

    const j3 = await sushi(j.host, `/reports/tr_j3?${auth}&begin_date=2024-03&end_date=2024-04`);
    expect(j3.body.Report_Items[0].Attribute_Performance[0].Access_Type).toBe("Open");
    await conforms(j3, "/r51/reports/tr_j3");
  });

  it("granularity=Total (R5.1; R5.0's Totals too) reports the period's usage once, against its first month", async () => {
    const { j, a, key } = await setup();
    const auth = `customer_id=${WORLD}&api_key=${key}`;
    const ir = await sushi(j.host, `/reports/ir?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Total`);
    expect(ir.body.Report_Header.Report_Attributes).toEqual({ Granularity: "Total" });
    expect(ir.body.Report_Header.Exceptions).toBeUndefined();
    const first = ir.body.Report_Items[0].Items.find((i: { Item_ID: { DOI?: string } }) => i.Item_ID.DOI === a.doi);
    expect(first.Attribute_Performance[0].Performance).toEqual({
      Total_Item_Investigations: { "2024-03": 17 },
      Total_Item_Requests: { "2024-03": 4 },
      Unique_Item_Investigations: { "2024-03": 11 },
      Unique_Item_Requests: { "2024-03": 3 },
    });
    await conforms(ir, "/r51/reports/ir");

    const tr = await sushi(j.host, `/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Totals`);
    expect(tr.body.Report_Header.Report_Attributes).toEqual({ Granularity: "Total" });
    expect(tr.body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2024-03": 6 });
    await conforms(tr, "/r51/reports/tr");

    // Month is the default, said or not; another value is Exception 3062 and the report comes by month.
    const month = await sushi(j.host, `/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Month`);
    expect(month.body.Report_Header.Report_Attributes).toBeUndefined();
    const odd = await sushi(j.host, `/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Year`);
    expect(odd.body.Report_Header.Exceptions).toEqual([expect.objectContaining({ Code: 3062 })]);
    expect(odd.body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2024-03": 4, "2024-04": 2 });
    await conforms(odd, "/r51/reports/tr");
  });

  it("answers COUNTER's Exceptions: missing information, bad keys, another institution, bad dates, no usage", async () => {
    const { j, key, token } = await setup();
    const cases: [string, number, number, string][] = [
      [`/reports/ir?api_key=${key}&begin_date=2024-03&end_date=2024-04`, 400, 1030, "/r51/reports/ir"],
      [`/reports/ir?customer_id=${WORLD}&begin_date=2024-03&end_date=2024-04`, 401, 2000, "/r51/reports/ir"],
      [`/reports/ir?customer_id=${WORLD}&api_key=nope&begin_date=2024-03&end_date=2024-04`, 401, 2020, "/r51/reports/ir"],
      [`/reports/ir?customer_id=ACME&api_key=${key}&begin_date=2024-03&end_date=2024-04`, 403, 2010, "/r51/reports/ir"],
      [`/reports/ir?customer_id=${WORLD}&api_key=${key}&begin_date=2024-05&end_date=2024-04`, 400, 3020, "/r51/reports/ir"],
      [`/reports/tr?customer_id=${WORLD}&api_key=${key}&begin_date=2024-13&end_date=2024-14`, 400, 3020, "/r51/reports/tr"],
      [`/members?customer_id=${WORLD}&api_key=nope`, 401, 2020, "/r51/members"],
    ];
    for (const [path, status, code, spec] of cases) {
      const got = await sushi(j.host, path);
      expect([got.status, got.body.Code], path).toEqual([status, code]);
      await conforms(got, spec);
    }
    const empty = await sushi(j.host, `/reports/ir?customer_id=${WORLD}&api_key=${key}&begin_date=2023-01&end_date=2023-02&foo=1`);
    expect(empty.body.Report_Items).toEqual([]);
    expect(empty.body.Report_Header.Exceptions.map((e: { Code: number }) => e.Code)).toEqual([3050, 3030]);
    await conforms(empty, "/r51/reports/ir");

    // A revoked key is refused at once.
    const list = await getJson(j.host, "/api/admin/sushi-keys", { headers: bearer(token) });
    expect(list.body.keys[0]).toMatchObject({ customer_name: "University Library of Pune", key_hint: key.slice(-4), revoked_at: "" });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const revoked = await request(j.host, `/api/admin/sushi-keys/${list.body.keys[0].id}`, { method: "DELETE", headers: bearer(token) });
    expect(revoked.status).toBe(200);
    expect((await sushi(j.host, `/members?customer_id=${WORLD}&api_key=${key}`)).body.Code).toBe(2020);
  });
});
