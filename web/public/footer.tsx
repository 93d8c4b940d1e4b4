// Site footer: the journal's identity, quick links, contact, and the current year.
import { Link } from "react-router";
import { currentYear, issnLines } from "../lib/format";
import { useJournalName, useSettings } from "./journal-context";
import { NAV_LINKS } from "#contract/pages";

export function SiteFooter() {
  const s = useSettings();
  const name = useJournalName();
  const year = currentYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <p className="site-footer__name">{name}</p>
          {s?.formatted_journal_name && <p className="site-footer__muted">{s.formatted_journal_name}</p>}
          {s &&
            issnLines(s.issn).map((l) => (
              <p key={l} className="site-footer__muted">
                {l}
              </p>
            ))}
        </section>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Journal</h2>
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label.charAt(0) + l.label.slice(1).toLowerCase()}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section>
          <h2 className="site-footer__heading">Authors</h2>
          <ul>
            <li>
              <Link to="/article">Submit Online</Link>
            </li>
            <li>
              <Link to="/pdf">Download Certificate</Link>
            </li>
            <li>
              <Link to="/search">Search Articles</Link>
            </li>
            <li>
              <Link to="/policies">Policies</Link>
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
            © {year} {name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
