// Every shipped catalog, for the Worker (which renders any page, link page or letter in any language). The browser
// never imports this module: it gets only its page's messages (docs/decisions/0352, web/lib/catalog-loader.ts).
import ar from "./catalogs/ar.json";
import az from "./catalogs/az.json";
import en from "./catalogs/en.json";
import es from "./catalogs/es.json";
import fr from "./catalogs/fr.json";
import id from "./catalogs/id.json";
import ptBR from "./catalogs/pt-BR.json";
import ru from "./catalogs/ru.json";
import type { Language } from "./languages";
import { formatMessage } from "./message-format";
import { createTranslator, type Catalog, type PageMessages, type Translator } from "./messages";
import { messagesIn } from "./page-messages";

/** One catalog per shipped language (a language without one fails the typecheck). */
export const CATALOGS: Record<Language, Catalog> = { en, ar, id, fr, ru, az, es, "pt-BR": ptBR };

const translators = new Map<Language, Translator>();

/** The Translator of `lang` with the full ICU formatter (kept once made). */
export function translatorFor(lang: Language): Translator {
  let translator = translators.get(lang);
  if (!translator) translators.set(lang, (translator = createTranslator(lang, CATALOGS[lang], formatMessage)));
  return translator;
}

/** The messages of `namespaces` in `lang`, as a page carries them. */
export const pageMessagesOf = (lang: Language, namespaces: readonly string[]): PageMessages => ({
  lang,
  namespaces: [...namespaces],
  messages: messagesIn(CATALOGS[lang], namespaces),
});
