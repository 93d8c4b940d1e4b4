// Row selection (a set of ids, SPEC §4) and the document downloads that act on it.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { adminBlob, saveBlob } from "./admin-api";
import { BusyButton } from "./form-kit";

export function useSelection<K>(allKeys: readonly K[]) {
  const [selected, setSelected] = useState<Set<K>>(() => new Set());
  // Drop ids that are no longer listed (after a reload).
  const keyList = useMemo(() => allKeys.join("\u0000"), [allKeys]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the listed ids, not on the array's identity
  useEffect(() => {
    setSelected((current) => {
      const keep = new Set([...current].filter((k) => allKeys.includes(k)));
      return keep.size === current.size ? current : keep;
    });
  }, [keyList]);

  const toggle = useCallback((key: K) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const allSelected = allKeys.length > 0 && allKeys.every((k) => selected.has(k));
  const someSelected = !allSelected && allKeys.some((k) => selected.has(k));
  const toggleAll = useCallback(() => {
    setSelected(allSelected ? new Set() : new Set(allKeys));
  }, [allSelected, allKeys]);
  return { selected, toggle, toggleAll, allSelected, someSelected, clear: () => setSelected(new Set()) };
}

/** The header checkbox: checked when all rows are, mixed when some are. */
export function SelectAllCheckbox(props: { checked: boolean; mixed: boolean; onChange: () => void; label: string; disabled?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.mixed;
  }, [props.mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="checkbox"
      checked={props.checked}
      onChange={props.onChange}
      aria-label={props.label}
      disabled={props.disabled}
    />
  );
}

export type Selection<K> = ReturnType<typeof useSelection<K>>;

/**
 * A button that POSTs JSON to a document endpoint and saves the answer under a fixed file name (SPEC §7),
 * showing progress while the server generates the file and a clear error when it fails.
 */
export function DocumentButton(props: {
  label: string;
  busyLabel: string;
  path: string;
  body: unknown;
  fileName: string;
  onError: (text: string) => void;
  onDone?: () => void;
  variant?: "primary" | "secondary";
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await adminBlob(props.path, { json: props.body });
      saveBlob(blob, props.fileName);
      props.onDone?.();
    } catch (error) {
      console.error(`${props.fileName} failed`, error);
      props.onError(`Could not generate ${props.fileName}. Please try again.`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <BusyButton busy={busy} busyLabel={props.busyLabel} onClick={run} className={`btn btn--${props.variant ?? "secondary"}`}>
      {props.label}
    </BusyButton>
  );
}
