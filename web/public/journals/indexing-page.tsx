// /indexing: the 'INDEXING AND ABSTRACTING' grid of enabled partners, by sortnumber.

import { IndexingGrid } from "../../components/indexing-grid";
import { useJournalName } from "../journal-context";
import { usePageData } from "../../lib/page-data";

export function IndexingPage() {
  const name = useJournalName();
  const { indexing: data } = usePageData("indexing");
  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">INDEXING AND ABSTRACTING</h1>
        <p className="page__lead">{name ? `${name} is indexed and abstracted by the following databases and services.` : "\u00a0"}</p>
      </header>
      {data.length === 0 && <p className="empty">No indexing partners are listed yet.</p>}
      {data.length > 0 && <IndexingGrid entries={data} />}
    </article>
  );
}
