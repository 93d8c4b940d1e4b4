// /indexing: the 'INDEXING AND ABSTRACTING' grid of enabled partners, by sortnumber.
import type { IndexingEntry } from "../../worker/schemas/api";
import { IndexingGrid } from "../components/indexing-grid";
import { Loading } from "../components/loading";
import { useApi } from "../lib/api";
import { useJournalName, usePageTitle } from "./journal-context";

export function IndexingPage() {
  usePageTitle("Indexing and Abstracting");
  const name = useJournalName();
  const { data, loading } = useApi<IndexingEntry[]>("/api/indexing/");
  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">INDEXING AND ABSTRACTING</h1>
        <p className="page__lead">{name ? `${name} is indexed and abstracted by the following databases and services.` : "\u00a0"}</p>
      </header>
      {loading && <Loading lines={4} />}
      {data && data.length === 0 && <p className="empty">No indexing partners are listed yet.</p>}
      {data && data.length > 0 && <IndexingGrid entries={data} />}
    </article>
  );
}
