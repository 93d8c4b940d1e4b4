// Mail from a journal's own domain (issue 52 item 2, docs/decisions/0395): the console lists the DNS records Cloudflare
// Email Service needs on the journal's sending domain, checks them through DNS over HTTPS (the local stand-in,
// tests/dns-over-https-standin.ts) on Refresh and on the Cron Trigger, and says which are missing or wrong; a failed or
// timed-out check keeps what was known; until every record is present the journal's mail goes from the platform's
// address with the journal's name, the reply token moved onto the platform's domain.
import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import { createJournal, db } from "#tests/api/fixtures";
import { consoleJournal, createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";
import type { JournalSummary, MailDomainAnswer } from "#contract/platform";
import { mailOutbox } from "../../core/data/schema";
import { sendOutboxBatch, type MailQueueBody } from "../../workflow/mail-queue";
import { emailServiceRecords, STANDIN_DKIM_KEY } from "#tests/dns-over-https-standin";
import { dnsOverHttps } from "./dns-over-https";
import { ensureMailDomain, mailDomainOf } from "./mail-domains.repo";

const PLATFORM_FROM = "journals@platform.example";
const mailEnv = { ...env, PLATFORM_MAIL_FROM: PLATFORM_FROM } as Env;

async function call(token: string, method: string, path: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`http://${PLATFORM_HOST}/api/platform${path}`, { method, headers: { Authorization: `Bearer ${token}` } }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    mailEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, journal: ((await res.json()) as { journal: JournalSummary }).journal };
}

const dns = (name: string, state: object) =>
  fetch(`http://dns.test/__standin/dns/${name}`, { method: "POST", body: JSON.stringify(state) });
const setUpDomain = (domain: string) => fetch(`http://dns.test/__standin/mail-domain/${domain}`, { method: "POST" });

async function journal() {
  const op = await createOperator();
  const j = await consoleJournal(op);
  const domain = j.host; // its contact e-mail is ed@<its host>
  const refresh = async () => (await call(op.token, "POST", `/journals/${j.id}/mail/refresh`)).journal.mail!;
  const get = async () => (await call(op.token, "GET", `/journals/${j.id}`)).journal.mail!;
  return { op, j, domain, refresh, get };
}

const stateOf = (mail: MailDomainAnswer) => Object.fromEntries(mail.records.map((r) => [`${r.purpose} ${r.value ?? r.name}`, r.state]));
const record = (mail: MailDomainAnswer, purpose: string, value?: string) =>
  mail.records.find((r) => r.purpose === purpose && (value === undefined || r.value === value))!;

describe("a journal's mail domain in the console", () => {
  it("lists the records Email Service needs, unchecked, and says the journal sends from the platform's address meanwhile", async () => {
    const { get, domain } = await journal();
    const mail = await get();
    expect(mail).toMatchObject({ domain, status: "unchecked", checkedAt: null, lastError: null });
    expect(mail.records.map((r) => `${r.type} ${r.name} ${r.value ?? "(Cloudflare's key)"}`)).toEqual([
      `MX cf-bounce.${domain} route1.mx.cloudflare.net`,
      `MX cf-bounce.${domain} route2.mx.cloudflare.net`,
      `MX cf-bounce.${domain} route3.mx.cloudflare.net`,
      `TXT cf-bounce.${domain} v=spf1 include:_spf.mx.cloudflare.net ~all`,
      `TXT cf-bounce._domainkey.${domain} (Cloudflare's key)`,
      `TXT _dmarc.${domain} v=DMARC1; p=reject;`,
    ]);
    expect(mail.records.every((r) => r.state === "unchecked")).toBe(true);
    expect(mail.sendsAs).toEqual({ fromName: expect.stringContaining("Journal"), fromAddress: PLATFORM_FROM, replyTo: `ed@${domain}` });
  });

  it("Refresh with every record in DNS: verified, and the journal sends from its own address", async () => {
    const { refresh, domain } = await journal();
    await setUpDomain(domain);
    const mail = await refresh();
    expect(mail.status).toBe("verified");
    expect(mail.records.every((r) => r.state === "present")).toBe(true);
    expect(mail.sendsAs).toMatchObject({ fromAddress: `ed@${domain}`, replyTo: null });
    // The DKIM key comes as two quoted strings (over 255 bytes): read whole.
    const doh = dnsOverHttps({ base: "http://dns.test/dns-query" });
    expect(await doh.lookup(`cf-bounce._domainkey.${domain}`, "TXT")).toEqual([`v=DKIM1; h=sha256; k=rsa; p=${STANDIN_DKIM_KEY}`]);
    expect(await doh.lookup(`cf-bounce.${domain}`, "MX")).toHaveLength(3);
    expect(mail.checkedAt).toBeTruthy();
  });

  const cases: {
    what: string;
    name: (d: string) => string;
    state: (d: string) => object;
    purpose: string;
    value?: string;
    is: string;
    says: RegExp;
  }[] = [
    {
      what: "a bounce MX record missing",
      name: (d) => `cf-bounce.${d}`,
      state: (d) => ({ ...emailServiceRecords(d)[`cf-bounce.${d}`], MX: ["10 route1.mx.cloudflare.net.", "20 route2.mx.cloudflare.net."] }),
      purpose: "bounce",
      value: "route3.mx.cloudflare.net",
      is: "missing",
      says: /No MX record .* route3\.mx\.cloudflare\.net/,
    },
    {
      what: "SPF missing",
      name: (d) => `cf-bounce.${d}`,
      state: (d) => ({ MX: emailServiceRecords(d)[`cf-bounce.${d}`].MX }),
      purpose: "spf",
      is: "missing",
      says: /no SPF record/,
    },
    {
      what: "SPF without Cloudflare",
      name: (d) => `cf-bounce.${d}`,
      state: (d) => ({ MX: emailServiceRecords(d)[`cf-bounce.${d}`].MX, TXT: ["v=spf1 include:_spf.google.com ~all"] }),
      purpose: "spf",
      is: "wrong",
      says: /does not include _spf\.mx\.cloudflare\.net/,
    },
    {
      what: "two SPF records",
      name: (d) => `cf-bounce.${d}`,
      state: (d) => ({
        MX: emailServiceRecords(d)[`cf-bounce.${d}`].MX,
        TXT: ["v=spf1 include:_spf.mx.cloudflare.net ~all", "v=spf1 include:_spf.google.com ~all"],
      }),
      purpose: "spf",
      is: "wrong",
      says: /2 SPF records/,
    },
    {
      what: "DKIM missing",
      name: (d) => `cf-bounce._domainkey.${d}`,
      state: () => ({}),
      purpose: "dkim",
      is: "missing",
      says: /No DKIM key/,
    },
    {
      what: "DKIM with an empty key",
      name: (d) => `cf-bounce._domainkey.${d}`,
      state: () => ({ TXT: ["v=DKIM1; k=rsa; p="] }),
      purpose: "dkim",
      is: "wrong",
      says: /no DKIM public key/,
    },
    { what: "DMARC missing", name: (d) => `_dmarc.${d}`, state: () => ({}), purpose: "dmarc", is: "missing", says: /no DMARC policy/ },
    {
      what: "DMARC without a policy",
      name: (d) => `_dmarc.${d}`,
      state: () => ({ TXT: ["v=DMARC1; rua=mailto:reports@example.org"] }),
      purpose: "dmarc",
      is: "wrong",
      says: /names no policy/,
    },
  ];
  for (const c of cases) {
    it(`${c.what}: said in plain words, the others present, and the journal keeps the platform's address`, async () => {
      const { refresh, domain } = await journal();
      await setUpDomain(domain);
      await dns(c.name(domain), c.state(domain));
      const mail = await refresh();
      expect(mail.status).toBe("incomplete");
      const r = record(mail, c.purpose, c.value);
      expect(r.state).toBe(c.is);
      expect(r.message).toMatch(c.says);
      if (c.is === "wrong") expect(r.found).toBeTruthy();
      const others = Object.entries(stateOf(mail)).filter(([k]) => k !== `${r.purpose} ${r.value ?? r.name}`);
      // Only the record changed is not present (a whole bounce name emptied takes its three MX with it: not here).
      expect(others.filter(([, s]) => s !== "present")).toEqual([]);
      expect(mail.sendsAs.fromAddress).toBe(PLATFORM_FROM);
    });
  }

  it("DNS over HTTPS failing (HTTP 500, then SERVFAIL) keeps the last status and records, and says what failed", async () => {
    const { refresh, domain } = await journal();
    await setUpDomain(domain);
    const verified = await refresh();
    await dns(`_dmarc.${domain}`, { fail: 500 });
    const failed = await refresh();
    expect(failed).toMatchObject({ status: "verified", records: verified.records });
    expect(failed.lastError).toMatch(/500/);
    expect(failed.sendsAs.fromAddress).toBe(`ed@${domain}`);
    await dns(`_dmarc.${domain}`, { servfail: true });
    expect((await refresh()).lastError).toMatch(/DNS status 2/);
    await dns(`_dmarc.${domain}`, emailServiceRecords(domain)[`_dmarc.${domain}`]);
    expect(await refresh()).toMatchObject({ status: "verified", lastError: null });
  });

  it("DNS over HTTPS not answering in time: the check gives up, status kept, the timeout said", async () => {
    const { refresh, domain, get } = await journal();
    await dns(`cf-bounce._domainkey.${domain}`, { hang: true });
    const mail = await refresh();
    expect(mail).toMatchObject({ status: "unchecked" });
    expect(mail.lastError).toMatch(/did not answer in time/);
    expect(mail.records.every((r) => r.state === "unchecked")).toBe(true);
    expect((await get()).lastError).toMatch(/in time/);
    await dns(`cf-bounce._domainkey.${domain}`, {});
  }, 30_000);

  it("the Cron Trigger checks a domain the platform has sent from, and it turns verified", async () => {
    const { get, domain } = await journal();
    await setUpDomain(domain);
    // A domain the platform knows of (the consumer adds each domain it sends from: below), never checked yet.
    await ensureMailDomain(db, domain);
    expect((await get()).status).toBe("unchecked");
    const ctx = createExecutionContext();
    await worker.scheduled!({ cron: "7 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController, mailEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect((await get()).status).toBe("verified");
  });
});

const batchOf = (row: { id: number; journalId: number }) =>
  createMessageBatch<MailQueueBody>("journal-edge-mail", [
    { id: `m${row.id}`, timestamp: new Date(), attempts: 1, body: { outboxId: row.id, journalId: row.journalId } },
  ]);
const capture = (sent: unknown[]) =>
  ({
    send: async (m: unknown) => {
      sent.push(m);
      return { messageId: `id-${sent.length}` };
    },
  }) as unknown as SendEmail;

describe("the sender a message goes out as", () => {
  async function send(domain: string, replyTo = "") {
    const journalId = (await createJournal()).id;
    const sent: { from: { name: string; email: string }; replyTo?: string }[] = [];
    const [row] = await db
      .insert(mailOutbox)
      .values({
        journalId,
        kind: "test",
        toAddress: "author@example.org",
        fromAddress: `office@${domain}`,
        fromName: "Journal of Tests",
        replyTo,
        subject: "Hello",
        text: "Body",
        createdAt: new Date().toISOString(),
      })
      .returning();
    await sendOutboxBatch(batchOf(row), { ...mailEnv, EMAIL: capture(sent) });
    return sent[0];
  }
  const freshDomain = () => `${crypto.randomUUID().slice(0, 8)}.sender.example`;

  it("an unverified domain: from the platform's address with the journal's name, the reply token kept on the platform's domain", async () => {
    const domain = freshDomain();
    const m = await send(domain, `replies+0123456789abcdef01234567@${domain}`);
    expect(m.from).toEqual({ name: "Journal of Tests", email: PLATFORM_FROM });
    expect(m.replyTo).toBe(`replies+0123456789abcdef01234567@${PLATFORM_FROM.split("@")[1]}`);
    // A message without a reply token: Reply-To the journal's own address.
    expect((await send(freshDomain())).replyTo).toMatch(/^office@/);
    // The domain is now on the platform's list: the Cron Trigger checks it within the hour.
    expect((await mailDomainOf(db, domain))?.status).toBe("unchecked");
  });

  it("a verified domain: from the journal's own address, its Reply-To as written", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    await setUpDomain(j.host);
    expect((await call(op.token, "POST", `/journals/${j.id}/mail/refresh`)).journal.mail?.status).toBe("verified");
    const m = await send(j.host, `replies+0123456789abcdef01234567@${j.host}`);
    expect(m.from).toEqual({ name: "Journal of Tests", email: `office@${j.host}` });
    expect(m.replyTo).toBe(`replies+0123456789abcdef01234567@${j.host}`);
  });

  it("without PLATFORM_MAIL_FROM a journal sends from its own address, as before", async () => {
    const sent: { from: { email: string } }[] = [];
    const domain = freshDomain();
    const journalId = (await createJournal()).id;
    const [row] = await db
      .insert(mailOutbox)
      .values({
        journalId,
        kind: "test",
        toAddress: "a@example.org",
        fromAddress: `office@${domain}`,
        fromName: "J",
        subject: "S",
        text: "T",
        createdAt: new Date().toISOString(),
      })
      .returning();
    await sendOutboxBatch(batchOf(row), { ...env, PLATFORM_MAIL_FROM: "", EMAIL: capture(sent) } as Env);
    expect(sent[0].from.email).toBe(`office@${domain}`);
  });
});
