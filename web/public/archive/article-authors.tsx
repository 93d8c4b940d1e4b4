// The article page's authors (docs/decisions/0387): their names, then their affiliations, each affiliation with a ROR
// id linked to its record at ror.org. Authors with different affiliations get numbers, as the article's JATS <aff>s
// (one per affiliation text and ROR id); markup only, rendered on the server like the rest of the page.
import type { ArticleAuthor } from "#contract/scholarly";
import { useT } from "../../lib/i18n";

/** A ROR id as stored (normalizeRor): only such an address becomes a link. */
const ROR_ADDRESS = /^https:\/\/ror\.org\/0[0-9a-z]{8}$/;

interface Affiliation {
  text: string;
  ror: string;
}

/** The distinct affiliations in first-seen order, and each author's number in them (0: none). */
export function affiliationsOf(authors: readonly ArticleAuthor[]): { affiliations: Affiliation[]; marks: number[] } {
  const affiliations: Affiliation[] = [];
  const marks = authors.map((a) => {
    const text = a.affiliation.trim();
    const ror = a.ror ?? "";
    if (!text && !ror) return 0;
    let n = affiliations.findIndex((x) => x.text === text && x.ror === ror);
    if (n < 0) n = affiliations.push({ text, ror }) - 1;
    return n + 1;
  });
  return { affiliations, marks };
}

export function ArticleAuthors({ names, authors }: { names: readonly string[]; authors: readonly ArticleAuthor[] }) {
  const { affiliations, marks } = affiliationsOf(authors);
  // Numbers only when they tell authors apart: none for no affiliation or for one every author shares.
  const numbered = affiliations.length > 1 || (affiliations.length === 1 && marks.some((m) => m === 0));
  return (
    <>
      {numbered ? (
        <p className="article-view__authors">
          {names.map((name, i) => (
            <span key={`${i}-${name}`}>
              {i > 0 && ", "}
              {name}
              {marks[i] > 0 && <sup>{marks[i]}</sup>}
            </span>
          ))}
        </p>
      ) : (
        <p className="article-view__authors">{names.join(", ")}</p>
      )}
      {affiliations.length > 0 && (
        <ul className="article-view__affiliations">
          {affiliations.map((x, i) => (
            <li key={`${x.text}|${x.ror}`}>
              {numbered && <sup>{i + 1}</sup>}
              {x.text}
              {ROR_ADDRESS.test(x.ror) && <RorLink ror={x.ror} affiliation={x.text} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "ROR", linked to the record; its accessible name says whose record it is (and keeps the visible "ROR"). */
function RorLink({ ror, affiliation }: { ror: string; affiliation: string }) {
  const t = useT();
  return (
    <>
      {affiliation && " "}
      <a
        className="ror-link"
        href={ror}
        aria-label={t("article.rorRecord", { affiliation: affiliation || ror.replace(/^https:\/\//, "") })}
      >
        ROR
      </a>
    </>
  );
}
