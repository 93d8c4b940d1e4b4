// The journal's editorial figures on the public Instructions page (issue 36 item 7), when the journal shows them
// (Mail and letters in the admin): part of the page's data, rendered on the server (worker/pages/page-loaders.ts).
import type { WorkflowFigures } from "#contract/workflow";

const days = (n: number | null) => (n === null ? "—" : `${Math.round(n)} ${Math.round(n) === 1 ? "day" : "days"}`);

export function JournalFigures({ figures }: { figures: WorkflowFigures | null }) {
  if (!figures || figures.received === 0) return null;
  const rows: [string, string][] = [
    ["Submissions received", String(figures.received)],
    ["Acceptance rate", figures.acceptanceRate === null ? "—" : `${Math.round(figures.acceptanceRate * 100)}%`],
    ["Median time to first decision", days(figures.medianDaysToFirstDecision)],
    ["Median time from submission to publication", days(figures.medianDaysToPublication)],
    ["Reviewers' median turnaround", days(figures.medianReviewTurnaroundDays)],
  ];
  return (
    <section aria-labelledby="ins-figures" data-testid="journal-figures">
      <h2 id="ins-figures">The journal in figures</h2>
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
