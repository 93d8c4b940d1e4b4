import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "./rich-text";

describe("sanitizeRichText", () => {
  it("keeps the formatting scientific titles need", () => {
    expect(sanitizeRichText("Uptake of CO<sub>2</sub> by <i>Zea mays</i> and Ca<sup>2+</sup><br/>signalling")).toBe(
      "Uptake of CO<sub>2</sub> by <i>Zea mays</i> and Ca<sup>2+</sup><br>signalling",
    );
    expect(sanitizeRichText("<p><strong>Bold</strong> <em>em</em> <u>u</u> <b>b</b></p>")).toBe(
      "<p><strong>Bold</strong> <em>em</em> <u>u</u> <b>b</b></p>",
    );
  });

  it("drops every attribute and every other tag, and scripts with their content", () => {
    const attacks: Array<[string, string]> = [
      ['<img src=x onerror="alert(1)">Title', "Title"],
      ["<script>alert(1)</script>Safe", "Safe"],
      ['<i onclick="alert(1)" style="x">It</i>', "<i>It</i>"],
      ['<a href="javascript:alert(1)">link</a>', "link"],
      ["<svg><script>alert(1)</script></svg>ok", "ok"],
      ["<iframe src=//evil></iframe>x", "x"],
      ['<p title="</p><script>alert(1)</script>">t</p>', "<p>t</p>"],
      ["<style>body{}</style><b>x", "<b>x</b>"],
      ["</i>unbalanced<sup>", "unbalanced"],
    ];
    for (const [input, out] of attacks) expect(sanitizeRichText(input), input).toBe(out);
  });

  it("leaves no tag outside the allowlist, whatever the nesting tricks", () => {
    const tricky = [
      "<<script>script>alert(1)<</script>/script>",
      "<scr<script>ipt>alert(1)</script>",
      "<img/src=x/onerror=alert(1)>",
      "<!--<script>-->x",
      "<b\nonmouseover=1>y</b>",
    ];
    for (const input of tricky) {
      const out = sanitizeRichText(input);
      for (const tag of out.match(/<[^>]*>/g) ?? []) expect(tag, input).toMatch(/^<\/?(b|i|em|strong|u|sup|sub|br|p)>$/);
    }
  });

  it("keeps what staff typed: encoded tags stay text, a stray < never swallows the rest (issue 26)", () => {
    // As the editor sends it: the toolbar's italics as markup, everything typed as escaped text.
    expect(sanitizeRichText("Growth of <i>E. coli</i> at pH &lt; 5 &amp; 37 °C in broth")).toBe(
      "Growth of <i>E. coli</i> at pH &lt; 5 &amp; 37 °C in broth",
    );
    const typed = "Tea soils at pH &lt; 5 &amp; temperature &gt; 30 °C: &quot;acidic&quot; &lt;b&gt;not bold&lt;/b&gt; O&#39;Brien";
    expect(sanitizeRichText(typed)).toBe(typed);
    expect(richTextToPlain(sanitizeRichText(typed))).toBe('Tea soils at pH < 5 & temperature > 30 °C: "acidic" <b>not bold</b> O\'Brien');
    // Sent raw (an API client): "<" not starting a tag is text, as an HTML parser reads it.
    expect(sanitizeRichText("pH < 5 & T > 30 °C, a <= b, x </ y")).toBe("pH &lt; 5 &amp; T &gt; 30 °C, a &lt;= b, x");
    expect(sanitizeRichText("Role of &lt;i&gt;E. coli&lt;/i&gt; in water")).toBe("Role of &lt;i&gt;E. coli&lt;/i&gt; in water");
    expect(sanitizeRichText("Na &amp; K &lt; 5")).toBe("Na &amp; K &lt; 5");
  });

  it("escapes text so that it can never become markup", () => {
    expect(sanitizeRichText('5 > 3 & "quoted"')).toBe("5 &gt; 3 &amp; &quot;quoted&quot;");
    expect(sanitizeRichText(null)).toBe("");
  });
});

describe("richTextToPlain", () => {
  it("flattens stored rich text for search, meta tags and documents", () => {
    expect(richTextToPlain("Uptake of CO<sub>2</sub> by <i>Zea mays</i><br>in Işık &amp; Məmmədova")).toBe(
      "Uptake of CO2 by Zea mays in Işık & Məmmədova",
    );
  });

  it("decodes every named character reference (no &szlig; left in meta tags)", () => {
    expect(richTextToPlain("Gro&szlig;e Stra&szlig;e, Caf&eacute; &hellip; &alpha;&ndash;&beta; &euro;5")).toBe(
      "Große Straße, Café … α–β €5",
    );
    // A tag typed as text is text.
    expect(richTextToPlain("Role of &lt;i&gt;E. coli&lt;/i&gt; in &lt;b&gt;soil&lt;/b&gt;")).toBe("Role of <i>E. coli</i> in <b>soil</b>");
    // Text that merely mentions a less-than sign stays text.
    expect(richTextToPlain("Na &amp; K &lt; 5")).toBe("Na & K < 5");
  });
});
