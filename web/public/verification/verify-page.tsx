// /verify and /verify/{code}: anyone checks a certificate (issue 31). Without a code, a form to type one; with a
// code, the verdict — valid, no longer valid, tampered or unknown — and what the journal's records state: the name,
// the article and where it was published, or the editor's appointment (docs/decisions/0170).
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { usePageData } from "../../lib/page-data";
import type { RevokedReason, VerifiedCertificate, VerifyOutcome } from "#contract/verify-page";
import { formatCode, normalizeCode, VERIFY_PATH, verifyPathOf } from "#contract/verify-code";
import "./verify-page.css";

function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeCode(value);
    if (!code) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    navigate(verifyPathOf(code));
  };
  return (
    <form className="ref-form verify-form" action={VERIFY_PATH} method="get" onSubmit={submit} noValidate>
      <label htmlFor="verify-code">Certificate code</label>
      <div className="ref-form__row">
        <input
          id="verify-code"
          name="code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="e.g. 7K2M-9QXD-4HWB-R8TN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby="verify-code-help"
          required
        />
        <button type="submit" className="button">
          Verify
        </button>
      </div>
      {invalid && (
        <p className="verify-form__error" role="alert">
          A code has 16 letters and digits, like 7K2M-9QXD-4HWB-R8TN (12 on certificates issued before December 2026). Please check what you
          typed.
        </p>
      )}
      <p className="hint" id="verify-code-help">
        The code is printed under the QR code at the bottom of the certificate. Letters may be typed in any case; O, I and L read as 0, 1
        and 1.
      </p>
    </form>
  );
}

const REVOKED: Record<RevokedReason, string> = {
  article_withdrawn: "The article this certificate was issued for is no longer published by the journal.",
  author_removed: "The person this certificate was issued to is no longer listed among the article's authors.",
  editor_removed: "The person this certificate was issued to is no longer on the journal's editorial board.",
  position_changed: "The editor now holds a different position on the editorial board than this certificate states.",
};

function Facts({ certificate: c }: { certificate: VerifiedCertificate }) {
  if (c.kind === "appointment") {
    return (
      <dl className="verify-facts">
        <dt>Name</dt>
        <dd data-testid="verify-name">{c.degree ? `${c.name} (${c.degree})` : c.name}</dd>
        <dt>Appointment</dt>
        <dd>{c.role}, Editorial Board</dd>
        <dt>Journal</dt>
        <dd>{c.journal}</dd>
        <dt>Member since</dt>
        <dd>{c.since}</dd>
      </dl>
    );
  }
  return (
    <dl className="verify-facts">
      {c.name && (
        <>
          <dt>Name</dt>
          <dd data-testid="verify-name">{c.name}</dd>
        </>
      )}
      <dt>Article</dt>
      <dd className="verify-facts__title">{c.articlePath ? <Link to={c.articlePath}>{c.title}</Link> : c.title}</dd>
      <dt>Journal</dt>
      <dd>{c.journal}</dd>
      <dt>Volume, issue</dt>
      <dd>
        Volume {c.volume}, Issue {c.issue} ({c.year})
      </dd>
      <dt>Published</dt>
      <dd>{c.published}</dd>
      <dt>Reference No.</dt>
      <dd>{c.refnumber}</dd>
    </dl>
  );
}

function Verdict({ outcome }: { outcome: Exclude<VerifyOutcome, { status: "form" }> }) {
  switch (outcome.status) {
    case "valid": {
      const what = outcome.certificate.kind === "publication" ? "certificate of publication" : "certificate of appointment";
      return (
        <section className="verify-result verify-result--valid" data-status="valid" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            Valid certificate
          </h2>
          <p>
            This {what} was issued by {outcome.certificate.journal} and matches the journal's records.
          </p>
          <Facts certificate={outcome.certificate} />
        </section>
      );
    }
    case "revoked":
      return (
        <section className="verify-result verify-result--revoked" data-status="revoked" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            No longer valid
          </h2>
          <p>This code was genuinely issued by the journal, but the certificate no longer holds. {REVOKED[outcome.reason]}</p>
          {outcome.certificate && <Facts certificate={outcome.certificate} />}
        </section>
      );
    case "tampered":
      return (
        <section className="verify-result verify-result--invalid" data-status="tampered" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            Invalid code: altered or mistyped
          </h2>
          <p>
            The code {formatCode(outcome.code)} does not carry this journal's signature. Either a character was changed or mistyped, or it
            belongs to another journal. Check the code on the certificate; a certificate whose code does not verify is not genuine.
          </p>
        </section>
      );
    case "unknown":
      return (
        <section className="verify-result verify-result--invalid" data-status="unknown" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            Unknown code
          </h2>
          <p>The code {formatCode(outcome.code)} was not issued by this journal. A certificate carrying it is not genuine.</p>
        </section>
      );
    case "throttled":
      return (
        <section className="verify-result verify-result--invalid" data-status="throttled" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            Too many codes tried
          </h2>
          <p>
            Many codes that do not verify have been tried from your network in the last few minutes, so checking is paused for it. Please
            try again in {Math.ceil(outcome.retryAfterSeconds / 60)} minute{Math.ceil(outcome.retryAfterSeconds / 60) === 1 ? "" : "s"}.
            Codes printed on genuine certificates never count against this.
          </p>
        </section>
      );
    case "malformed":
      return (
        <section className="verify-result verify-result--invalid" data-status="malformed" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            Not a certificate code
          </h2>
          <p>
            “{outcome.typed}” is not a certificate code: a code has 16 letters and digits, like 7K2M-9QXD-4HWB-R8TN (12 on older
            certificates).
          </p>
        </section>
      );
  }
}

export function VerifyPage() {
  const { outcome, suspended } = usePageData("verify");
  const shown =
    outcome.status === "form" || outcome.status === "throttled"
      ? ""
      : outcome.status === "malformed"
        ? outcome.typed
        : formatCode(outcome.code);
  return (
    <article className="page verify-page">
      <header className="page__header">
        <h1 className="page__title">VERIFY A CERTIFICATE</h1>
      </header>
      {suspended && (
        <p className="prose" role="note">
          This journal is suspended by its publishing platform: its other pages are offline for now. Certificates it issued can still be
          checked here.
        </p>
      )}
      {outcome.status === "form" ? (
        <p className="prose">
          Every certificate this journal issues carries a QR code and a short address. Scan the code, or type the code printed on the
          certificate, to see what the journal's records state.
        </p>
      ) : (
        <>
          <p className="eyebrow">Code {shown}</p>
          <Verdict outcome={outcome} />
        </>
      )}
      <CodeForm key={shown} initial={outcome.status === "form" ? "" : shown} />
    </article>
  );
}
