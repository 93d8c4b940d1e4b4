// Issue 25 items 4 and 6, written as the attack: a POST /oai body of tens of megabytes (declared or streamed in
// chunks) must be refused before it is read, and `until=9999-12-31` must not overflow into a bound that sorts
// before every stored date.
import { describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";

/** A form body of `total` bytes made on demand, counting how many bytes the server pulled. */
function countedBody(total: number) {
  const chunk = new TextEncoder().encode(`verb=Identify&x=${"a".repeat(64 * 1024 - 16)}`);
  const seen = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.bytes >= total) return controller.close();
      seen.bytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, seen };
}

describe("POST /oai limits its body before reading it (issue 25 item 4)", () => {
  it("a 90 MB chunked body (no Content-Length) is refused with 413 after at most a few chunks", async () => {
    const j = await scholarlyJournal();
    const { stream, seen } = countedBody(90 * 1024 * 1024);
    const res = await request(j.host, "/oai", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      // @ts-expect-error workerd's fetch takes a streamed request body with duplex "half"
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "payload_too_large" });
    expect(seen.bytes).toBeLessThan(1024 * 1024);
  });

  it("a 30 MB body with its Content-Length is refused with 413 at once", async () => {
    const j = await scholarlyJournal();
    const body = new Uint8Array(30 * 1024 * 1024).fill(0x61);
    const res = await request(j.host, "/oai", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "payload_too_large" });
  });

  it("an ordinary POST harvest request still answers", async () => {
    const j = await scholarlyJournal();
    const res = await request(j.host, "/oai", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "verb=Identify",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<Identify>");
  });
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (n) => n === "header" || n === "error" });

describe("OAI until at the end of time (issue 25 item 6)", () => {
  it("until=9999-12-31, with a time, and with from, returns the records", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j, { refnumber: "END-1", modification: "2024-01-10T10:00:00.000Z" });
    await fullArticle(j, { refnumber: "END-2", modification: "2025-06-01T10:00:00.000Z" });
    for (const q of [
      "until=9999-12-31",
      "until=9999-12-31T23:59:59Z",
      "from=2024-01-01&until=9999-12-31",
      "from=2024-01-01T00:00:00Z&until=9999-12-31T23:59:59Z",
      "from=2025-01-01&until=9999-12-31",
    ]) {
      const res = await request(j.host, `/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&${q}`);
      const doc = parser.parse(await res.text())["OAI-PMH"];
      expect(doc.error, q).toBeUndefined();
      const ids = (doc.ListIdentifiers.header as { identifier: string }[]).map((h) => h.identifier.split(":").pop());
      expect(ids, q).toEqual(q.startsWith("from=2025") ? ["END-2"] : ["END-1", "END-2"]);
    }
  });
});
