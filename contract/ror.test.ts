// ROR ids on affiliations (issue 51 item 5): typed in any of their forms, stored as the ror.org address, refused with
// invalid_ror when the check digits do not match; authors without one keep the details they had.
import { describe, expect, it } from "vitest";
import { normalizeRor, parseAuthorDetails } from "./scholarly";
import { authorDetailsField } from "./article-form";

describe("ROR ids", () => {
  it("reads the id bare, without the scheme or as the address, and checks its two check digits", () => {
    expect(normalizeRor("03yrm5c26")).toBe("https://ror.org/03yrm5c26");
    expect(normalizeRor(" ror.org/01AN7Q238 ")).toBe("https://ror.org/01an7q238");
    expect(normalizeRor("https://ror.org/05dxps055")).toBe("https://ror.org/05dxps055");
    expect(normalizeRor("03yrm5c27")).toBeNull(); // one check digit off
    expect(normalizeRor("13yrm5c26")).toBeNull(); // ROR ids start with 0
    expect(normalizeRor("03yrm5i26")).toBeNull(); // no i in Crockford's base 32
  });

  it("the article form stores a ROR id only where one is given, and refuses a wrong one", () => {
    const stored = authorDetailsField.parse(
      JSON.stringify([
        { affiliation: "University of California, Berkeley, United States", orcid: "", ror: "01an7q238" },
        { affiliation: "Baku State University", orcid: "", ror: "" },
      ]),
    );
    expect(stored).toEqual([
      { affiliation: "University of California, Berkeley, United States", orcid: "", ror: "https://ror.org/01an7q238" },
      { affiliation: "Baku State University", orcid: "" },
    ]);
    expect(parseAuthorDetails(JSON.stringify(stored))[0].ror).toBe("https://ror.org/01an7q238");
    const refused = authorDetailsField.safeParse(JSON.stringify([{ affiliation: "X", orcid: "", ror: "03yrm5c27" }]));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toContain("invalid_ror");
  });
});
