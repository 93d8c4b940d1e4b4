// The notice over a form that reopened with a local draft (use-draft.ts): when it was typed, and a way back to the
// stored values.
import type { RestoredDraft } from "./use-draft";
import { formatDateTime } from "../format";

export function DraftNotice(props: { draft: { restored: RestoredDraft | null; discard: () => void }; note?: string }) {
  const restored = props.draft.restored;
  if (!restored) return null;
  return (
    <div className="flash flash--info draft-notice" role="status">
      <div>
        <p className="flash__text">Restored your unsaved changes from {formatDateTime(restored.savedAt)}.</p>
        <p className="flash__detail">{props.note ?? "They are not saved yet: save the form to keep them."}</p>
      </div>
      <button type="button" className="btn btn--ghost btn--small" onClick={props.draft.discard}>
        Discard draft
      </button>
    </div>
  );
}
