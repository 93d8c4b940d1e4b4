// What the documents will shorten (docs/decisions/0056-text-that-fits.md): an article's save answers with these
// warnings so the admin knows before an author sees an ellipsis on a certificate or cover page.
import type { DocumentWarning } from "#contract/api";
import { richTextToPlain } from "#contract/rich-text";
import { certificateName, certificateTitle } from "./certificate";
import { coverPageTexts } from "./cover-page";
import { splitAuthors } from "#contract/scholarly";

export function documentWarnings(article: { title: string; authorname: string }): DocumentWarning[] {
  const warnings: DocumentWarning[] = [];
  const authors = splitAuthors(article.authorname);
  if (!richTextToPlain(article.title).trim()) return warnings;
  const cover = coverPageTexts({ titleHtml: article.title, authors });
  if (certificateTitle(article.title).truncated) warnings.push("title_shortened_on_certificate");
  if (cover.title.truncated) warnings.push("title_shortened_on_cover_page");
  if (cover.authors.truncated) warnings.push("authors_shortened_on_cover_page");
  if (authors.some((a) => certificateName(a).truncated)) warnings.push("author_name_shortened_on_certificate");
  return warnings;
}
