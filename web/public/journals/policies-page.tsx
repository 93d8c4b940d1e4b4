// /policies: the journal's policies (issue 37 item 4): peer review, open access and licence, ethics, fees and waivers,
// as its managers wrote them on /admin/site (a default until they do: contract/site-content.ts). The same text is the
// "Editorial policies" part of /instructions.
import { Link } from "react-router";
import { RichText } from "../../components/rich-text";
import { useJournalName, useSettings } from "../journal-context";

export function PoliciesPage() {
  const s = useSettings();
  const name = useJournalName() || "the journal";
  return (
    <article className="page prose-page">
      <header className="page__header">
        <h1 className="page__title">Policies</h1>
        <p className="page__lead">How {name} reviews, publishes and licenses the work it receives.</p>
      </header>
      {s ? <RichText page className="site-page-text" html={s.policies_content} /> : null}
      <p>
        See also the <Link to="/instructions">Instructions to Authors</Link>.
      </p>
    </article>
  );
}
