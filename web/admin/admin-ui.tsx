// Small building blocks shared by the admin pages: page header, flash messages, states, form fields.
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { useJournalName } from "./journals/journal-name";

export function PageHeader(props: { title: ReactNode; back?: { to: string; label: string }; actions?: ReactNode; meta?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-header__title">
        {props.back && (
          <Link to={props.back.to} className="back-link" aria-label={props.back.label} title={props.back.label}>
            <span aria-hidden="true">←</span>
          </Link>
        )}
        <div>
          <h1>{props.title}</h1>
          {props.meta && <p className="page-header__meta">{props.meta}</p>}
        </div>
      </div>
      {props.actions && <div className="page-header__actions">{props.actions}</div>}
    </header>
  );
}

export type FlashKind = "success" | "error" | "info";

export interface FlashMessage {
  kind: FlashKind;
  text: string;
  detail?: string;
}

/** A message after an action; errors are announced at once (role alert), others politely. */
export function Flash({ message, onClose }: { message: FlashMessage | null; onClose?: () => void }) {
  if (!message) return null;
  return (
    <div className={`flash flash--${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
      <div>
        <p className="flash__text">{message.text}</p>
        {message.detail && <p className="flash__detail">{message.detail}</p>}
      </div>
      {onClose && (
        <button type="button" className="flash__close" onClick={onClose} aria-label="Dismiss message">
          ×
        </button>
      )}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  return label ? <span className="spinner" role="img" aria-label={label} /> : <span className="spinner" aria-hidden="true" />;
}

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children && <div className="state__body">{children}</div>}
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">Something went wrong</p>
      {onRetry && (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A labelled form control with an optional hint, required marker and error text. */
export function Field(props: {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Shows the asterisk (SPEC: asterisks on the add editor form). Defaults to `required`. */
  marker?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** Red without an error text (a field the server refused, a missing one the form's message names). */
  invalid?: boolean;
  className?: string;
  children: ReactNode;
  /** For controls that are not labelable (the rich-text editor): the label gets this id instead of htmlFor. */
  labelId?: string;
  onLabelClick?: () => void;
}) {
  const showMarker = props.marker ?? props.required;
  // The asterisk sits beside the label, not inside it, so the control's name stays exactly the label text.
  const marker = showMarker ? (
    <span className="required-marker" aria-hidden="true">
      *
    </span>
  ) : null;
  return (
    <div className={`field${props.error || props.invalid ? " field--invalid" : ""}${props.className ? ` ${props.className}` : ""}`}>
      <div className="field__label-row">
        {props.labelId ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: a mouse convenience, as a <label>'s click; the control itself is reached by Tab
          // biome-ignore lint/a11y/useKeyWithClickEvents: the same: keyboard users are already in the control
          <span className="field__label" id={props.labelId} onClick={props.onLabelClick}>
            {props.label}
          </span>
        ) : (
          <label className="field__label" htmlFor={props.id}>
            {props.label}
          </label>
        )}
        {marker}
      </div>
      {props.children}
      {props.hint && (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby for a Field's control. */
export function describedBy(id: string, opts: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = [opts.hint ? `${id}-hint` : "", opts.error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** Sets the browser tab title while a page is shown. */
/** The tab's title: the page, then the journal it belongs to (issue 26 item 7). */
export function useTitle(title: string) {
  const journal = useJournalName();
  useEffect(() => {
    const previous = document.title;
    document.title = journal ? `${title} · ${journal} · Admin` : `${title} · Admin`;
    return () => {
      document.title = previous;
    };
  }, [title, journal]);
}
