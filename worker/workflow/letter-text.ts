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
  desk_declined: {
    subject: "{{reference}}: decision on your manuscript",
    body: `Dear {{author_name}},

Thank you for submitting "{{title}}" ({{reference}}) to {{journal_name}}. The editors have read it and decided not to send it for review: it does not fit the journal's scope or requirements closely enough for us to consider it further.

We wish you every success in publishing your work elsewhere.

With kind regards,
The editorial office, {{journal_name}}`,
  },
  copyediting: {
    subject: "{{reference}}: your manuscript is being copyedited",
    body: `Dear {{author_name}},

Your accepted manuscript "{{title}}" ({{reference}}) is now with our copyeditor. When the copyedited version is ready we will ask you to check it through your manuscript's page below.

With kind regards,
The editorial office, {{journal_name}}`,
  },
  production: {
    subject: "{{reference}}: your manuscript is in production",
    body: `Dear {{author_name}},

Your manuscript "{{title}}" ({{reference}}) is now in production. We will send you the proofs to approve through your manuscript's page below before it is published.

With kind regards,
The editorial office, {{journal_name}}`,
  },
};

/** To a reviewer whose open invitation closed (a decision, a withdrawal): by reference and title only (double-blind). */
export const reviewCancelledText = (reviewerName: string, m: { reference: string; title: string }, why: string, journalName: string) =>
  `Dear ${reviewerName},

Your review of "${m.title}" (${m.reference}) for ${journalName} is no longer needed: ${why}. Your link to it has been closed.

Thank you for your time.`;

/** What the author reads when staff send a file to check (copyedits, proofs) through the tracking link. */
export const AUTHOR_CHECK_TEXT = {
  copyedit: {
    subject: (ref: string) => `${ref}: please check the copyedited manuscript`,
    lead: (name: string, title: string, ref: string) =>
      `Dear ${name},\n\nThe copyedited version of "${title}" (${ref}) is ready. Please download it from your manuscript's page, then approve it or send us your corrections there.`,
  },
  proof: {
    subject: (ref: string) => `${ref}: your proofs are ready`,
    lead: (name: string, title: string, ref: string) =>
      `Dear ${name},\n\nThe proofs of "${title}" (${ref}) are ready. Please download them from your manuscript's page and approve them, or send us your corrections there. Only corrections of errors can be made at this stage.`,
  },
} as const;

export interface LetterValues {
  author_name: string;
  title: string;
  reference: string;
  reviewer_comments: string;
  journal_name: string;
}

/** Fills {{placeholder}}s; an unknown one is left as typed so staff see it in the preview. */
export const fillLetter = <V extends object>(text: string, v: V) =>
  text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (name in v ? String(v[name as keyof V]) : whole));

/** The reviewers' comments meant for the author, numbered, never named (double-blind). */
export function reviewerCommentsText(reviews: { commentsAuthor: string; round: number }[]): string {
  if (reviews.length === 0) return "";
  return reviews.map((r, i) => `Reviewer ${i + 1}:\n${r.commentsAuthor.trim()}`).join("\n\n");
}
