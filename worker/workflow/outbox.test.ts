// The outbox searched, filtered and paged (issue 48 item 6): staff find one manuscript's or one person's mail among
// many, see only failed messages, and walk older pages without losing or repeating one.
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import type { OutboxPage } from "#contract/workflow";
import { drained, staffOf, submitManuscript } from "./workflow.fixtures";

describe("the outbox", () => {
  it("is searched by subject or recipient, filtered by state and paged without gaps", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const titles = ["Millet under drought", "Sorghum and striga", "Cowpea aphids"];
    const ms = [];
    for (const [i, t] of titles.entries()) ms.push(await submitManuscript(j, t, { email: `author${i}@uni.example.org` }));
    await staff.post(`/manuscripts/${ms[1]!.id}/messages`, { subject: "100% of the plots?", text: "Were all plots sampled?" });
    await drained(j.id);
    const get = async (query: string) => staff.get<OutboxPage>(`/outbox?${query}`);

    const all = (await get("")).body;
    // Three acknowledgements, three notices to the editorial office, one message.
    expect(all.total).toBe(7);
    expect(all.next).toBeNull();

    // By reference (in the subject) or by the recipient's address; words narrow together.
    const byReference = (await get(`q=${encodeURIComponent(ms[0]!.reference)}`)).body;
    expect(byReference.messages.map((m) => m.kind).sort()).toEqual(["acknowledgement", "office.new"]);
    const one = (await get(`q=${encodeURIComponent(`${ms[0]!.reference} author0`)}`)).body;
    expect(one.messages.map((m) => m.to)).toEqual(["author0@uni.example.org"]);
    expect((await get("q=author1%40uni")).body.total).toBe(2);
    expect((await get(`q=author1 ${encodeURIComponent("100%")}`)).body.messages.map((m) => m.subject)).toEqual(["100% of the plots?"]);
    // A % typed is a percent sign, not a wildcard.
    expect((await get(`q=${encodeURIComponent("%")}`)).body.total).toBe(1);

    expect((await get("status=failed")).body).toMatchObject({ total: 0, messages: [] });
    expect((await get("status=sent")).body.total).toBe(7);

    // Pages of one: every message once, newest first, then no next page.
    const seen: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page: OutboxPage = (await get(`limit=1&offset=${offset}`)).body;
      expect(page.messages).toHaveLength(1);
      seen.push(page.messages[0]!.id);
      offset = page.next;
    }
    expect(seen).toEqual(all.messages.map((m) => m.id));

    for (const bad of ["status=lost", "limit=0", "limit=500", "offset=-1"]) expect((await get(bad)).status, bad).toBe(400);
  });
});
