// The journal's reviewer database (issue 48 item 4): what staff stored about a reviewer is never lost by inviting
// them again without retyping it.
import { describe, expect, it } from "vitest";
import { createJournal } from "#tests/api/fixtures";
import { inDays, staffOf, submitManuscript } from "./workflow.fixtures";

describe("reviewers", () => {
  it("inviting a known reviewer with blank affiliation and expertise keeps the stored ones", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const added = await staff.post("/reviewers", {
      name: "Dr. Ines Moreau",
      email: "ines@rev.example",
      affiliation: "Université de Lyon",
      keywords: "lichens, basalt, bryophytes",
    });
    expect(added.status).toBe(201);
    const m = await submitManuscript(j, "Lichens on basalt");
    // The invite form as a hurried editor sends it: name and e-mail only, the other fields empty.
    const invited = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Dr. Ines Moreau",
      email: "INES@rev.example",
      affiliation: "",
      keywords: "  ",
      dueDate: inDays(14),
    });
    expect(invited.status).toBe(201);
    const r = (await staff.get("/reviewers")).body.reviewers.find((x: { email: string }) => x.email === "ines@rev.example");
    expect(r).toMatchObject({ affiliation: "Université de Lyon", keywords: "lichens, basalt, bryophytes", invitations: 1 });
    // What is typed still updates them.
    const m2 = await submitManuscript(j, "Mosses on granite");
    await staff.post(`/manuscripts/${m2.id}/reviewers`, {
      name: "Dr. Ines Moreau",
      email: "ines@rev.example",
      affiliation: "CNRS, Lyon",
      dueDate: inDays(14),
    });
    const again = (await staff.get("/reviewers")).body.reviewers.find((x: { email: string }) => x.email === "ines@rev.example");
    expect(again).toMatchObject({ affiliation: "CNRS, Lyon", keywords: "lichens, basalt, bryophytes" });
  });
});
