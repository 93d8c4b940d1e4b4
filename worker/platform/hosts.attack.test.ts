// Issue 38 item 5, written as the attack and the operator's steps: an encoded host in the path answered 500 (decoded
// twice), the console's own host could be given to a journal, a freed host could not be a new journal's primary host
// (409 host_taken from the old slug), and a suspended journal's certificates could no longer be verified.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { consoleCall, consoleJournal, createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";

describe("console hosts (the attack)", () => {
  it("a malformed percent-encoded host in the path is a 404, never a 500", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    for (const raw of ["%E0%A4%A", "%", "%ZZ", "%25", "%E0%A4%A.example"]) {
      for (const [method, body] of [
        ["DELETE", undefined],
        ["PATCH", { altHeader: true }],
      ] as const) {
        const r = await consoleCall(op.token, method, `/journals/${j.id}/hosts/${raw}`, body);
        expect([raw, method, r.status, r.body]).toEqual([raw, method, 404, { error: "not_found" }]);
      }
    }
  });

  it("the console's own host (PLATFORM_HOSTS) cannot be given to a journal, as a new journal's or an added host", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    for (const typed of [PLATFORM_HOST, "HTTPS://Platform.Localhost:8787/"]) {
      const add = await consoleCall(op.token, "POST", `/journals/${j.id}/hosts`, { host: typed });
      expect(add.status).toBe(409);
      expect(add.body).toEqual({ error: "host_reserved" });
    }
    const create = await consoleCall(op.token, "POST", "/journals", {
      name: "Console squatter",
      abbreviation: "",
      issnPrint: "",
      issnOnline: "",
      contactEmail: "",
      primaryHost: PLATFORM_HOST,
    });
    expect(create.status).toBe(409);
    expect(create.body).toEqual({ error: "host_reserved" });
    // The console still answers there.
    expect((await consoleCall(op.token, "GET", "/journals")).status).toBe(200);
  });

  it("a host freed by one journal becomes another new journal's primary host", async () => {
    const op = await createOperator();
    const first = await consoleJournal(op);
    const other = `other-${first.host}`;
    expect((await consoleCall(op.token, "POST", `/journals/${first.id}/hosts`, { host: other, primary: true })).status).toBe(201);
    expect((await consoleCall(op.token, "DELETE", `/journals/${first.id}/hosts/${first.host}`)).status).toBe(200);
    const second = await consoleJournal(op, { primaryHost: first.host });
    expect(second.host).toBe(first.host);
    expect(second.id).not.toBe(first.id);
    // Each journal answers on its own host.
    const onFreed = (await (await request(first.host, "/api/settings/")).json()) as { websitename: string };
    expect(onFreed.websitename).toBe(second.name);
  });

  it("a suspended journal's certificates still verify at /verify, and the page says it is suspended", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/suspend`)).status).toBe(200);
    expect((await request(j.host, "/")).status).toBe(503);
    expect((await request(j.host, "/api/settings/")).status).toBe(503);
    const page = await request(j.host, "/verify");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("This journal is suspended by its publishing platform");
    expect((await request(j.host, "/_data?route=verify&path=%2Fverify")).status).toBe(200);
    expect((await request(j.host, "/admin")).status).toBe(503);
  });

  it("a body that is not an object answers invalid_input, not zod's English sentence", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    for (const body of [[], "a string", 42, null, true]) {
      for (const [method, path] of [
        ["POST", "/journals"],
        ["PATCH", `/journals/${j.id}`],
        ["POST", `/journals/${j.id}/hosts`],
      ] as const) {
        const r = await consoleCall(op.token, method, path, body);
        expect([method, path, JSON.stringify(body), r.status, r.body]).toEqual([
          method,
          path,
          JSON.stringify(body),
          400,
          { error: "invalid_input" },
        ]);
      }
    }
  });

  it("an ISSN error says which field: print or online", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const print = await consoleCall(op.token, "PATCH", `/journals/${j.id}`, { issnPrint: "1234-5678" });
    expect(print.body).toEqual({ error: "invalid_issn_print" });
    const online = await consoleCall(op.token, "PATCH", `/journals/${j.id}`, { issnOnline: "1234-5678" });
    expect(online.body).toEqual({ error: "invalid_issn_online" });
  });
});
