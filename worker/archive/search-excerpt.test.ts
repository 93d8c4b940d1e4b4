import { describe, expect, it } from "vitest";
import { excerptOf } from "./search-excerpt";
import { searchMatch } from "./search-query";

const phrasesOf = (q: string) => searchMatch(q, { journalId: 1, publicOnly: true })!.phrases;
const show = (q: string, text: string, size?: number) =>
  excerptOf(text, phrasesOf(q), size)
    .map((p) => (p.hit ? `[${p.text}]` : p.text))
    .join("");
const words = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `w${from + i}`).join(" ");

describe("search excerpts", () => {
  it("shows the words around the match, with ellipses where the abstract goes on", () => {
    const text = `${words(1, 40)} estuary ${words(41, 80)}.`;
    expect(show("estuary", text, 8)).toBe("…w38 w39 w40 [estuary] w41 w42 w43 w44…");
    expect(show("w1", text, 4)).toBe("[w1] w2 w3 w4…");
    expect(show("w80", text, 4)).toBe("…w77 w78 w79 [w80].");
  });

  it("shows the beginning when the words matched only outside the abstract", () => {
    expect(show("title", "First words of the abstract.", 3)).toBe("First words of…");
    expect(show("title", "Short.", 24)).toBe("Short.");
  });

  it("prefers the window with the most distinct words of the query", () => {
    const text = `soil ${words(1, 30)} soil water ${words(31, 60)}`;
    expect(show("soil water", text, 4)).toBe("…w30 [soil] [water] w31…");
  });

  it("flags word beginnings from three letters, whole words below, and folds case and diacritics", () => {
    expect(show("sal", "Salinity and salt in a sal marsh", 24)).toBe("[Salinity] and [salt] in a [sal] marsh");
    expect(show("sa", "Salinity and sa", 24)).toBe("Salinity and [sa]");
    // ə is typed as "a" or "e" (issue #27 item 12, migration 0050): both spellings are the name.
    expect(show("mammadova", "By Məmmədova and Mammadová.", 24)).toBe("By [Məmmədova] and [Mammadová].");
    expect(show("isik", "Işık and ISIK and isık", 24)).toBe("[Işık] and [ISIK] and [isık]");
  });

  it("flags a quoted phrase only where its words follow each other", () => {
    expect(show('"arsenic in deltaic"', "Arsenic in wells; arsenic in deltaic aquifers.", 24)).toBe(
      "Arsenic in wells; [arsenic in deltaic] aquifers.",
    );
    expect(show('"deltaic arsen"', "deltaic arsenic", 24)).toBe("deltaic arsenic");
  });

  it("keeps markup and punctuation as text and drops control characters", () => {
    const parts = excerptOf("<script>alert(1)</script> \u0002leak\u0003 here", phrasesOf("leak"));
    expect(parts).toEqual([
      { text: "<script>alert(1)</script> ", hit: false },
      { text: "leak", hit: true },
      { text: " here", hit: false },
    ]);
    expect(excerptOf(null, phrasesOf("leak"))).toEqual([]);
    expect(excerptOf("!!! …", phrasesOf("leak"))).toEqual([]);
  });
});
