// Buttons that run something slow: a spinner and a busy label while it runs, disabled meanwhile.
import type { ReactNode } from "react";
import { Spinner } from "../admin-ui";

export function BusyButton(props: {
  busy: boolean;
  busyLabel: ReactNode;
  children: ReactNode;
  type?: "button" | "submit";
  className?: string;
  disabled?: boolean;
  title?: string;
  onClick?: () => void;
}) {
  return (
    <button
      type={props.type ?? "button"}
      className={props.className ?? "btn btn--secondary"}
      onClick={props.onClick}
      disabled={props.busy || props.disabled}
      aria-busy={props.busy || undefined}
      title={props.title}
    >
      {props.busy ? (
        <>
          <Spinner /> {props.busyLabel}
        </>
      ) : (
        props.children
      )}
    </button>
  );
}

/** A form's submit button: "Submit" and "Saving…" unless told otherwise. */
export function SubmitButton(props: { busy: boolean; busyLabel?: ReactNode; children?: ReactNode; disabled?: boolean; block?: boolean }) {
  return (
    <BusyButton
      type="submit"
      busy={props.busy}
      busyLabel={props.busyLabel ?? "Saving…"}
      disabled={props.disabled}
      className={`btn btn--primary${props.block ? " btn--block" : ""}`}
    >
      {props.children ?? "Submit"}
    </BusyButton>
  );
}
