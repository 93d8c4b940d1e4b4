// The journal's editorial figures on the public Instructions page (issue 36 item 7), when the journal shows them
// (Mail and letters in the admin): part of the page's data, rendered on the server (worker/pages/page-loaders.ts).
import type { WorkflowFigures } from "#contract/workflow";
import { useTranslator } from "../../lib/i18n";
import { formatNumber } from "#contract/i18n/intl-format";

export function JournalFigures({ figures }: { figures: WorkflowFigures | null }) {
  const { t, lang } = useTranslator();
  if (!figures || figures.received === 0) return null;
  const days = (n: number | null) => (n === null ? "—" : t("instructions.figures.days", { count: Math.round(n) }));
  const rows: [string, string][] = [
    [t("instructions.figures.received"), formatNumber(lang, figures.received)],
    [
      t("instructions.figures.acceptance"),
      figures.acceptanceRate === null ? "—" : formatNumber(lang, figures.acceptanceRate, { style: "percent", maximumFractionDigits: 0 }),
    ],
    [t("instructions.figures.firstDecision"), days(figures.medianDaysToFirstDecision)],
    [t("instructions.figures.publication"), days(figures.medianDaysToPublication)],
    [t("instructions.figures.turnaround"), days(figures.medianReviewTurnaroundDays)],
  ];
  return (
    <section aria-labelledby="ins-figures" data-testid="journal-figures">
      <h2 id="ins-figures">{t("instructions.figures.title")}</h2>
      <div className="table-wrap">
        <table>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
