// The browser's messages (docs/decisions/0352): the Worker writes the messages of the page's routes into the
// document (a JSON data block), in the page's language only; a client-side navigation to a page whose texts are
// not here yet fetches them from /_messages (cached at the edge) beside the page's data. The ICU formatter
// (plurals, selects) loads as a chunk of its own, only once a message needs it.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#contract/i18n/languages";
import {
  createTranslator,
  fillArguments,
  needsFullFormatter,
  type Catalog,
  type PageMessages,
  type Translator,
} from "#contract/i18n/messages";
import { namespacesOf, PAGE_MESSAGES_PATH } from "#contract/i18n/page-messages";
import type { formatMessage as FormatMessage } from "#contract/i18n/message-format";

/** The id of the data block the Worker writes (worker/pages/document.ts). */
export const PAGE_MESSAGES_ID = "page-messages";

const messages: Partial<Record<string, string>> = {};
const loaded = new Set<string>();
let lang: Language = DEFAULT_LANGUAGE;
let fullFormat: typeof FormatMessage | undefined;

/** The page's language as the document names it (`<html lang>`), else the default. */
export function documentLanguage(doc: Document): Language {
  const tag = doc.documentElement.lang;
  return isLanguage(tag) ? tag : DEFAULT_LANGUAGE;
}

/**
 * The address prefix of the page's language: "/ar" when the address starts with the document's language tag (a
 * language other than the journal's primary one, docs/decisions/0351), else "".
 */
export function documentBasename(doc: Document, language: Language): string {
  const first = doc.location.pathname.split("/")[1];
  return first === language ? `/${language}` : "";
}

async function keep(found: Partial<Catalog>, namespaces: readonly string[]): Promise<void> {
  if (!fullFormat && needsFullFormatter(found)) fullFormat = (await import("#contract/i18n/message-format")).formatMessage;
  Object.assign(messages, found);
  for (const ns of namespaces) loaded.add(ns);
}

/** The Translator of the page: its messages from the document, more added as pages need them. */
export async function pageTranslator(doc: Document): Promise<Translator> {
  lang = documentLanguage(doc);
  const block = doc.getElementById(PAGE_MESSAGES_ID)?.textContent;
  const page: PageMessages | null = block ? JSON.parse(block) : null;
  if (page && page.lang === lang) await keep(page.messages, page.namespaces);
  return createTranslator(lang, messages as Partial<Catalog>, (text, l, values) => (fullFormat ?? fillArguments)(text, l, values));
}

/** Fetches the messages routes `routeIds` show that this page does not have yet (nothing when it has them all). */
export async function ensureMessages(routeIds: readonly string[], signal?: AbortSignal): Promise<void> {
  const missing = namespacesOf(routeIds).filter((ns) => !loaded.has(ns));
  if (missing.length === 0) return;
  const res = await fetch(`${PAGE_MESSAGES_PATH}?${new URLSearchParams({ lang, ns: missing.join(",") })}`, { signal });
  if (!res.ok) throw new Error(`messages ${missing.join(",")}: HTTP ${res.status}`);
  await keep((await res.json()) as Partial<Catalog>, missing);
}
