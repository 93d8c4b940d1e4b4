// Site header: utility bar, the logo block (two branches, chosen per host by the Worker: docs/decisions/0040),
// and the main navigation (a disclosure menu on narrow screens).
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { Settings } from "#contract/api";
import { NAV_LINKS } from "#contract/pages";
import { EmblemIcon, MailIcon } from "../components/icons";
import { MENU_ID, MenuToggle } from "./menu-toggle";
import { issnLines, journalName } from "../lib/format";
import { useHeaderBranch, useSettings } from "./journal-context";
import { useT, useTranslator } from "../lib/i18n";
import { LanguageSwitcher } from "./language-switcher";

function UtilityBar({ s }: { s: Settings | undefined }) {
  const t = useT();
  return (
    <div className="topbar">
      <div className="container topbar__inner">
        <p className="topbar__text">
          {s?.websiteemail ? (
            <a href={`mailto:${s.websiteemail}`} className="topbar__mail">
              <MailIcon width={15} height={15} /> {s.websiteemail}
            </a>
          ) : (
            <span>&nbsp;</span>
          )}
        </p>
        {s ? <LanguageSwitcher s={s} /> : null}
        <p className="topbar__links">
          <Link to="/pdf">{t("site.downloadCertificate")}</Link>
          <Link to="/article" className="topbar__cta">
            {t("site.submitOnline")}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A logo the journal uploaded (the drawn default is logo.svg: the emblem stands in for it). */
const uploadedLogo = (s: Settings) => Boolean(s.logo_url) && !s.logo_url.endsWith("/logo.svg");

/** Default branch: emblem + journal name + abbreviation, with the ISSN/impact-factor block on the right. */
function MastheadLogo({ s }: { s: Settings }) {
  const t = useT();
  const name = journalName(s);
  return (
    <div className="masthead" data-testid="logo-default">
      <div className="container masthead__inner">
        <Link to="/" className="masthead__brand">
          {/* An uploaded logo replaces the emblem (docs/decisions/0163); the drawn default keeps the emblem's look. */}
          {uploadedLogo(s) ? (
            // At its own aspect ratio (issue 37 item 6): a fixed height, the width the image asks for, within bounds.
            <img className="masthead__logo" src={s.logo_url} alt="" data-testid="masthead-logo" decoding="async" />
          ) : (
            <EmblemIcon className="masthead__emblem" />
          )}
          <span className="masthead__titles">
            <span className="masthead__name" dir="auto">
              {name}
            </span>
            {s.formatted_journal_name && (
              <span className="masthead__abbr" dir="auto">
                {s.formatted_journal_name}
              </span>
            )}
          </span>
        </Link>
        <dl className="masthead__facts">
          {issnLines(s.issn).map((line) => {
            const [label, value] = line.includes(":") ? line.split(/:\s*/, 2) : ["ISSN", line];
            return (
              <div key={line}>
                <dt>{label}</dt>
                <dd dir="ltr">{value}</dd>
              </div>
            );
          })}
          {s.impactfactor && (
            <div>
              <dt>{t("site.impactFactor")}</dt>
              <dd>{s.impactfactor}</dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}

/** Alternate branch: a centred banner with the name in capitals and the facts on one ruled line below. */
function BannerLogo({ s }: { s: Settings }) {
  const t = useT();
  const name = journalName(s);
  const facts = [...issnLines(s.issn), ...(s.impactfactor ? [t("site.impactFactorLine", { value: s.impactfactor })] : [])];
  return (
    <div className="banner" data-testid="logo-alt">
      <div className="container banner__inner">
        {/* The uploaded logo shows in this branch too, above the name (issue 37 item 6). */}
        {uploadedLogo(s) ? (
          <Link to="/" className="banner__logo-link" tabIndex={-1} aria-hidden="true">
            <img className="banner__logo" src={s.logo_url} alt="" data-testid="banner-logo" decoding="async" />
          </Link>
        ) : null}
        <Link to="/" className="banner__name" dir="auto">
          {name}
        </Link>
        {s.formatted_journal_name && (
          <p className="banner__abbr" dir="auto">
            {s.formatted_journal_name}
          </p>
        )}
        <ul className="banner__facts">
          {facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function SiteHeader() {
  const s = useSettings();
  const branch = useHeaderBranch();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { t, lang } = useTranslator();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className={`site-header site-header--${branch}`}>
      <UtilityBar s={s} />
      {s ? (
        branch === "alt" ? (
          <BannerLogo s={s} />
        ) : (
          <MastheadLogo s={s} />
        )
      ) : (
        <div className={branch === "alt" ? "banner banner--loading" : "masthead masthead--loading"} aria-hidden />
      )}
      <nav className="site-nav" aria-label={t("site.nav.label")}>
        <div className="container site-nav__inner">
          <MenuToggle open={open} onToggle={() => setOpen((o) => !o)} menuId={MENU_ID} label={t("site.nav.menu")} />
          <ul id={MENU_ID} className={`site-nav__list${open ? " is-open" : ""}`}>
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === "/"} className="site-nav__link">
                  {/* The catalogs write the labels as in a sentence; the bar shows them in capitals, by the language's rules. */}
                  {t(l.label).toLocaleUpperCase(lang)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );
}
