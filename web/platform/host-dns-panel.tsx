// A journal host that is a Cloudflare for SaaS custom hostname (issue 52, docs/decisions/0356): its status and
// certificate status in plain words, what is still missing, the DNS records its owner must set (each with a copy
// button), the last failed call to Cloudflare, and Refresh.
import { useState } from "react";
import type { HostAnswer, HostDnsRecord } from "#contract/platform";

const HOST_STATUS: Record<string, string> = {
  active: "Active: the host answers readers",
  pending: "Pending: Cloudflare is waiting for the DNS records below",
  active_redeploying: "Active (being redeployed by Cloudflare)",
  moved: "Moved: the domain's CNAME no longer points at the platform",
  blocked: "Blocked by Cloudflare",
  pending_blocked: "Blocked by Cloudflare (pending)",
  pending_deletion: "Being deleted at Cloudflare",
  deleted: "Deleted at Cloudflare: remove the host and add it again",
};

const CERTIFICATE_STATUS: Record<string, string> = {
  initializing: "being prepared",
  pending_validation: "waiting for its TXT record",
  pending_issuance: "being issued",
  pending_deployment: "being deployed",
  active: "active",
  validation_timed_out: "validation timed out: check the TXT record, then Refresh",
  expired: "expired",
  deleted: "deleted",
};

const PURPOSE: Record<HostDnsRecord["purpose"], string> = {
  traffic: "Sends the domain's readers to the platform",
  ownership: "Proves the domain is the journal's",
  certificate: "Lets Cloudflare issue the HTTPS certificate",
};

const words = (table: Record<string, string>, status: string) => table[status] ?? status.replaceAll("_", " ");

export const hostStatusWords = (h: HostAnswer) => words(HOST_STATUS, h.status);
export const certificateWords = (h: HostAnswer) => (h.certificateStatus ? words(CERTIFICATE_STATUS, h.certificateStatus) : "");
export const answersReaders = (h: HostAnswer) => h.status === "active" && (h.certificateStatus ?? "active") === "active";

/** What is still missing before the host answers readers, in one sentence. */
function missing(h: HostAnswer): string {
  if (answersReaders(h)) return "Nothing is missing. Keep the CNAME record in place.";
  if (h.dns.length === 0) return "Cloudflare has not answered yet: Refresh to try again.";
  if (h.status === "pending") return "The domain's owner must add the records below; Cloudflare checks them every few minutes.";
  if (h.status === "active") return "The certificate is not ready yet: keep the certificate TXT record until it is.";
  return "Cloudflare does not serve this host; see the reason below.";
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="console-copy"
      // The name starts with what the button shows (WCAG 2.5.3, axe label-content-name-mismatch), copied or not.
      aria-label={`${copied ? "Copied" : "Copy"} ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

export function HostDnsPanel({ host, busy, onRefresh }: { host: HostAnswer; busy: boolean; onRefresh: () => void }) {
  const ready = answersReaders(host);
  return (
    <section className="console-dns" aria-label={`DNS for ${host.host}`}>
      <h3>
        {host.host}{" "}
        <span className={`console-status ${ready ? "" : "console-status-pending"}`} data-testid="host-status">
          {hostStatusWords(host)}
        </span>
      </h3>
      <p>
        Certificate: <strong data-testid="certificate-status">{certificateWords(host)}</strong>. {missing(host)}
      </p>
      {host.problem ? <p className="console-error">Cloudflare says: {host.problem}</p> : null}
      {host.lastError ? (
        <p className="console-error" role="status">
          The last call to Cloudflare failed ({host.lastError}); what is shown is the last state Cloudflare reported. The host is kept;
          Refresh tries again.
        </p>
      ) : null}
      {host.dns.length > 0 ? (
        <ul className="console-dns-records">
          {host.dns.map((r) => (
            <li key={`${r.type}-${r.name}`}>
              <span className="console-muted">{PURPOSE[r.purpose]}</span>
              <span className="console-dns-line">
                <strong>{r.type}</strong> <code>{r.name}</code> <CopyButton value={r.name} label={`${r.type} name ${r.name}`} />
              </span>
              <span className="console-dns-line">
                → <code>{r.value}</code> <CopyButton value={r.value} label={`${r.type} value for ${r.name}`} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="console-muted">
        An apex domain (example.org) cannot carry a CNAME at most DNS providers: use the provider's CNAME flattening (ALIAS/ANAME) with the
        same target.
      </p>
      <button type="button" onClick={onRefresh} disabled={busy}>
        {busy ? "Asking Cloudflare…" : `Refresh ${host.host}`}
      </button>
    </section>
  );
}
