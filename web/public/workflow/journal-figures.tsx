// The journal's editorial figures on the public Instructions page (issue 36 item 7), when the journal shows them
// (Mail and letters in the admin): loaded after the page, so the page itself stays the same for every reader.
import { useEffect, useState } from "react";
import type { WorkflowFigures } from "#contract/workflow";

const days = (n: number | null) => (n === null ? "—" : `${Math.round(n)} ${Math.round(n) === 1 ? "day" : "days"}`);

export function JournalFigures() {
  const [figures, setFigures] = useState<WorkflowFigures | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/workflow/figures", { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<WorkflowFigures>) : null))
      .then(setFigures)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
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
