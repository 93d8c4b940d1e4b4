// Invisible characters: removed when saved, when drawn and when a name is compared (both sides).
import { describe, expect, it } from "vitest";
import { stripInvisible } from "./invisible-text";
import { nameMatchKey } from "./name-match";
import { editorSchema } from "./admin";
import { articleAddSchema } from "./article-form";

describe("invisible characters", () => {
  it("removes bidi marks, zero-width characters, word joiners, CGJ, soft hyphens and BOMs", () => {
    expect(stripInvisible("Maria\u200e Rossi")).toBe("Maria Rossi");
    expect(stripInvisible("\ufeffAl\u00adi\u2060 Ka\u034fn\u200b \u202bX\u202c")).toBe("Ali Kan X");
    expect(stripInvisible("Jo\u200dhn\u200c Smith")).toBe("John Smith");
  });

  it("keeps ZWNJ and ZWJ inside Persian and Indic words, where they choose the letter forms", () => {
    const persian = "می\u200cخواهم";
    const hindi = "क्\u200dष";
    const malayalam = "ന്\u200d";
    expect(stripInvisible(persian)).toBe(persian);
    expect(stripInvisible(hindi)).toBe(hindi);
    expect(stripInvisible(malayalam)).toBe(malayalam);
  });

  it("compares names after NFKC, case folding and without invisible characters on either side", () => {
    expect(nameMatchKey("Maria\u200e Rossi")).toBe(nameMatchKey("maria rossi"));
    expect(nameMatchKey("ＭＡＲＩＡ  Rossi")).toBe(nameMatchKey("Maria Rossi"));
    expect(nameMatchKey("Strauß")).toBe(nameMatchKey("STRAUSS"));
    expect(nameMatchKey("İsmail Işık")).toBe(nameMatchKey("ISMAIL IŞIK"));
    expect(nameMatchKey("Maria Rossi")).not.toBe(nameMatchKey("Mario Rossi"));
  });

  it("strips them when an article or an editor is saved", () => {
    const article = articleAddSchema.safeParse({
      title: "On <i>E.\u200b coli</i>\u200e",
      abstract: "x",
      authorname: "Maria\u200e Rossi, \u2060Ali Khan",
      refnumber: "R-1",
      txnid: "TX-0001",
      ptype: "paid",
      pagenumber: "1-2",
      publishdate: "2024-01-02",
      year: 2024,
      volume: 1,
      issue: 1,
      email: "a@b.c",
    });
    expect(article.success, JSON.stringify(article.error?.issues)).toBe(true);
    expect(article.data!.authorname).toBe("Maria Rossi, Ali Khan");
    expect(article.data!.title).toBe("On <i>E. coli</i>");
    const editor = editorSchema.parse({
      name: "Maria\u200f Rossi",
      degree: "Ph\u200b.D.",
      post: "Professor",
      content: "Univ\u00adersity",
      category: "chief editor",
      country: "Italy\u200e",
    });
    expect([editor.name, editor.degree, editor.content, editor.country]).toEqual(["Maria Rossi", "Ph.D.", "University", "Italy"]);
    expect(editorSchema.safeParse({ name: "\u200e\u200f", post: "Professor", content: "U", category: "chief editor" }).success).toBe(false);
  });
});
