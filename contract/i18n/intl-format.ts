// Dates, numbers and money in the page's language, through Intl (issue 50 item 1). Pages pass their Translator's
// `lang`; nothing here knows a language by name.
import type { Language } from "./languages";

/**
 * The locale Intl formats a page's language with (docs/decisions/0353): the site's English writes dates the
 * British way ("15 March 2026", as it always has); Arabic pages write Latin digits, like the volume and issue
 * numbers, ISSNs, DOIs and page ranges beside them (one kind of digit on a page).
 */
const INTL_LOCALES: Partial<Record<Language, string>> = { en: "en-GB", ar: "ar-u-nu-latn" };
export const intlLocale = (lang: Language): string => INTL_LOCALES[lang] ?? lang;

/** "28 November 2026" in English, "28 نوفمبر 2026" in Arabic …: `style` picks Intl's dateStyle. */
export function formatDate(lang: Language, date: Date | string | number, style: Intl.DateTimeFormatOptions["dateStyle"] = "long"): string {
  const d = date instanceof Date ? date : new Date(date);
  // UTC: the Worker and the browser must render the same day (hydration), whatever the reader's time zone.
  return Number.isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: style, timeZone: "UTC" }).format(d);
}

export function formatNumber(lang: Language, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(lang), options).format(value);
}

/** An amount in `currency` (ISO 4217), with that currency's usual decimals unless the amount is whole. */
export function formatCurrency(lang: Language, amount: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    style: "currency",
    currency,
    ...(Number.isInteger(amount) ? { maximumFractionDigits: 0 } : {}),
  }).format(amount);
}
