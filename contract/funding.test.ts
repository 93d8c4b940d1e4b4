// Funders as staff type them (issue 40 item 6) with their Funder IDs (issue 51 item 5): the ID is found in whichever
// later part of a line it is, typed bare, with "doi:" or as a doi.org address, and stored in one tidy form.
import { describe, expect, it } from "vitest";
import { formatFunding, fundingProblem, parseFunding } from "./funding";

describe("funding lines with Funder IDs", () => {
  it("reads the Funder ID in any later part and in any of its written forms", () => {
    expect(
      parseFunding(
        [
          "National Science Foundation | CHE-2101234 | https://doi.org/10.13039/100000001",
          "Wellcome Trust | doi:10.13039/100004440",
          "Department of Science and Technology, India | 10.13039/501100001409 | DST/INSPIRE/04/2016",
          "A local society | award 12",
        ].join("\n"),
      ),
    ).toEqual([
      { funder: "National Science Foundation", award: "CHE-2101234", funderId: "10.13039/100000001" },
      { funder: "Wellcome Trust", award: "", funderId: "10.13039/100004440" },
      { funder: "Department of Science and Technology, India", award: "DST/INSPIRE/04/2016", funderId: "10.13039/501100001409" },
      { funder: "A local society", award: "award 12", funderId: "" },
    ]);
  });

  it("stores name, award and Funder ID in that order, and reads back what it stored", () => {
    const typed = "Wellcome Trust | https://doi.org/10.13039/100004440 | WT-1\nNSF";
    const stored = formatFunding(parseFunding(typed));
    expect(stored).toBe("Wellcome Trust | WT-1 | 10.13039/100004440\nNSF");
    expect(parseFunding(stored)).toEqual(parseFunding(typed));
    expect(fundingProblem(typed)).toBeNull();
  });

  it("keeps a DOI that is no Funder ID as the award, as typed", () => {
    expect(parseFunding("NSF | 10.1000/182")).toEqual([{ funder: "NSF", award: "10.1000/182", funderId: "" }]);
  });
});
