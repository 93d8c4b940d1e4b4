// The typed message API (docs/decisions/0350): code names a message by its id, never by its sentence. Ids are the
// English catalog's keys, so an id that is not in it fails the typecheck; every other shipped catalog has the same
// keys (scripts/i18n/check-catalogs.ts and tests/docs/i18n-catalogs.test.ts fail the build otherwise).
import type en from "./catalogs/en.json";
import { dirOf, type Language, type TextDirection } from "./languages";
import type { formatMessage, MessageValues } from "./message-format";

export type MessageId = keyof typeof en;
/** One language's catalog: every message id with its ICU MessageFormat text. */
export type Catalog = Readonly<Record<MessageId, string>>;

export interface Translator {
  lang: Language;
  dir: TextDirection;
  /** The message `id` in this language, its arguments filled in from `values`. */
  t(id: MessageId, values?: MessageValues): string;
}

/** A message that needs more than `{name}` arguments: plural, select, number or apostrophe quoting. */
const FULL_ICU = /\{\s*[^\s{},]+\s*,|'/;

/** True when a catalog needs the full ICU formatter (./message-format.ts) rather than plain `{name}` filling. */
export const needsFullFormatter = (catalog: Partial<Catalog>): boolean => Object.values(catalog).some((text) => FULL_ICU.test(text));

/**
 * The Translator for `lang`. `format` is the full ICU formatter; without it, messages may only use `{name}`
 * arguments: give it whenever needsFullFormatter(catalog) (the browser loads it only then: web/lib/catalog-loader.ts).
 */
export function createTranslator(lang: Language, catalog: Partial<Catalog>, format?: typeof formatMessage): Translator {
  return {
    lang,
    dir: dirOf(lang),
    t(id, values) {
      const text = catalog[id] ?? id;
      return (format ?? fillArguments)(text, lang, values);
    },
  };
}

/** `{name}` arguments filled in (all a message without plural, select or number needs). */
export const fillArguments: typeof formatMessage = (text, _lang, values) =>
  values ? text.replace(/\{([^\s{},]+)\}/g, (arg, name: string) => (values[name] === undefined ? arg : String(values[name]))) : text;

/** The messages a page carries (the Worker writes them into the document: docs/decisions/0352). */
export interface PageMessages {
  lang: Language;
  namespaces: string[];
  messages: Partial<Catalog>;
}
