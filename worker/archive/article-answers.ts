// The article's API shapes (contract/api.ts), made from its rows: the one place an article row becomes an
// answer (public, staff, list row, search result). Each full view is parsed through its schema, which keeps only
// the schema's keys (docs/decisions/0090, 0131).
import type { ArticleRow } from "../core/data/schema";
import { filePaths, publicFileName } from "../core/files/keys";
import {
  adminArticleSchema,
  publicArticleDetailSchema,
  publicArticleSchema,
  type AdminArticle,
  type Article,
  type ArticleCitations,
  type ArticleDetail,
  type SearchPageOf,
} from "#contract/api";
import type { ArticleFormField } from "#contract/article-form";
import { articleAuthors, referenceLines } from "#contract/scholarly";
import { articlePath } from "#contract/citation";
import { parseFunding } from "#contract/funding";
import { parseTranslations } from "#contract/article-translations";

type Located = { year: number; volume: number; issue: number; refnumber: string | null; file: string };

/** Path of an article's PDF, at its public name {refnumber}.pdf (SPEC §5), or null when it has none. */
const fileUrlOf = (a: Located) => (a.file ? filePaths.article(a.year, a.volume, a.issue, publicFileName(a)) : null);

/** The row with what every view computes from it (the schema of the view then keeps its own keys). */
function answerFields(row: ArticleRow) {
  const refnumber = row.refnumber ?? "";
  const path = articlePath({ year: row.year, volume: row.volume, issue: row.issue, refnumber });
  return {
    ...row,
    refnumber,
    txnid: row.txnid ?? "",
    file: publicFileName(row),
    file_url: fileUrlOf(row),
    authors: articleAuthors(row.authorname, row.authorDetails),
    references: referenceLines(row.referenceList),
    ris_url: `${path}.ris`,
    bib_url: `${path}.bib`,
    xml_url: `${path}.xml`,
    doi_registered: Boolean(row.doi && row.doiRegisteredAt),
    funders: parseFunding(row.funding).map(({ funder, award }) => ({ funder, award })),
    translations: parseTranslations(row.translations),
  };
}

export const toArticle = (row: ArticleRow): Article => publicArticleSchema.parse(answerFields(row));
export const toArticleDetail = (row: ArticleRow, citations: ArticleCitations): ArticleDetail =>
  publicArticleDetailSchema.parse({ ...answerFields(row), citations });
export const toAdminArticle = (row: ArticleRow): AdminArticle => adminArticleSchema.parse(answerFields(row));

/** A list row (read with listColumns, maybe with more columns) as the API sends it: the PDF as file_url. */
export function toListItem<R extends Located>({ file, refnumber, ...rest }: R) {
  return { ...rest, refnumber: refnumber ?? "", file_url: fileUrlOf({ ...rest, refnumber, file }) };
}

/** A staff list row (issue table, search): the transaction id "" when there is none. */
export const toAdminListItem = <R extends Located & { txnid: string | null }>(row: R) => ({ ...toListItem(row), txnid: row.txnid ?? "" });

/** A page of search results as the API sends it (public: list rows; staff: with the staff columns). */
export const toSearchResults = <H extends Located>(page: SearchPageOf<H>) => ({ ...page, results: page.results.map(toListItem) });
export const toAdminSearchResults = <H extends Located & { txnid: string | null }>(page: SearchPageOf<H>) => ({
  ...page,
  results: page.results.map(toAdminListItem),
});

/** A stored article as form input, for merging an edit over it (articleEditSchema drops the other columns). */
export function articleFormOf(row: ArticleRow): Record<ArticleFormField, unknown> {
  return {
    ...row,
    refnumber: row.refnumber ?? "",
    txnid: row.txnid ?? "",
    references: row.referenceList,
    author_details: row.authorDetails,
  };
}
