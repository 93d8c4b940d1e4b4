// Issue 40 item 4 and issue 46: the COUNTER_SUSHI API (R5.1) under /api/sushi/r51/ (and its aliases without /r51),
// each answer checked by Python's jsonschema against the response schema of COUNTER's published OpenAPI document for
// that path and HTTP status.
import { describe, expect, it, vi } from "vitest";
import { db, getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { usageDaily } from "../core/data/schema";
import { validateCounterApi } from "../scholarly/outside-readers.testing";

vi.setConfig({ testTimeout: 120_000 });

const WORLD = "0000000000000000";

async function makeKey(host: string, token: string, name: string) {
  const made = await getJson(host, "/api/admin/sushi-keys", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ customer_name: name }),
  });
  expect(made.status).toBe(201);
  return { key: made.body.key as string, customerId: made.body.customer_id as string };
}

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
  const { key, customerId } = await makeKey(j.host, token, "University Library of Pune");
  return { j, a, b, token, key, customerId };
}

let callers = 0;
/** Each test calls from its own address, so the throttle of wrong keys counts each test apart. */
const address = () => `198.51.100.${++callers}`;

async function sushi(host: string, path: string, ip = "203.0.113.7") {
  const res = await request(host, `/api/sushi${path}`, { headers: { "CF-Connecting-IP": ip } });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against COUNTER's schema, then read freely.
  return { status: res.status, body: (await res.json()) as any, res };
}

/** Asserts COUNTER's schema accepts the answer for that path and status (or the one schema named). */
async function conforms(answer: { status: number; body: unknown }, specPath: string, schema = "") {
  const verdict = await validateCounterApi(answer.body, specPath, answer.status, schema);
  expect(verdict.ok, `${specPath} ${answer.status}: ${verdict.output}\n${JSON.stringify(answer.body).slice(0, 2000)}`).toBe(true);
}

describe("COUNTER_SUSHI API (issue 40 item 4, issue 46)", () => {
  it("answers COUNTER 5.1's /r51/ paths, and the paths served before as aliases, in COUNTER's shapes", async () => {
    const { j, key } = await setup();
    const ip = address();
    for (const base of ["/r51", ""]) {
      const status = await sushi(j.host, `${base}/status`, ip);
      expect(status.status).toBe(200);
      expect(status.body[0].Service_Active).toBe(true);
      await conforms(status, "/r51/status");

      const members = await sushi(j.host, `${base}/members?customer_id=${WORLD}&api_key=${key}`, ip);
      expect(members.body).toEqual([expect.objectContaining({ Customer_ID: WORLD, Institution_Name: "The World" })]);
      await conforms(members, "/r51/members");

      const reports = await sushi(j.host, `${base}/reports?customer_id=${WORLD}&api_key=${key}`, ip);
      expect(reports.body.map((r: { Report_ID: string }) => r.Report_ID)).toEqual(["PR", "PR_P1", "IR", "IR_A1", "TR", "TR_J3"]);
      expect(reports.body[0]).toMatchObject({ Path: "/r51/reports/pr", First_Month_Available: "2024-03" });
      await conforms(reports, "/r51/reports");
    }
  });

  it("reports each article's usage by month in the Item Report, and the journal's in the Title Report", async () => {
    const { j, a, key } = await setup();
    const auth = `customer_id=${WORLD}&api_key=${key}`;
    const ir = await sushi(
      j.host,
      `/r51/reports/ir?${auth}&begin_date=2024-03&end_date=2024-04&attributes_to_show=YOP|Access_Type|Authors|Publication_Date`,
    );
    expect(ir.status).toBe(200);
    expect(ir.body.Report_Header).toMatchObject({ Report_ID: "IR", Release: "5.1", Institution_Name: "The World" });
    expect(ir.body.Report_Header.Report_Filters).toMatchObject({ Begin_Date: "2024-03-01", End_Date: "2024-04-30" });
    expect(ir.body.Report_Header.Exceptions).toBeUndefined();
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

    const parent = await sushi(j.host, `/r51/reports/ir?${auth}&begin_date=2024-03-01&end_date=2024-04-30&include_parent_details=True`);
    expect(parent.body.Report_Items[0]).toMatchObject({ Title: "International Journal of Soil & Crop Science", Data_Type: "Journal" });
    await conforms(parent, "/r51/reports/ir");

    const a1 = await sushi(j.host, `/r51/reports/ir_a1?${auth}&begin_date=2024-03&end_date=2024-04`);
    expect(a1.body.Report_Header.Report_ID).toBe("IR_A1");
    await conforms(a1, "/r51/reports/ir_a1");

    const tr = await sushi(j.host, `/r51/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04`);
    expect(tr.body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2024-03": 4, "2024-04": 2 });
    expect(tr.body.Report_Items[0].Item_ID).toMatchObject({ Print_ISSN: "2049-3630", Online_ISSN: "2434-561X" });
    await conforms(tr, "/r51/reports/tr");

    const j3 = await sushi(j.host, `/reports/tr_j3?${auth}&begin_date=2024-03&end_date=2024-04`);
    expect(j3.body.Report_Items[0].Attribute_Performance[0].Access_Type).toBe("Open");
    await conforms(j3, "/r51/reports/tr_j3");
  });

  it("offers the Platform Report (PR) and Platform Usage (PR_P1), agreeing with the Title Report month by month", async () => {
    const { j, key, customerId } = await setup();
    const auth = `customer_id=${customerId}&api_key=${key}`;
    const dates = "begin_date=2024-01&end_date=2024-06";
    const pr = await sushi(j.host, `/r51/reports/pr?${auth}&${dates}`);
    expect(pr.status).toBe(200);
    expect(pr.body.Report_Header).toMatchObject({ Report_ID: "PR", Report_Name: "Platform Report", Institution_Name: "The World" });
    expect(pr.body.Report_Header.Institution_ID.Proprietary).toEqual([`JournalEdge:${WORLD}`, `JournalEdge:${customerId}`]);
    expect(pr.body.Report_Items).toHaveLength(1);
    expect(pr.body.Report_Items[0].Platform).toBe("International Journal of Soil & Crop Science");
    await conforms(pr, "/r51/reports/pr");

    const tr = await sushi(j.host, `/r51/reports/tr?${auth}&${dates}`);
    const trPerf = tr.body.Report_Items[0].Attribute_Performance[0].Performance;
    const prPerf = pr.body.Report_Items[0].Attribute_Performance[0].Performance;
    expect(pr.body.Report_Items[0].Attribute_Performance[0].Data_Type).toBe("Journal");
    // The same months and counts for every metric, and the totals agree with the usage stored (14 + 3 + 9 investigations).
    expect(prPerf).toEqual(trPerf);
    expect(Object.values(prPerf.Total_Item_Investigations as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(26);
    expect(prPerf.Total_Item_Requests).toEqual({ "2024-03": 4, "2024-04": 2 });

    const total = await sushi(j.host, `/r51/reports/pr?${auth}&${dates}&granularity=Total&attributes_to_show=Access_Method`);
    expect(total.body.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ["Access_Method"], Granularity: "Total" });
    expect(total.body.Report_Items[0].Attribute_Performance[0]).toMatchObject({
      Access_Method: "Regular",
      Performance: { Total_Item_Requests: { "2024-01": 6 }, Total_Item_Investigations: { "2024-01": 26 } },
    });
    await conforms(total, "/r51/reports/pr");

    const p1 = await sushi(j.host, `/r51/reports/pr_p1?${auth}&${dates}`);
    expect(p1.body.Report_Header.Report_Filters).toMatchObject({
      Access_Method: ["Regular"],
      Metric_Type: ["Searches_Platform", "Total_Item_Requests", "Unique_Item_Requests", "Unique_Title_Requests"],
    });
    expect(p1.body.Report_Items[0].Attribute_Performance).toEqual([
      {
        Data_Type: "Journal",
        Performance: { Total_Item_Requests: trPerf.Total_Item_Requests, Unique_Item_Requests: trPerf.Unique_Item_Requests },
      },
    ]);
    await conforms(p1, "/r51/reports/pr_p1");

    // A month with no usage: an empty report that says why (3030), in COUNTER's shape.
    const none = await sushi(j.host, `/r51/reports/pr_p1?${auth}&begin_date=2023-01&end_date=2023-02`);
    expect(none.body.Report_Items).toEqual([]);
    expect(none.body.Report_Header.Exceptions.map((e: { Code: number }) => e.Code)).toEqual([3030]);
    await conforms(none, "/r51/reports/pr_p1");
  });

  it("granularity=Total (R5.1; R5.0's Totals too) reports the period's usage once, against its first month", async () => {
    const { j, a, key } = await setup();
    const auth = `customer_id=${WORLD}&api_key=${key}`;
    const ir = await sushi(j.host, `/r51/reports/ir?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Total`);
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

    const tr = await sushi(j.host, `/r51/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Totals`);
    expect(tr.body.Report_Header.Report_Attributes).toEqual({ Granularity: "Total" });
    expect(tr.body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2024-03": 6 });
    await conforms(tr, "/r51/reports/tr");

    // Month is the default, said or not; another value is Exception 3062 and the report comes by month.
    const month = await sushi(j.host, `/r51/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Month`);
    expect(month.body.Report_Header.Report_Attributes).toBeUndefined();
    const odd = await sushi(j.host, `/r51/reports/tr?${auth}&begin_date=2024-03&end_date=2024-04&granularity=Year`);
    expect(odd.body.Report_Header.Exceptions).toEqual([expect.objectContaining({ Code: 3062 })]);
    expect(odd.body.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2024-03": 4, "2024-04": 2 });
    await conforms(odd, "/r51/reports/tr");
  });

  it("answers COUNTER's Exceptions: unsupported reports, missing information, bad keys, another institution, bad dates", async () => {
    const { j, key, token } = await setup();
    const ip = address();
    const cases: [string, number, number, string][] = [
      [`/r51/reports/ir?api_key=${key}&begin_date=2024-03&end_date=2024-04`, 400, 1030, "/r51/reports/ir"],
      [`/r51/reports/ir?customer_id=${WORLD}&begin_date=2024-03&end_date=2024-04`, 401, 2000, "/r51/reports/ir"],
      [`/r51/reports/ir?customer_id=${WORLD}&api_key=nope&begin_date=2024-03&end_date=2024-04`, 401, 2020, "/r51/reports/ir"],
      [`/r51/reports/ir?customer_id=ACME&api_key=${key}&begin_date=2024-03&end_date=2024-04`, 403, 2010, "/r51/reports/ir"],
      [`/r51/reports/pr?customer_id=${WORLD}&api_key=${key}&end_date=2024-04`, 400, 1030, "/r51/reports/pr"],
      [`/r51/reports/pr?customer_id=${WORLD}&api_key=${key}&begin_date=2024-05&end_date=2024-04`, 400, 3020, "/r51/reports/pr"],
      [`/r51/reports/tr?customer_id=${WORLD}&api_key=${key}&begin_date=2024-13&end_date=2024-14`, 400, 3020, "/r51/reports/tr"],
      [`/r51/members?customer_id=${WORLD}&api_key=nope`, 401, 2020, "/r51/members"],
    ];
    for (const [path, status, code, spec] of cases) {
      const got = await sushi(j.host, path, ip);
      expect([got.status, got.body.Code], path).toEqual([status, code]);
      await conforms(got, spec);
    }
    // A report this server does not have: 404 (COUNTER 5.1: an invalid path) with an Exception, never another shape.
    for (const path of [`/r51/reports/dr?customer_id=${WORLD}&api_key=${key}`, `/reports/tr_j1?customer_id=${WORLD}&api_key=${key}`]) {
      const got = await sushi(j.host, path, ip);
      expect([got.status, got.body.Code, got.body.Message], path).toEqual([404, 3000, "Report Not Supported"]);
      await conforms(got, "", "Exception");
    }
    const empty = await sushi(j.host, `/r51/reports/ir?customer_id=${WORLD}&api_key=${key}&begin_date=2023-01&end_date=2023-02&foo=1`, ip);
    expect(empty.body.Report_Items).toEqual([]);
    expect(empty.body.Report_Header.Exceptions.map((e: { Code: number }) => e.Code)).toEqual([3050, 3030]);
    await conforms(empty, "/r51/reports/ir");

    // A revoked key is refused at once.
    const list = await getJson(j.host, "/api/admin/sushi-keys", { headers: bearer(token) });
    expect(list.body.keys[0]).toMatchObject({ customer_name: "University Library of Pune", key_hint: key.slice(-4), revoked_at: "" });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const revoked = await request(j.host, `/api/admin/sushi-keys/${list.body.keys[0].id}`, { method: "DELETE", headers: bearer(token) });
    expect(revoked.status).toBe(200);
    expect((await sushi(j.host, `/r51/members?customer_id=${WORLD}&api_key=${key}`, ip)).body.Code).toBe(2020);
  });

  it("gives each key its own customer_id, shown to staff; a key used with another key's customer_id is refused (2010)", async () => {
    const { j, key, customerId, token } = await setup();
    const other = await makeKey(j.host, token, "Library of the Other University");
    expect(customerId).toMatch(/^[0-9A-F]{16}$/);
    expect(other.customerId).toMatch(/^[0-9A-F]{16}$/);
    expect(other.customerId).not.toBe(customerId);
    // Drawn apart from the key: no piece of the key shows in it.
    expect(key.toUpperCase()).not.toContain(customerId.slice(0, 6));

    const list = await getJson(j.host, "/api/admin/sushi-keys", { headers: bearer(token) });
    expect(list.body.keys.map((k: { customer_id: string }) => k.customer_id)).toEqual([customerId, other.customerId]);

    const ip = address();
    const own = await sushi(j.host, `/r51/members?customer_id=${customerId}&api_key=${key}`, ip);
    expect(own.body).toEqual([expect.objectContaining({ Customer_ID: customerId, Institution_Name: "University Library of Pune" })]);
    await conforms(own, "/r51/members");
    const world = await sushi(j.host, `/r51/members?customer_id=${WORLD}&api_key=${other.key}`, ip);
    expect(world.body[0].Customer_ID).toBe(WORLD);

    for (const path of [
      `/r51/members?customer_id=${other.customerId}&api_key=${key}`,
      `/r51/reports/pr?customer_id=${customerId}&api_key=${other.key}&begin_date=2024-03&end_date=2024-04`,
    ]) {
      const refused = await sushi(j.host, path, ip);
      expect([refused.status, refused.body.Code], path).toEqual([403, 2010]);
      await conforms(refused, path.startsWith("/r51/members") ? "/r51/members" : "/r51/reports/pr");
    }
  });

  it("throttles wrong keys as logins are: Exception 1020 (HTTP 429) even for the right key, other callers unaffected", async () => {
    const { j, key, customerId } = await setup();
    const guesser = address();
    const asked = (k: string, ip: string) =>
      sushi(j.host, `/r51/reports/pr?customer_id=${customerId}&api_key=${k}&begin_date=2024-03&end_date=2024-04`, ip);
    for (let i = 0; i < 5; i++) expect((await asked(`wrong${i}`, guesser)).body.Code).toBe(2020);
    const locked = await asked("wrong5", guesser);
    expect([locked.status, locked.body.Code]).toEqual([429, 1020]);
    expect(Number(locked.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    await conforms(locked, "/r51/reports/pr");
    // Locked before the key is looked at: the right key from that address waits too.
    expect((await asked(key, guesser)).status).toBe(429);
    // Another address harvests as usual.
    expect((await asked(key, address())).status).toBe(200);
  });

  it("bounds attributes_to_show and every list: checked against the report's attribute names, never echoed whole", async () => {
    const { j, key } = await setup();
    const auth = `customer_id=${WORLD}&api_key=${key}&begin_date=2024-03&end_date=2024-04`;
    const many = Array.from({ length: 2000 }, (_, i) => `Attribute_${i}`).join("|");
    const flood = await sushi(j.host, `/r51/reports/tr?${auth}&attributes_to_show=YOP|YOP|${many}&metric_type=${many}`);
    expect(flood.status).toBe(200);
    expect(JSON.stringify(flood.body).length).toBeLessThan(4000);
    const exceptions = flood.body.Report_Header.Exceptions as { Code: number; Data: string }[];
    expect(exceptions.map((e) => e.Code)).toEqual([3060, 3060, 3062, 3062]);
    expect(exceptions[2].Data).toBe("attributes_to_show: 2001 values; only the first 20 were read");
    expect(exceptions[3].Data).toMatch(/^attributes_to_show: Attribute_0; .*; and 9 more$/);
    expect(flood.body.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ["YOP"] });
    await conforms(flood, "/r51/reports/tr");

    // COUNTER's names that this platform has no data for, filter values it has no usage of, filters it cannot apply.
    const odd = await sushi(
      j.host,
      `/r51/reports/ir?${auth}&attributes_to_show=Article_Version|Authors&data_type=Article|Book&access_type=Controlled&yop=2024&include_component_details=True`,
    );
    expect(odd.body.Report_Header.Exceptions.map((e: { Code: number }) => e.Code)).toEqual([3060, 3060, 3060, 3062, 3063]);
    expect(odd.body.Report_Header.Report_Filters.Data_Type).toEqual(["Article"]);
    expect(odd.body.Report_Header.Report_Attributes.Attributes_To_Show).toEqual(["Authors"]);
    await conforms(odd, "/r51/reports/ir");

    // attributes_to_show is the master reports': PR takes Access_Method only.
    const pr = await sushi(j.host, `/r51/reports/pr?${auth}&attributes_to_show=YOP|Access_Method`);
    expect(pr.body.Report_Header.Exceptions).toEqual([expect.objectContaining({ Code: 3062, Data: "attributes_to_show: YOP" })]);
    await conforms(pr, "/r51/reports/pr");
  });
});
