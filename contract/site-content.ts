// A journal's own site pages (issue 37 item 4, docs/decisions/0202-site-content.md): instructions to authors,
// policies and the contact page, each rich text its journal managers edit. A journal that has not written its own
// (the column is "") shows these defaults, the words every journal had before, so a new journal starts complete.
// The spec's facts on /instructions are not part of this text: the page always shows them itself (MS Word, at most
// MAX_AUTHORS authors and MAX_REFERENCES references, the fee table from settings, the copyright form download), so
// the default text names no fee table or requirement of its own.
import { sanitizePageHtml } from "./rich-text";

export const DEFAULT_INSTRUCTIONS_HTML = sanitizePageHtml(
  [
    "<p>The journal welcomes original research articles, review articles and short communications. Please read these instructions before you submit.</p>",
    "<h2>Manuscript format</h2>",
    "<ul>",
    "<li>Prepare the manuscript single column, 12 pt text with 1.5 line spacing.</li>",
    "<li>Begin with the title, an abstract of up to 250 words and 4–6 keywords. Leave the authors' names and affiliations out of the manuscript, its file name and its document properties: the review is double-blind, and Submit Online records the authors apart.</li>",
    "<li>Structure the text as Introduction, Materials and Methods, Results, Discussion and Conclusion.</li>",
    "<li>Number tables and figures, give each a caption, and place them near the text that cites them.</li>",
    "<li>Number the references in the order they appear in the text.</li>",
    "</ul>",
    "<h2>How to submit</h2>",
    '<p>Upload a PDF of the manuscript through the <a href="/article">Submit Online</a> form: the reviewers read that PDF. You will receive a reference number that identifies your manuscript in all later correspondence. Keep the Word file: once the manuscript is accepted, the editorial office (see <a href="/contact">Contact Us</a>) asks for it to prepare the published version.</p>',
    "<p>The publication fee below is charged only after a manuscript has been accepted. It covers peer review, typesetting, online hosting and the publication certificates.</p>",
  ].join(""),
);

/**
 * The default policies, by section. The sections a journal's own statements in Settings (the ones DOAJ asks for)
 * cover are left out of /instructions when those statements show there, so the page says each thing once.
 */
const DEFAULT_POLICY_SECTIONS: { html: string; coveredBy?: ("review_process" | "apc_policy" | "waiver_policy")[] }[] = [
  {
    html: "<h2>Peer review</h2><p>Every manuscript is reviewed by at least two independent referees. The editors decide on the basis of their reports.</p>",
    coveredBy: ["review_process"],
  },
  {
    html: "<h2>Open access and licence</h2><p>Published articles are free to read and download. Authors can download their publication certificates from the Download Certificate page. Articles are published under the licence named on each article page.</p>",
  },
  {
    html: "<h2>Ethics</h2><p>Submissions must be original, not published or under review elsewhere; manuscripts are checked for plagiarism. Research on humans or animals must state the approval of the responsible ethics committee. Conflicts of interest must be declared.</p>",
  },
  {
    html: "<h2>Fees and waivers</h2><p>The publication fee is listed in the Instructions to Authors. Authors who cannot pay it may ask the editorial office for a waiver before acceptance; the request never influences the editorial decision.</p>",
    coveredBy: ["apc_policy", "waiver_policy"],
  },
];

export const DEFAULT_POLICIES_HTML = sanitizePageHtml(DEFAULT_POLICY_SECTIONS.map((section) => section.html).join(""));

/**
 * The policies text for /instructions, beside the journal's statements: the default text without the sections a
 * statement the journal filled in already gives (peer review; fees and waivers). A journal's own text is its own,
 * shown whole.
 */
export function policiesBesideStatements(
  shown: string,
  statements: { review_process?: string | null; apc_policy?: string | null; waiver_policy?: string | null },
): string {
  if (shown !== DEFAULT_POLICIES_HTML) return shown;
  return sanitizePageHtml(
    DEFAULT_POLICY_SECTIONS.filter((section) => !section.coveredBy?.some((field) => statements[field]?.trim()))
      .map((section) => section.html)
      .join(""),
  );
}

export const DEFAULT_CONTACT_HTML = sanitizePageHtml(
  "<p>Questions about a submission, the review or your certificates? The editorial office is glad to help.</p>",
);

/** The three pages' settings, with what each shows when the journal has written nothing (""). */
export const SITE_PAGES = {
  instructions_content: { label: "Instructions to authors", path: "/instructions", fallback: DEFAULT_INSTRUCTIONS_HTML },
  policies_content: { label: "Policies", path: "/policies", fallback: DEFAULT_POLICIES_HTML },
  contact_content: { label: "Contact page", path: "/contact", fallback: DEFAULT_CONTACT_HTML },
} as const;
export type SitePageField = keyof typeof SITE_PAGES;
export const SITE_PAGE_FIELDS = Object.keys(SITE_PAGES) as SitePageField[];

/** The shared copyright form (a static file), for journals that have not uploaded their own. */
export const SHARED_COPYRIGHT_FORM_PATH = "/docs/copyright-form.pdf";
/** Where a journal's copyright form downloads from. */
export const copyrightFormPath = (file: string): string =>
  file ? `/assets/copyright-form/${encodeURIComponent(file)}` : SHARED_COPYRIGHT_FORM_PATH;

/** A page's text as shown: the journal's own, else the default. */
export const sitePageHtml = (field: SitePageField, stored: string | null | undefined): string =>
  stored?.trim() ? stored : SITE_PAGES[field].fallback;
