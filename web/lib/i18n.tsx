// The page's language through the render (issue 50 item 1): the Worker and the browser wrap the router in
// <I18nProvider> with a Translator for the page's language; components read it with useT() / useTranslator().
// Catalogs load per language: the browser fetches only the page's own (web/lib/catalog-loader.ts).
import { createContext, useContext, type ReactNode } from "react";
import type { Translator } from "#contract/i18n/messages";

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

export function useTranslator(): Translator {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error("useTranslator outside <I18nProvider>");
  return translator;
}

/** The message function of the page's language: `t("site.nav.home")`. */
export const useT = (): Translator["t"] => useTranslator().t;
