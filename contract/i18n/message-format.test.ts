// The ICU subset the catalogs use, by CLDR plural rules (Intl.PluralRules) in each language.
import { describe, expect, it } from "vitest";
import { formatParts, MessageSyntaxError, parseMessage } from "./message-format";
import type { Language } from "./languages";

const format = (lang: Language, source: string, values = {}) => formatParts(parseMessage(source), lang, values);
const articles = "{n, plural, =0 {no articles} one {# article} other {# articles}}";

describe("message format", () => {
  it("fills arguments and leaves plain text alone", () => {
    expect(format("en", "Page {page} of {pages}", { page: 2, pages: 9 })).toBe("Page 2 of 9");
    expect(format("en", "Hello")).toBe("Hello");
  });

  it("picks plural branches by the language's CLDR categories, exact values first, # as a local number", () => {
    expect(format("en", articles, { n: 0 })).toBe("no articles");
    expect(format("en", articles, { n: 1 })).toBe("1 article");
    expect(format("en", articles, { n: 1234 })).toBe("1,234 articles");
    const ru = "{n, plural, one {# статья} few {# статьи} many {# статей} other {# статьи}}";
    expect([1, 3, 5, 21, 1.5].map((n) => format("ru", ru, { n }))).toEqual(["1 статья", "3 статьи", "5 статей", "21 статья", "1,5 статьи"]);
    const ar = "{n, plural, zero {لا مقالات} one {مقالة واحدة} two {مقالتان} few {# مقالات} many {# مقالة} other {# مقالة}}";
    expect([0, 1, 2, 3, 11, 100].map((n) => format("ar", ar, { n }))).toEqual([
      "لا مقالات",
      "مقالة واحدة",
      "مقالتان",
      `${new Intl.NumberFormat("ar").format(3)} مقالات`,
      `${new Intl.NumberFormat("ar").format(11)} مقالة`,
      `${new Intl.NumberFormat("ar").format(100)} مقالة`,
    ]);
  });

  it("selects, ordinals, offsets and apostrophe quoting", () => {
    expect(format("en", "{role, select, editor {Editor} other {Reader}}", { role: "editor" })).toBe("Editor");
    expect(format("en", "{role, select, editor {Editor} other {Reader}}", { role: "x" })).toBe("Reader");
    expect(format("en", "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", { n: 22 })).toBe("22nd");
    expect(format("en", "{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}}", { n: 3 })).toBe(
      "you and 2 others",
    );
    expect(format("fr", "l'article '{'brut'}' ''ok''")).toBe("l'article {brut} 'ok'");
  });

  it("refuses a broken message", () => {
    expect(() => parseMessage("{n, plural, one {x}}")).toThrow(MessageSyntaxError);
    expect(() => parseMessage("text {open")).toThrow(MessageSyntaxError);
    expect(() => parseMessage("{n, date}")).toThrow(MessageSyntaxError);
  });
});
