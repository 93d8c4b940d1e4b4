// The journal's sending domain (issue 52 item 2, docs/decisions/0395): the DNS records Cloudflare Email Service needs
// (bounce MX, SPF, DKIM, DMARC) with copy buttons, what the last DNS over HTTPS check found for each in plain words,
// how the journal's mail goes out meanwhile, the last failed check, and Refresh.
import type { MailDnsRecord, MailDomainAnswer } from "#contract/platform";
import { CopyButton } from "./host-dns-panel";

const PURPOSE: Record<MailDnsRecord["purpose"], string> = {
  bounce: "Bounce MX: brings bounced mail back to Cloudflare",
  spf: "SPF: lets Cloudflare send for the domain",
  dkim: "DKIM: the key that signs the journal's mail",
  dmarc: "DMARC: tells receivers what to do with mail that fails",
};

const SHORT: Record<MailDnsRecord["purpose"], string> = { bounce: "bounce MX", spf: "SPF", dkim: "DKIM", dmarc: "DMARC" };

const STATE: Record<MailDnsRecord["state"], string> = {
  present: "Present",
  missing: "Missing",
  wrong: "Wrong",
  unchecked: "Not checked yet",
};

const STATUS: Record<MailDomainAnswer["status"], string> = {
  verified: "Verified: mail goes from the journal's own address",
  incomplete: "Not ready: some records are missing or wrong",
  unchecked: "Not checked yet",
};

/** Which records are not right yet, in one sentence. */
function notReady(mail: MailDomainAnswer): string {
  const bad = (state: MailDnsRecord["state"]) => [...new Set(mail.records.filter((r) => r.state === state).map((r) => SHORT[r.purpose]))];
  const missing = bad("missing");
  const wrong = bad("wrong");
  const parts = [missing.length ? `missing: ${missing.join(", ")}` : "", wrong.length ? `wrong: ${wrong.join(", ")}` : ""].filter(Boolean);
  if (mail.status === "unchecked")
    return "The records have not been checked yet: Refresh checks them now (the platform also does, every hour).";
  return parts.length ? `Still ${parts.join("; ")}.` : "Every record is in place.";
}

export function MailDomainPanel({ mail, busy, onRefresh }: { mail: MailDomainAnswer; busy: boolean; onRefresh: () => void }) {
  const verified = mail.status === "verified";
  return (
    <section className="console-dns" aria-label={`Mail records for ${mail.domain}`}>
      <h3>
        {mail.domain}{" "}
        <span className={`console-status ${verified ? "" : "console-status-pending"}`} data-testid="mail-status">
          {STATUS[mail.status]}
        </span>
      </h3>
      <p data-testid="mail-sends-as">
        {verified ? (
          <>
            The journal's mail goes from <strong>{mail.sendsAs.fromAddress}</strong>.
          </>
        ) : mail.sendsAs.replyTo ? (
          <>
            Until every record below is present, the journal's mail goes from <strong>{mail.sendsAs.fromAddress}</strong> as “
            {mail.sendsAs.fromName}”; replies to a manuscript's messages reach its discussion through the platform's domain, other replies
            go to <strong>{mail.sendsAs.replyTo}</strong>: no message is lost.
          </>
        ) : (
          <>
            The journal's mail goes from <strong>{mail.sendsAs.fromAddress}</strong> (no platform sender is configured: set
            PLATFORM_MAIL_FROM).
          </>
        )}{" "}
        <span data-testid="mail-missing">{notReady(mail)}</span>
      </p>
      {mail.lastError ? (
        <p className="console-error" role="status">
          The last check failed ({mail.lastError}); what is shown is what the check before it found. Refresh tries again.
        </p>
      ) : null}
      <ul className="console-dns-records">
        {mail.records.map((r) => (
          <li key={`${r.type}-${r.name}-${r.value ?? ""}`} data-state={r.state}>
            <span className="console-muted">{PURPOSE[r.purpose]}</span>
            <span className="console-dns-line">
              <strong>{r.type}</strong> <code>{r.name}</code> <CopyButton value={r.name} label={`${r.type} name ${r.name}`} />
            </span>
            <span className="console-dns-line">
              {r.value ? (
                <>
                  → <code>{r.value}</code> <CopyButton value={r.value} label={`${SHORT[r.purpose]} value for ${r.name}`} />
                </>
              ) : (
                <>→ the public key Cloudflare shows for this domain (Email Service → Email Sending → Settings)</>
              )}
            </span>
            <span className={r.state === "present" ? "" : "console-error"}>
              <strong>{STATE[r.state]}</strong>
              {r.state === "unchecked" ? "" : `: ${r.message}`}
              {r.found ? (
                <>
                  {" "}
                  DNS has <code>{r.found}</code>.
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="console-muted">
        Onboarding the domain to Email Sending in Cloudflare's dashboard creates these records when the domain's DNS is on Cloudflare.
      </p>
      <button type="button" onClick={onRefresh} disabled={busy}>
        {busy ? "Checking DNS…" : `Check mail records of ${mail.domain}`}
      </button>
    </section>
  );
}
