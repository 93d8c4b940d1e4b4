// What makes a shipped catalog complete (docs/decisions/0350): the English catalog's ids, no more and no fewer;
// every message valid ICU MessageFormat; the same arguments as the English message; plural options that are CLDR
// categories of the catalog's language (or exact `=N` values). Used by the build's script and by the docs test.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";
import { argumentNames, parseMessage, pluralArguments } from "./message-format";

export type RawCatalogs = Partial<Record<Language, Record<string, unknown>>>;

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** One line per problem, naming the language and the message id; empty when every shipped catalog is complete. */
export function catalogProblems(catalogs: RawCatalogs): string[] {
  const problems: string[] = [];
  const source = catalogs[DEFAULT_LANGUAGE];
  if (!source) return [`${DEFAULT_LANGUAGE}: the source catalog is missing`];
  const sourceArgs = new Map<string, Set<string>>();
  for (const [id, text] of Object.entries(source)) {
    try {
      sourceArgs.set(id, argumentNames(parseMessage(String(text))));
    } catch (e) {
      problems.push(`${DEFAULT_LANGUAGE}: ${id}: ${(e as Error).message}`);
    }
  }
  for (const lang of LANGUAGES) {
    const catalog = catalogs[lang];
    if (!catalog) {
      problems.push(`${lang}: no catalog`);
      continue;
    }
    const categories = new Set<string>(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
    const ordinals = new Set<string>(new Intl.PluralRules(lang, { type: "ordinal" }).resolvedOptions().pluralCategories);
    for (const id of Object.keys(source)) if (!(id in catalog)) problems.push(`${lang}: missing message ${id}`);
    for (const [id, text] of Object.entries(catalog)) {
      if (!(id in source)) {
        problems.push(`${lang}: ${id} is not in the ${DEFAULT_LANGUAGE} catalog`);
        continue;
      }
      if (typeof text !== "string" || !text.trim()) {
        problems.push(`${lang}: ${id} is empty`);
        continue;
      }
      if (lang === DEFAULT_LANGUAGE) continue;
      try {
        const parts = parseMessage(text);
        const expected = sourceArgs.get(id);
        if (expected && !sameSet(argumentNames(parts), expected)) {
          problems.push(`${lang}: ${id} uses {${[...argumentNames(parts)].join(", ")}}, the source {${[...expected].join(", ")}}`);
        }
        for (const p of pluralArguments(parts)) {
          const allowed = p.kind === "plural" ? categories : ordinals;
          const wrong = p.keys.filter((k) => !k.startsWith("=") && !allowed.has(k));
          if (wrong.length) problems.push(`${lang}: ${id}: ${wrong.join(", ")} not CLDR ${p.kind} categories of ${lang}`);
        }
      } catch (e) {
        problems.push(`${lang}: ${id}: ${(e as Error).message}`);
      }
    }
  }
  return problems;
}
