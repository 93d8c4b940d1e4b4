// /instructions: author instructions (SPEC §2, §5, §9). The journal's own text (instructions_content, edited by its
// managers on /admin/site; a default until they do: contract/site-content.ts), and around it the spec's facts, which
// the page always shows whatever the text says: submission in MS Word (a PDF through Submit Online for the
// double-blind review, the Word file after acceptance), at most 5 authors and 50 references, the fee table (fee_rupee
// for India, fee_dollar for other countries), the editorial policies and the copyright form download. Each shows
// once: the default texts leave out the fee and the statements the page gives itself.
import { Link } from "react-router";
import { MAX_AUTHORS, MAX_REFERENCES } from "#contract/constants";
import { policiesBesideStatements, SHARED_COPYRIGHT_FORM_PATH } from "#contract/site-content";
import { DownloadIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { usePageData } from "../../lib/page-data";
import { formatFee } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { JournalFigures } from "../workflow/journal-figures";
import { licenseOf } from "#contract/scholarly";
import { richMessage, useTranslator } from "../../lib/i18n";

/** The shared copyright form, for a journal that has not uploaded its own. */
export const COPYRIGHT_FORM_PATH = SHARED_COPYRIGHT_FORM_PATH;

export function InstructionsPage() {
  const s = useSettings();
  const { figures, sectionFees, feesOnline } = usePageData("instructions");
  const { t, lang } = useTranslator();
  const name = useJournalName() || t("site.theJournal");
  const fee = (value: string | null | undefined, currency: "INR" | "USD") => <bdi dir="ltr">{formatFee(value, currency, lang)}</bdi>;

  return (
    <article className="page prose-page">
      <header className="page__header">
        <h1 className="page__title">{t("site.sidebar.instructions")}</h1>
        <p className="page__lead">{richMessage(t, "instructions.lead", { journal: <bdi>{name}</bdi> })}</p>
      </header>

      <section aria-labelledby="ins-requirements">
        <h2 id="ins-requirements">{t("instructions.requirements")}</h2>
        <ul className="check-list">
          <li>
            {richMessage(t, "instructions.word", {
              word: <strong>MS Word</strong>,
              submit: <Link to="/article">{t("site.submitOnline")}</Link>,
              office: s?.websiteemail ? (
                <a href={`mailto:${s.websiteemail}`} dir="ltr">
                  {s.websiteemail}
                </a>
              ) : (
                t("instructions.office")
              ),
            })}
          </li>
          <li>
            {richMessage(t, "instructions.maxAuthors", { limit: <strong>{t("instructions.authors", { count: MAX_AUTHORS })}</strong> })}
          </li>
          <li>
            {richMessage(t, "instructions.maxReferences", {
              limit: <strong>{t("instructions.references", { count: MAX_REFERENCES })}</strong>,
            })}
          </li>
        </ul>
      </section>

      {s ? (
        <section aria-label={t("instructions.journalText")}>
          <RichText page className="site-page-text" html={s.instructions_content} />
        </section>
      ) : null}

      <JournalFigures figures={figures} />

      <section aria-labelledby="ins-fees">
        <h2 id="ins-fees">{t("instructions.fee")}</h2>
        <div className="table-wrap">
          <table className="fee-table">
            <caption className="visually-hidden">{t("instructions.feeCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("instructions.authorsFrom")}</th>
                <th scope="col">{t("instructions.fee")}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t("instructions.india")}</th>
                <td data-testid="fee-india">{s ? fee(s.fee_rupee, "INR") : "…"}</td>
              </tr>
              <tr>
                <th scope="row">{t("instructions.otherCountries")}</th>
                <td data-testid="fee-other">{s ? fee(s.fee_dollar, "USD") : "…"}</td>
              </tr>
            </tbody>
          </table>
        </div>
        {s && sectionFees?.length ? (
          <>
            <p>{t("instructions.sectionFees")}</p>
            <div className="table-wrap">
              <table className="fee-table" data-testid="section-fees">
                <caption className="visually-hidden">{t("instructions.sectionFeesCaption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("instructions.section")}</th>
                    <th scope="col">{t("instructions.authorsFromIndia")}</th>
                    <th scope="col">{t("instructions.otherCountries")}</th>
                  </tr>
                </thead>
                <tbody>
                  {sectionFees.map((f) => (
                    <tr key={f.title}>
                      <th scope="row" dir="auto">
                        {f.title}
                      </th>
                      <td>{fee(f.feeRupee || s.fee_rupee, "INR")}</td>
                      <td>{fee(f.feeDollar || s.fee_dollar, "USD")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        {feesOnline ? <p data-testid="fee-online">{t("instructions.feesOnline")}</p> : null}
      </section>

      {s ? (
        <section aria-labelledby="ins-policies">
          <h2 id="ins-policies">{t("instructions.policies")}</h2>
          {/* The default text leaves out what the statements below already say (contract/site-content.ts). */}
          <RichText page className="site-page-text site-page-text--nested" html={policiesBesideStatements(s.policies_content, s)} />
          {/* The journal's own statements DOAJ asks for (issue 40 item 3), where Settings has them. */}
          {s.review_process || s.plagiarism_policy || s.apc_policy || s.waiver_policy || s.license_url ? (
            <dl className="policy-list">
              {s.review_process && (
                <>
                  <dt>{t("instructions.policy.review")}</dt>
                  <dd className="policy-list__text">{s.review_process}</dd>
                </>
              )}
              {s.plagiarism_policy && (
                <>
                  <dt>{t("instructions.policy.originality")}</dt>
                  <dd className="policy-list__text">{s.plagiarism_policy}</dd>
                </>
              )}
              {s.apc_policy && (
                <>
                  <dt>{t("instructions.policy.apc")}</dt>
                  <dd className="policy-list__text">{s.apc_policy}</dd>
                </>
              )}
              {s.waiver_policy && (
                <>
                  <dt>{t("instructions.policy.waivers")}</dt>
                  <dd className="policy-list__text">{s.waiver_policy}</dd>
                </>
              )}
              {s.license_url && (
                <>
                  <dt>{t("instructions.policy.licence")}</dt>
                  <dd>
                    {richMessage(t, "instructions.policy.licensedUnder", {
                      licence: (
                        <a href={s.license_url} rel="license">
                          <bdi>{licenseOf(s.license).label}</bdi>
                        </a>
                      ),
                    })}
                  </dd>
                </>
              )}
            </dl>
          ) : null}
          <p>
            <Link to="/policies">{t("instructions.allPolicies")}</Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="ins-copyright" className="card copyright-box">
        <div>
          <h2 id="ins-copyright">{t("instructions.copyright")}</h2>
          <p>{t("instructions.copyrightText")}</p>
        </div>
        <a className="button" href={s?.copyright_form_url || COPYRIGHT_FORM_PATH} download="Copyright-Form.pdf">
          <DownloadIcon /> {t("instructions.copyrightDownload")}
        </a>
      </section>
    </article>
  );
}
