// /indexing: the 'INDEXING AND ABSTRACTING' grid of enabled partners, by sortnumber.

import { IndexingGrid } from "../../components/indexing-grid";
import { useJournalName } from "../journal-context";
import { usePageData } from "../../lib/page-data";
import { richMessage, useT } from "../../lib/i18n";

export function IndexingPage() {
  const name = useJournalName();
  const { indexing: data } = usePageData("indexing");
  const t = useT();
  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("indexing.title")}</h1>
        <p className="page__lead">{name ? richMessage(t, "indexing.lead", { journal: <bdi>{name}</bdi> }) : "\u00a0"}</p>
      </header>
      {data.length === 0 && <p className="empty">{t("indexing.empty")}</p>}
      {data.length > 0 && <IndexingGrid entries={data} />}
    </article>
  );
}
