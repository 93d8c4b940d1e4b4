// The indexing partners as a grid of logos (home page and /indexing).
import type { IndexingEntry } from "#contract/api";

export function IndexingGrid({ entries }: { entries: IndexingEntry[] }) {
  return (
    <ul className="indexing-grid">
      {entries.map((e) => {
        const body = (
          <>
            <span className="indexing-grid__logo">
              {e.image_url ? (
                <img src={e.image_url} alt="" width={320} height={120} loading="lazy" decoding="async" />
              ) : (
                <span className="indexing-grid__initials" aria-hidden>
                  {initials(e.title)}
                </span>
              )}
            </span>
            <span className="indexing-grid__title">{e.title}</span>
          </>
        );
        return (
          <li key={e.id}>
            {e.link ? (
              <a href={e.link} target="_blank" rel="noopener noreferrer" className="indexing-grid__card">
                {body}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="indexing-grid__card">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join("");
