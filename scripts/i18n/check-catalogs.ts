// `npm run i18n:check` (run first by `npm run build`): fails when a shipped language's catalog misses a message, has
// one the English catalog does not, or has one whose arguments or plural options are wrong (docs/i18n.md).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { catalogProblems, type RawCatalogs } from "../../contract/i18n/catalog-check";
import { LANGUAGES } from "../../contract/i18n/languages";

export const CATALOG_DIR = fileURLToPath(new URL("../../contract/i18n/catalogs/", import.meta.url));

/** Every shipped language's catalog as the files hold it (a missing or unreadable file is a problem of its own). */
export function readCatalogs(dir = CATALOG_DIR): { catalogs: RawCatalogs; problems: string[] } {
  const catalogs: RawCatalogs = {};
  const problems: string[] = [];
  for (const lang of LANGUAGES) {
    try {
      catalogs[lang] = JSON.parse(readFileSync(`${dir}${lang}.json`, "utf8"));
    } catch (e) {
      problems.push(`${lang}: ${dir}${lang}.json: ${(e as Error).message}`);
    }
  }
  return { catalogs, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { catalogs, problems } = readCatalogs();
  const all = [...problems, ...catalogProblems(catalogs)];
  if (all.length) {
    console.error(`message catalogs incomplete (${all.length}):\n  ${all.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`message catalogs complete: ${LANGUAGES.join(", ")} (${Object.keys(catalogs.en ?? {}).length} messages each)`);
}
