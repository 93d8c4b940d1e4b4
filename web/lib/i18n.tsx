// The page's language through the render (issue 50 item 1): the Worker and the browser wrap the router in
// <I18nProvider> with a Translator for the page's language; components read it with useT() / useTranslator().
// Catalogs load per language: the browser fetches only the page's own (web/lib/catalog-loader.ts).
import { createContext, Fragment, useContext, type ReactNode } from "react";
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

/**
 * A message with elements inside it (a link, a bold figure, a name kept in its own direction): each `{name}` of
 * `elements` is filled with that element, so translators move the element within their sentence freely.
 */
export function richMessage(
  t: Translator["t"],
  id: Parameters<Translator["t"]>[0],
  elements: Readonly<Record<string, ReactNode>>,
  values: Readonly<Record<string, string | number>> = {},
): ReactNode[] {
  const names = Object.keys(elements);
  const marks = Object.fromEntries(names.map((name, i) => [name, `\u0001${i}\u0001`]));
  return t(id, { ...values, ...marks })
    .split(/\u0001(\d+)\u0001/)
    .map((part, i) => (i % 2 ? <Fragment key={i}>{elements[names[Number(part)]!]}</Fragment> : part))
    .filter((part) => part !== "");
}
