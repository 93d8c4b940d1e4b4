// "Publish as article" (issue 36 item 6): Add Article opened with ?manuscript={id} is filled in from the manuscript
// (title, authors with affiliations and ORCID iDs, abstract, keywords, e-mail, country, phone, the latest PDF); once
// the article is saved, the manuscript is marked Published and linked to it (the article filed under its section),
// and the author is e-mailed the article's address and certificate page.
import type { ManuscriptDetail } from "#contract/workflow";
import { adminBlob, adminJson } from "../admin-api";
import { loadAdminJson, loadAdminJsonOrNull } from "../loaders";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";
import { paymentsApi } from "#contract/routes/payments";
import type { PaymentListItem } from "#contract/payments";
import type { PublishSource } from "./publish-prefill";

export interface ManuscriptSource {
  id: number;
  reference: string;
  /** The newest manuscript or revision PDF. */
  fileUrl: string | null;
}

/** The manuscript named by ?manuscript= on the Add Article URL, or null. */
export async function manuscriptFor(request: Request): Promise<PublishSource | null> {
  const id = new URL(request.url).searchParams.get("manuscript")?.replace(/\D+/g, "");
  if (!id) return null;
  const [m, fee] = await Promise.all([
    loadAdminJson<ManuscriptDetail>(apiPath(workflowApi.manuscript, { id }), request),
    // A role that may not see payments publishes without the fill (the fields stay as typed).
    loadAdminJsonOrNull<{ invoice: PaymentListItem | null }>(apiPath(paymentsApi.ofManuscript, { id }), request, "manuscript invoice"),
  ]);
  return { ...m, invoice: fee?.invoice ?? null };
}

export function sourceOf(m: ManuscriptDetail): ManuscriptSource {
  const pdf = [...m.files].reverse().find((f) => f.kind === "manuscript" || f.kind === "revision");
  return { id: m.id, reference: m.reference, fileUrl: pdf?.url ?? null };
}

/** The manuscript's PDF as a File the form can send (named as the article's file will be: refnumber + .pdf on save). */
export async function manuscriptPdf(source: ManuscriptSource): Promise<File | null> {
  if (!source.fileUrl) return null;
  const blob = await adminBlob(source.fileUrl);
  return new File([blob], `${source.reference}.pdf`, { type: "application/pdf" });
}

export const markPublished = (source: ManuscriptSource, refnumber: string) =>
  adminJson<ManuscriptDetail>(apiPath(workflowApi.published, { id: source.id }), { json: { refnumber } });
