// Site footer: the journal's identity, quick links, contact, and the current year.
import { Link } from "react-router";
import { currentYear, issnLines } from "../lib/format";
import { useJournalName, useSettings } from "./journal-context";
import { NAV_LINKS } from "#contract/pages";
import { richMessage, useT } from "../lib/i18n";

export function SiteFooter() {
  const s = useSettings();
  const name = useJournalName();
  const year = currentYear();
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <p className="site-footer__name" dir="auto">
            {name}
          </p>
          {s?.formatted_journal_name && (
            <p className="site-footer__muted" dir="auto">
              {s.formatted_journal_name}
            </p>
          )}
          {s &&
            issnLines(s.issn).map((l) => (
              <p key={l} className="site-footer__muted" dir="ltr">
                {l}
              </p>
            ))}
        </section>
        <nav aria-label={t("site.footer.label")}>
          <h2 className="site-footer__heading">{t("site.footer.journal")}</h2>
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section>
          <h2 className="site-footer__heading">{t("site.footer.authors")}</h2>
          <ul>
            <li>
              <Link to="/article">{t("site.submitOnline")}</Link>
            </li>
            <li>
              <Link to="/pdf">{t("site.downloadCertificate")}</Link>
            </li>
            <li>
              <Link to="/search">{t("site.footer.searchArticles")}</Link>
            </li>
            <li>
              <Link to="/policies">{t("site.footer.policies")}</Link>
            </li>
            {s?.websiteemail && (
              <li>
                <a href={`mailto:${s.websiteemail}`}>{s.websiteemail}</a>
              </li>
            )}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p data-testid="footer-copyright">
            {richMessage(t, "site.footer.copyright", { journal: <bdi>{name}</bdi> }, { year: String(year) })}
          </p>
        </div>
      </div>
    </footer>
  );
}
