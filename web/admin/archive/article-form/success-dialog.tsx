// The modal after a save (SPEC §4): what was saved, the writer's warnings about the PDF, Download PDF, Go to the issue.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { DOCUMENT_WARNINGS, type AdminArticle, type DocumentWarning } from "#contract/api";
import { pad } from "../../format";
import { issuePath } from "../../paths";

export interface Saved {
  article: AdminArticle | null;
  warnings: DocumentWarning[];
}

export function SuccessDialog(props: { open: boolean; text: string; saved: Saved | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const a = props.saved?.article ?? null;
  const warnings = props.saved?.warnings ?? [];
  return (
    <dialog ref={ref} className="modal" aria-labelledby="article-saved-title" onClose={props.onClose}>
      <div className="modal__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="article-saved-title">{props.text}</h2>
      {a && (
        <p className="modal__body">
          Reference <strong>{a.refnumber}</strong> · Vol. {pad(a.volume, 2)}, Issue {pad(a.issue, 2)} ({a.year})
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="modal__body" role="status" data-testid="document-warnings">
          {warnings.map((w) => (
            <li key={w}>{DOCUMENT_WARNINGS[w]}</li>
          ))}
        </ul>
      )}
      <div className="modal__actions">
        {a?.file_url && (
          <a className="btn btn--primary" href={a.file_url} download={a.file || undefined} target="_blank" rel="noopener">
            Download PDF
          </a>
        )}
        {a && (
          <Link className="btn btn--secondary" to={issuePath(a)}>
            Go to the issue
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={props.onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
