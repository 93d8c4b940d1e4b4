// /verify and /verify/{code}: anyone checks a certificate (issue 31). Without a code, a form to type one; with a
// code, the verdict — valid, no longer valid, tampered or unknown — and what the journal's records state: the name,
// the article and where it was published, or the editor's appointment (docs/decisions/0170).
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { usePageData } from "../../lib/page-data";
import { richMessage, useT } from "../../lib/i18n";
import type { MessageId } from "#contract/i18n/messages";
import type { RevokedReason, VerifiedCertificate, VerifyOutcome } from "#contract/verify-page";
import { formatCode, normalizeCode, VERIFY_PATH, verifyPathOf } from "#contract/verify-code";
import "./verify-page.css";

const EXAMPLE_CODE = "7K2M-9QXD-4HWB-R8TN";

function CodeForm({ initial }: { initial: string }) {
  const t = useT();
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
      <label htmlFor="verify-code">{t("verify.codeLabel")}</label>
      <div className="ref-form__row">
        <input
          id="verify-code"
          name="code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t("verify.codeExample", { example: EXAMPLE_CODE })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby="verify-code-help"
          required
        />
        <button type="submit" className="button">
          {t("verify.submit")}
        </button>
      </div>
      {invalid && (
        <p className="verify-form__error" role="alert">
          {richMessage(t, "verify.formError", { example: <bdi dir="ltr">{EXAMPLE_CODE}</bdi> })}
        </p>
      )}
      <p className="hint" id="verify-code-help">
        {t("verify.codeHelp")}
      </p>
    </form>
  );
}

const REVOKED: Record<RevokedReason, MessageId> = {
  article_withdrawn: "verify.revoked.articleWithdrawn",
  author_removed: "verify.revoked.authorRemoved",
  editor_removed: "verify.revoked.editorRemoved",
  position_changed: "verify.revoked.positionChanged",
};

function Facts({ certificate: c }: { certificate: VerifiedCertificate }) {
  const t = useT();
  if (c.kind === "appointment") {
    return (
      <dl className="verify-facts">
        <dt>{t("verify.fact.name")}</dt>
        <dd dir="auto" data-testid="verify-name">
          {c.degree ? `${c.name} (${c.degree})` : c.name}
        </dd>
        <dt>{t("verify.fact.appointment")}</dt>
        <dd>{t("verify.fact.role", { role: c.role })}</dd>
        <dt>{t("verify.fact.journal")}</dt>
        <dd dir="auto">{c.journal}</dd>
        <dt>{t("verify.fact.since")}</dt>
        <dd dir="auto">{c.since}</dd>
      </dl>
    );
  }
  return (
    <dl className="verify-facts">
      {c.name && (
        <>
          <dt>{t("verify.fact.name")}</dt>
          <dd dir="auto" data-testid="verify-name">
            {c.name}
          </dd>
        </>
      )}
      <dt>{t("verify.fact.article")}</dt>
      <dd className="verify-facts__title" dir="auto">
        {c.articlePath ? <Link to={c.articlePath}>{c.title}</Link> : c.title}
      </dd>
      <dt>{t("verify.fact.journal")}</dt>
      <dd dir="auto">{c.journal}</dd>
      <dt>{t("verify.fact.volumeIssue")}</dt>
      <dd>{t("verify.fact.volumeIssueValue", { volume: c.volume, issue: c.issue, year: c.year })}</dd>
      <dt>{t("verify.fact.published")}</dt>
      <dd dir="auto">{c.published}</dd>
      <dt>{t("verify.fact.reference")}</dt>
      <dd dir="auto">{c.refnumber}</dd>
    </dl>
  );
}

function Verdict({ outcome }: { outcome: Exclude<VerifyOutcome, { status: "form" }> }) {
  const t = useT();
  const code = (typed: string) => <bdi dir="ltr">{typed}</bdi>;
  switch (outcome.status) {
    case "valid": {
      return (
        <section className="verify-result verify-result--valid" data-status="valid" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            {t("verify.valid.title")}
          </h2>
          <p>
            {richMessage(t, "verify.valid.text", { journal: <bdi>{outcome.certificate.journal}</bdi> }, { kind: outcome.certificate.kind })}
          </p>
          <Facts certificate={outcome.certificate} />
        </section>
      );
    }
    case "revoked":
      return (
        <section className="verify-result verify-result--revoked" data-status="revoked" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            {t("verify.revoked.title")}
          </h2>
          <p>
            {t("verify.revoked.text")} {t(REVOKED[outcome.reason])}
          </p>
          {outcome.certificate && <Facts certificate={outcome.certificate} />}
        </section>
      );
    case "tampered":
      return (
        <section className="verify-result verify-result--invalid" data-status="tampered" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            {t("verify.tampered.title")}
          </h2>
          <p>{richMessage(t, "verify.tampered.text", { code: code(formatCode(outcome.code)) })}</p>
        </section>
      );
    case "unknown":
      return (
        <section className="verify-result verify-result--invalid" data-status="unknown" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            {t("verify.unknown.title")}
          </h2>
          <p>{richMessage(t, "verify.unknown.text", { code: code(formatCode(outcome.code)) })}</p>
        </section>
      );
    case "throttled":
      return (
        <section className="verify-result verify-result--invalid" data-status="throttled" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            {t("verify.throttled.title")}
          </h2>
          <p>{t("verify.throttled.text", { minutes: Math.ceil(outcome.retryAfterSeconds / 60) })}</p>
        </section>
      );
    case "malformed":
      return (
        <section className="verify-result verify-result--invalid" data-status="malformed" aria-labelledby="verify-verdict">
          <h2 id="verify-verdict" className="verify-result__verdict">
            {t("verify.malformed.title")}
          </h2>
          <p>{richMessage(t, "verify.malformed.text", { typed: <bdi>{outcome.typed}</bdi>, example: code(EXAMPLE_CODE) })}</p>
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
  const t = useT();
  return (
    <article className="page verify-page">
      <header className="page__header">
        <h1 className="page__title">{t("verify.title")}</h1>
      </header>
      {suspended && (
        <p className="prose" role="note">
          {t("verify.suspended")}
        </p>
      )}
      {outcome.status === "form" ? (
        <p className="prose">{t("verify.intro")}</p>
      ) : (
        <>
          <p className="eyebrow">{richMessage(t, "verify.code", { code: <bdi dir="ltr">{shown}</bdi> })}</p>
          <Verdict outcome={outcome} />
        </>
      )}
      <CodeForm key={shown} initial={outcome.status === "form" ? "" : shown} />
    </article>
  );
}
