// Formatting for the public pages: ISSN lines, fees, the WhatsApp chat link, years.
// Dates, numbers and money in the page's language: #contract/i18n/intl-format.
import { issnList } from "#contract/journal-info";

export { issnList };
export { splitAuthors, pageRange, citationText, issueLabel, issuePath, articlePath, articlePdfPath } from "#contract/citation";
export { journalName } from "#contract/journal-info";
import { DEFAULT_LANGUAGE, type Language } from "#contract/i18n/languages";
import { intlLocale } from "#contract/i18n/intl-format";

/**
 * The ISSN split on its comma into lines (SPEC §2). Bare numbers get the usual labels: the first is the print
 * ISSN, the second the online one (the order the settings store them in; docs/decisions/0040). Entries that
 * already carry a label ("E-ISSN: ...") are shown as they are.
 */
export function issnLines(issn: string | null | undefined): string[] {
  const parts = issnList(issn);
  if (parts.length !== 2 || parts.some((p) => /[a-wyz]/i.test(p))) return parts.map((p) => (/[a-wyz]/i.test(p) ? p : `ISSN: ${p}`));
  return [`P-ISSN: ${parts[0]}`, `E-ISSN: ${parts[1]}`];
}

/** Only the digits of a phone number ("+91 98450 12345" -> "919845012345"). */
export const digitsOnly = (s: string | null | undefined) => String(s ?? "").replace(/\D+/g, "");

/** https://wa.me/<digits>?text=<prefilled query> (site.sidebar.chatGreeting), or null when no number is configured. */
export function whatsappLink(number: string | null | undefined, greeting: string): string | null {
  const digits = digitsOnly(number);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(greeting)}` : null;
}

/** "2500" -> "₹2,500"; "60" -> "$60"; text with its own currency ("INR 2500") stays as it is. */
/** A fee as typed in the settings, as money: in English the Indian or US way, in another page language its own way. */
export function formatFee(value: string | null | undefined, currency: "INR" | "USD", lang: Language = DEFAULT_LANGUAGE): string {
  const v = String(value ?? "").trim();
  if (!v) return "—";
  if (!/^\d+(\.\d+)?$/.test(v)) return v;
  const locale = lang === DEFAULT_LANGUAGE ? (currency === "INR" ? "en-IN" : "en-US") : intlLocale(lang);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: v.includes(".") ? 2 : 0,
  }).format(Number(v));
}

export const currentYear = () => new Date().getFullYear();
