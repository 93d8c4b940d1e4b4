// Demo ORCID iDs lie in the blocks ORCID issues from and pass the checksum (issue 40 item 6).
import { describe, expect, it } from "vitest";
import { ORCID_BLOCKS, isIssuedOrcidRange, orcidOf } from "./orcid-ranges";
import { normalizeOrcid } from "./scholarly";

describe("ORCID's issued blocks", () => {
  it("knows the first and last iD of each block, with their real check digits", () => {
    expect(
      ORCID_BLOCKS.flat()
        .map(orcidOf)
        .map((id) => id.slice(0, 18)),
    ).toEqual(["0000-0001-5000-000", "0000-0003-5000-000", "0009-0000-0000-000", "0009-0010-0000-000"]);
    expect(orcidOf(15_000_000)).toBe("0000-0001-5000-0007");
    expect(orcidOf(35_000_000)).toBe("0000-0003-5000-0001");
  });

  it("accepts iDs inside the blocks and refuses checksum-valid ones outside", () => {
    expect(isIssuedOrcidRange("0000-0002-1825-0097")).toBe(true);
    expect(isIssuedOrcidRange("0009-0001-5055-9262")).toBe(true);
    for (const outside of [orcidOf(14_999_999), orcidOf(35_000_001), orcidOf(800_000_000_000), orcidOf(900_100_000_001)]) {
      expect(normalizeOrcid(outside)).toBe(outside);
      expect(isIssuedOrcidRange(outside)).toBe(false);
    }
  });
});
