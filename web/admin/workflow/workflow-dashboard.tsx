// The dashboard's workflow section: manuscripts per stage and the journal's figures (issue 36 item 7).
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { adminJson } from "../admin-api";
import { STAGES, STAGE_LABELS, type WorkflowFigures } from "#contract/workflow";
import { daysText, percentText } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

export function WorkflowSection() {
  const [data, setData] = useState<{ counts: Record<string, number>; figures: WorkflowFigures } | null>(null);
  useEffect(() => {
    Promise.all([adminJson<Record<string, number>>(apiPath(workflowApi.counts)), adminJson<WorkflowFigures>(apiPath(workflowApi.figures))])
      .then(([counts, figures]) => setData({ counts, figures }))
      .catch(() => setData(null));
  }, []);
  if (!data) return null;
  const { counts, figures } = data;
  return (
    <section className="panel wf-dashboard" aria-labelledby="wf-dash">
      <h2 className="form__section-title" id="wf-dash">
        Manuscripts
      </h2>
      <ul className="stage-tabs">
        {STAGES.map((s) => (
          <li key={s}>
            <Link to={`/admin/manuscripts?stage=${s}`}>
              {STAGE_LABELS[s]} <span className="count">{counts[s] ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="figures">
        <li>
          <span className="figure__value">{figures.received}</span>
          <span className="figure__label">submissions received</span>
        </li>
        <li>
          <span className="figure__value">{percentText(figures.acceptanceRate)}</span>
          <span className="figure__label">acceptance rate ({figures.decided} decided)</span>
        </li>
        <li>
          <span className="figure__value">{daysText(figures.medianDaysToFirstDecision)}</span>
          <span className="figure__label">median to first decision</span>
        </li>
        <li>
          <span className="figure__value">{daysText(figures.medianDaysToPublication)}</span>
          <span className="figure__label">median submission to publication</span>
        </li>
        <li>
          <span className="figure__value">{daysText(figures.medianReviewTurnaroundDays)}</span>
          <span className="figure__label">reviewers' median turnaround</span>
        </li>
      </ul>
    </section>
  );
}
