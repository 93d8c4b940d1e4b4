// Page links for a paged list (search results, long admin lists): Previous, numbered pages around the current
// one with the first and last always shown, Next. Links are real hrefs, so pages work without JavaScript and
// open in new tabs. Renders nothing for a single page.
import { Link } from "react-router";
import { useT } from "../lib/i18n";
import "./pagination.css";

/** The page numbers to show, with null where a run of pages is left out: 1 … 4 5 [6] 7 8 … 50. */
export function pageWindow(page: number, pages: number, around = 2): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= around) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export function Pagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  const step = (to: number, text: string, rel: "prev" | "next") =>
    to >= 1 && to <= pages ? (
      <Link to={hrefFor(to)} rel={rel} className="pager__step">
        {text}
      </Link>
    ) : (
      <span className="pager__step pager__step--off" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="pager" aria-label={label}>
      {step(page - 1, t("site.pager.previous"), "prev")}
      <ol className="pager__pages">
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                className="pager__page"
                aria-current={n === page ? "page" : undefined}
                aria-label={t("site.pager.page", { page: n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {step(page + 1, t("site.pager.next"), "next")}
    </nav>
  );
}
