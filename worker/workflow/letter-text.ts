// The decision letters' built-in texts and their placeholders (issue 36 item 3); no I/O, so the demo seed uses them too.
import type { Decision } from "#contract/workflow";

export interface LetterTemplate {
  subject: string;
  body: string;
}

export const DEFAULT_TEMPLATES: Record<Decision, LetterTemplate> = {
  accepted: {
    subject: "{{reference}}: your manuscript is accepted",
    body: `Dear {{author_name}},

We are pleased to tell you that your manuscript "{{title}}" ({{reference}}) has been accepted for publication in {{journal_name}}.

{{reviewer_comments}}

We will be in touch about the final version and publication.

With kind regards,
The editorial office, {{journal_name}}`,
  },
  revisions_requested: {
    subject: "{{reference}}: revisions requested",
    body: `Dear {{author_name}},

Thank you for submitting "{{title}}" ({{reference}}) to {{journal_name}}. The reviewers have read your manuscript and we ask you to revise it before we can decide.

{{reviewer_comments}}

Please upload your revised manuscript as a PDF through the link to your manuscript's page below.

With kind regards,
The editorial office, {{journal_name}}`,
  },
  declined: {
    subject: "{{reference}}: decision on your manuscript",
    body: `Dear {{author_name}},

Thank you for submitting "{{title}}" ({{reference}}) to {{journal_name}}. After careful consideration we are unable to accept it for publication.

{{reviewer_comments}}

We wish you every success with your work.

With kind regards,
The editorial office, {{journal_name}}`,
  },
};

export interface LetterValues {
  author_name: string;
  title: string;
  reference: string;
  reviewer_comments: string;
  journal_name: string;
}

/** Fills {{placeholder}}s; an unknown one is left as typed so staff see it in the preview. */
export const fillLetter = (text: string, v: LetterValues) =>
  text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (name in v ? v[name as keyof LetterValues] : whole));

/** The reviewers' comments meant for the author, numbered, never named (double-blind). */
export function reviewerCommentsText(reviews: { commentsAuthor: string; round: number }[]): string {
  if (reviews.length === 0) return "";
  return reviews.map((r, i) => `Reviewer ${i + 1}:\n${r.commentsAuthor.trim()}`).join("\n\n");
}
