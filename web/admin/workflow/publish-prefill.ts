// What "Publish as article" fills in on Add Article from the manuscript (issue 36 item 6, issue 48 item 2): the
// title, the authors with affiliations and ORCID iDs, the abstract and keywords the author sent, the contact fields,
// and the payment where a fee was paid or waived. Pure: no requests, so the Worker's tests run it too.
import type { ArticleFormValues } from "#contract/article-form";
import { escapeHtml, plainTextToRichText } from "#contract/rich-text";
import type { ManuscriptDetail } from "#contract/workflow";
import { articlePaymentOf, type PaymentListItem } from "#contract/payments";

/** The manuscript with its invoice (issue 49): a paid or waived fee fills the payment fields. */
export type PublishSource = ManuscriptDetail & { invoice: PaymentListItem | null };

/**
 * The article's authors: the one who submitted (their institute address, on one line, as affiliation) and the
 * co-authors they named on Submit Online, in order.
 */
export function authorsOf(m: PublishSource): { name: string; affiliation: string; orcid: string }[] {
  const affiliation = m.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(", ")
    .slice(0, 500);
  return [{ name: m.authorName, affiliation, orcid: "" }, ...(m.submitted?.coAuthors ?? [])];
}

export function prefilledValues(base: ArticleFormValues, m: PublishSource): ArticleFormValues {
  const payment = articlePaymentOf(m.invoice);
  const authors = authorsOf(m);
  const submitted = m.submitted;
  return {
    ...base,
    ...(payment ? { ptype: payment.ptype, txnid: payment.txnid ?? base.txnid } : {}),
    title: escapeHtml(m.title),
    authorname: authors.map((a) => a.name).join(", "),
    author_details: authors.some((a) => a.affiliation || a.orcid)
      ? JSON.stringify(authors.map(({ affiliation, orcid }) => ({ affiliation, orcid })))
      : base.author_details,
    // What the author sent on Submit Online (issue 48 item 2); the section follows on publication (server side).
    abstract: submitted?.abstract ? plainTextToRichText(submitted.abstract) : base.abstract,
    keywords: submitted?.keywords || base.keywords,
    email: m.authorEmail,
    country: m.country,
    mobile: m.phone,
  };
}
