// /policies: the journal's policies (issue 37 item 4): peer review, open access and licence, ethics, fees and waivers,
// as its managers wrote them on /admin/site (a default until they do: contract/site-content.ts). The same text is the
// "Editorial policies" part of /instructions.
import { Link } from "react-router";
import { RichText } from "../../components/rich-text";
import { useJournalName, useSettings } from "../journal-context";
import { richMessage, useT } from "../../lib/i18n";

export function PoliciesPage() {
  const s = useSettings();
  const t = useT();
  const name = useJournalName() || t("site.theJournal");
  return (
    <article className="page prose-page">
      <header className="page__header">
        <h1 className="page__title">{t("policies.title")}</h1>
        <p className="page__lead">{richMessage(t, "policies.lead", { journal: <bdi>{name}</bdi> })}</p>
      </header>
      {s ? <RichText page className="site-page-text" html={s.policies_content} /> : null}
      <p>{richMessage(t, "policies.seeAlso", { link: <Link to="/instructions">{t("site.sidebar.instructions")}</Link> })}</p>
    </article>
  );
}
