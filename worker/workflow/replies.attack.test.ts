// Replies by e-mail under attack and during a journal's move (issue 46, docs/decisions/0303): a reply to a moved
// journal is filed where the platform says the journal lives, not in the stale copy; a From: naming the editor but
// sent from elsewhere is marked; a token sent to another journal's domain does not land in the token's journal; a
// flood of junk does not hide the newest unmatched messages.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createJournal, type TestJournal } from "#tests/api/fixtures";
import { bindingOf, forgetShard } from "../core/data/shards";
import { forgetJournals } from "../core/edge/journal-memo";
import {
  copyChunk,
  catchUp,
  deleteJournalRows,
  freeze,
  planMove,
  startLog,
  switchShard,
  verify,
  type CopyCursor,
  type MoveDb,
} from "../platform/journal-move.repo";
import { receiveMail } from "./mail-inbound";
import { detail, outboxOf, rawMail, staffOf, submitManuscript } from "./workflow.fixtures";

const raw = (from: string, to: string, body: string) => rawMail(from, to, "Re: your manuscript", body);

async function replyToOf(j: TestJournal) {
  const staff = await staffOf(j);
  const m = await submitManuscript(j);
  const replyTo = (await outboxOf(staff)).find((x) => x.kind === "acknowledgement")!.replyTo;
  return { staff, m, replyTo };
}

async function emptyMoveTarget(): Promise<void> {
  const copies = await env.JOURNALS_3.prepare("SELECT id FROM journals").all<{ id: number }>();
  for (const { id } of copies.results) {
    await deleteJournalRows(env.JOURNALS_3 as unknown as MoveDb, id);
    await env.DB.prepare("UPDATE journals SET shard = 'JOURNALS_1' WHERE id = ? AND shard = 'JOURNALS_3'").bind(id).run();
  }
  await env.DB.prepare("UPDATE journal_moves SET state = 'failed' WHERE state NOT IN ('done', 'failed')").run();
}

describe("replies to a moved journal", () => {
  beforeEach(emptyMoveTarget);

  it("a reply after the switch is filed in the journal's new database, not refused by the old copy's freeze", {
    timeout: 60_000,
  }, async () => {
    const j = await createJournal({ shard: "JOURNALS_1" });
    const { staff, m, replyTo } = await replyToOf(j);
    const move = await planMove({
      journalId: j.id,
      to: "JOURNALS_3",
      operator: "test",
      platform: env.DB as unknown as MoveDb,
      journalDatabases: ["JOURNALS_1", "JOURNALS_2", "JOURNALS_3"],
      databaseOf: (shard: string) => bindingOf(env, shard) as unknown as MoveDb,
    });
    await startLog(move);
    let cursor: CopyCursor | null = null;
    do cursor = (await copyChunk(move, cursor, 50)).cursor;
    while (cursor);
    await catchUp(move);
    const frozenAt = await freeze(move);
    await verify(move);
    await switchShard(move, frozenAt);
    forgetShard();
    forgetJournals();
    // Switched, not cleaned up: JOURNALS_1 still holds the whole journal, frozen (as after a stalled move).
    const got = await receiveMail(
      raw("ayesha.siddiqa@uni.example.org", replyTo, "Written after the move"),
      { from: "ayesha.siddiqa@uni.example.org", to: replyTo },
      env,
    );
    expect(got.manuscriptId).toBe(m.id);
    const stored = await env.JOURNALS_3.prepare("SELECT text FROM mail_inbound WHERE id = ?").bind(got.id).first<{ text: string }>();
    expect(stored?.text).toBe("Written after the move");
    expect((await detail(staff, m.id)).discussion.map((d) => d.text)).toEqual(["Written after the move"]);
  });
});

describe("attack: replies that speak as someone else", () => {
  it("a From: naming the editor but sent from another address keeps and shows the envelope sender, marked", async () => {
    const j = await createJournal();
    const { staff, m, replyTo } = await replyToOf(j);
    await receiveMail(
      raw('"The Editor" <editor@journal.example>', replyTo, "Please send your bank details"),
      { from: "mallory@attacker.example", to: replyTo },
      env,
    );
    await receiveMail(
      raw('"Ayesha S." <ayesha.siddiqa@uni.example.org>', replyTo, "Genuine"),
      { from: "Ayesha.Siddiqa@uni.example.org", to: replyTo },
      env,
    );
    const [spoofed, genuine] = (await detail(staff, m.id)).discussion;
    expect(spoofed).toMatchObject({
      from: "editor@journal.example",
      fromName: "The Editor",
      envelopeFrom: "mallory@attacker.example",
      senderMismatch: true,
    });
    expect(genuine).toMatchObject({ from: "ayesha.siddiqa@uni.example.org", senderMismatch: false });
  });

  it("a token sent to another journal's domain does not land in the token's journal", async () => {
    const a = await createJournal();
    const b = await createJournal();
    const { staff, m, replyTo } = await replyToOf(a);
    const elsewhere = replyTo.replace(/@.*$/, `@${b.host}`);
    const got = await receiveMail(
      raw("x@outside.example", elsewhere, "Sent to the wrong journal"),
      { from: "x@outside.example", to: elsewhere },
      env,
    );
    expect(got.manuscriptId).toBeNull();
    expect((await detail(staff, m.id)).discussion).toEqual([]);
    const bStaff = await staffOf(b);
    expect((await bStaff.get("/mail/unmatched")).body.messages.map((x: { text: string }) => x.text)).toEqual(["Sent to the wrong journal"]);
  });
});

describe("attack: flooding the unmatched list", () => {
  it("250 junk mails do not hide the newest genuine one; pages go back newest first, one journal's only", { timeout: 60_000 }, async () => {
    const j = await createJournal();
    const other = await createJournal();
    const staff = await staffOf(j);
    const to = `editor@${j.host}`;
    await receiveMail(raw("first@uni.example", to, "The first genuine message"), { from: "first@uni.example", to }, env);
    for (let i = 0; i < 250; i++) await receiveMail(raw("junk@spam.example", to, `junk ${i}`), { from: "junk@spam.example", to }, env);
    await receiveMail(
      raw("x@y.example", `editor@${other.host}`, "Another journal's"),
      { from: "x@y.example", to: `editor@${other.host}` },
      env,
    );
    await receiveMail(raw("author@uni.example", to, "The newest genuine message"), { from: "author@uni.example", to }, env);
    const first = (await staff.get("/mail/unmatched")).body;
    expect(first.messages[0].text).toBe("The newest genuine message");
    expect(first.messages).toHaveLength(50);
    const seen: string[] = first.messages.map((x: { text: string }) => x.text);
    let next = first.next;
    while (next !== null) {
      const page = (await staff.get(`/mail/unmatched?before=${next}&limit=100`)).body;
      seen.push(...page.messages.map((x: { text: string }) => x.text));
      next = page.next;
    }
    expect(seen).toHaveLength(252);
    expect(seen.at(-1)).toBe("The first genuine message");
    expect(seen).not.toContain("Another journal's");
    expect((await staff.get("/mail/unmatched?limit=500")).body).toEqual({ error: "invalid_input" });
  });
});
