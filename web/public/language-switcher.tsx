// The language switcher (issue 50 item 2, docs/decisions/0351): the same page in each language the journal offers,
// each language named in itself. Its links go through /language, which remembers the choice (the one thing that
// moves a visitor between languages besides the first visit's Accept-Language) and loads the page in it.
import { useLocation } from "react-router";
import type { Settings } from "#contract/api";
import { LANGUAGE_NAMES, LANGUAGE_SWITCH_PATH, offerOf } from "#contract/i18n/addresses";
import { dirOf } from "#contract/i18n/languages";
import { useTranslator } from "../lib/i18n";

export function LanguageSwitcher({ s }: { s: Settings }) {
  const { t, lang } = useTranslator();
  // The router's location has no language prefix: the plain path, as /language takes it.
  const { pathname, search } = useLocation();
  const offer = offerOf(s);
  if (offer.offered.length < 2) return null;
  return (
    <nav className="topbar__languages" aria-label={t("site.language.label")}>
      <ul>
        {offer.offered.map((l) => (
          <li key={l}>
            {l === lang ? (
              <span aria-current="true" lang={l} dir={dirOf(l)}>
                {LANGUAGE_NAMES[l]}
              </span>
            ) : (
              <a
                href={`${LANGUAGE_SWITCH_PATH}?${new URLSearchParams({ to: l, path: `${pathname}${search}` })}`}
                hrefLang={l}
                lang={l}
                dir={dirOf(l)}
                rel="alternate"
              >
                {LANGUAGE_NAMES[l]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
