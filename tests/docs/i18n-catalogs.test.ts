// Every shipped language has every message (issue 50 item 1): the catalogs on disk pass the check the build runs,
// and the check itself fails when one message is taken out of one catalog, or a translation changes its arguments.
import { describe, expect, it } from "vitest";
import { catalogProblems } from "../../contract/i18n/catalog-check";
import { LANGUAGES } from "../../contract/i18n/languages";
import { createTranslator, needsFullFormatter, type Catalog } from "../../contract/i18n/messages";
import { formatMessage } from "../../contract/i18n/message-format";
import { messagesIn } from "../../contract/i18n/page-messages";
import { readCatalogs } from "../../scripts/i18n/check-catalogs";

describe("message catalogs", () => {
  const { catalogs, problems } = readCatalogs();

  it("every shipped language's catalog has exactly the English catalog's messages, valid and with its arguments", () => {
    expect(problems).toEqual([]);
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGES].sort());
    expect(catalogProblems(catalogs)).toEqual([]);
  });

  it("fails when one message is missing from one catalog", () => {
    const { "site.nav.home": _dropped, ...rest } = catalogs.ar as Record<string, string>;
    expect(catalogProblems({ ...catalogs, ar: rest })).toEqual(["ar: missing message site.nav.home"]);
  });

  it("fails on a translation with other arguments, a broken message, or a plural category its language lacks", () => {
    const broken = {
      ...catalogs,
      fr: { ...catalogs.fr, "site.pager.page": "Page {numero}" },
      ru: { ...catalogs.ru, "site.skipLink": "Перейти {к" },
      id: { ...catalogs.id, "site.footer.copyright": "{n, plural, one {# tahun} other {# tahun}} {year} {journal}" },
    };
    const found = catalogProblems(broken);
    expect(found).toContain("fr: site.pager.page uses {numero}, the source {page}");
    expect(found.some((p) => p.startsWith("ru: site.skipLink:"))).toBe(true);
    // Indonesian has one plural form (CLDR: other only); the added {n} is also an argument English lacks.
    expect(found).toContain("id: site.footer.copyright: one not CLDR plural categories of id");
  });

  it("translates in the page's language, filling arguments, with right to left for Arabic", () => {
    const ar = createTranslator("ar", catalogs.ar as Catalog);
    expect(ar.dir).toBe("rtl");
    expect(ar.t("site.pager.page", { page: 3 })).toBe("الصفحة 3");
    // The plain `{name}` filling the browser uses without the ICU formatter says what the formatter says.
    for (const format of [undefined, formatMessage]) {
      const en = createTranslator("en", catalogs.en as Catalog, format);
      expect(en.dir).toBe("ltr");
      expect(en.t("site.footer.copyright", { year: 2026, journal: "IJAR" })).toBe("© 2026 IJAR. All rights reserved.");
    }
    // A catalog with a plural needs the ICU formatter (the browser loads it then: web/lib/catalog-loader.ts).
    // (A page's messages, not the catalog: the layout's need none, the search page's count results by plural.)
    const fr = catalogs.fr as Catalog;
    expect(needsFullFormatter(messagesIn(fr, ["site"]))).toBe(false);
    expect(needsFullFormatter({ ...messagesIn(fr, ["site"]), "site.pager.page": "{page, plural, one {#} other {#}}" })).toBe(true);
    expect(needsFullFormatter(messagesIn(fr, ["search"]))).toBe(true);
  });
});
