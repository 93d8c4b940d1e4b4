// The article form's description (contract/article-form.ts) against SPEC §5: the required marks staff see come
// from the rules alone, and the staff answer carries every field the form edits.
import { describe, expect, it } from "vitest";
import { ARTICLE_FORM_FIELDS, isRequiredField } from "./article-form";
import { adminArticleSchema } from "./api";

const required = (mode: "add" | "edit") => ARTICLE_FORM_FIELDS.filter((name) => isRequiredField(name, mode)).sort();

describe("the article form's description", () => {
  it("requires what SPEC §5 requires: the email on add only, the issue (set by the add page's route) always", () => {
    const always = ["title", "abstract", "txnid", "ptype", "publishdate", "authorname", "pagenumber", "refnumber"];
    const issue = ["year", "volume", "issue"];
    expect(required("add")).toEqual([...always, ...issue, "email"].sort());
    expect(required("edit")).toEqual([...always, ...issue].sort());
  });

  it("is answered whole to staff: every field but the authors' details (answered as `authors`) under its own name", () => {
    const answered = Object.keys(adminArticleSchema.shape);
    expect(ARTICLE_FORM_FIELDS.filter((name) => !answered.includes(name))).toEqual(["author_details"]);
    expect(answered).toContain("authors");
  });
});
