// The password prompt of a re-login in place (relogin.ts): shown over the page when the session has ended, so what
// staff typed stays on the page and is sent once they are logged in again. Only the same account can continue
// here; "Log in as someone else" leaves for the login page (the form's draft stays on this device).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { readSession, saveSession, clearSession, type Session } from "../../lib/session";
import { loginMessage } from "./login-messages";
import { answerRelogin, hostRelogin, useReloginRequest } from "./relogin";
import { Field, Flash, type FlashMessage } from "../admin-ui";
import { apiPath } from "#contract/routes/endpoint";
import { authApi } from "#contract/routes/auth";

export const SESSION_ENDED = "Your session has ended. Please log in again.";

export function ReloginDialog() {
  const asking = useReloginRequest();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  // The account whose session ended (read when the dialog opens; the stored session is still there).
  const [username, setUsername] = useState("");

  useEffect(() => hostRelogin(), []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (asking && !dialog.open) {
      setUsername(readSession()?.user.username ?? "");
      setPassword("");
      setFlash(null);
      dialog.showModal();
    }
    if (!asking && dialog.open) dialog.close();
  }, [asking]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    setFlash(null);
    try {
      // Straight to the login call (not through adminJson, whose 401 handling would ask again).
      const response = await fetch(apiPath(authApi.login), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ username, password }),
        credentials: "same-origin",
        cache: "no-store",
      });
      const body = (await response.json().catch(() => null)) as (Partial<Session> & { error?: string }) | null;
      if (!response.ok || !body?.token || !body.user) {
        setFlash(loginMessage(response.status, body?.error ?? ""));
        return;
      }
      saveSession({ token: body.token, user: body.user });
      setPassword("");
      answerRelogin(true);
    } catch (error) {
      console.error("Logging in again failed", error);
      setFlash({
        kind: "error",
        text: "Something went wrong",
        detail: "The server could not be reached. Check the connection and try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  function leave() {
    answerRelogin(false);
    clearSession();
  }

  return (
    <dialog
      ref={ref}
      className="modal relogin"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      // Escape would leave the waiting save hanging: the choices are the two buttons.
      onCancel={(e) => e.preventDefault()}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>{SESSION_ENDED}</h2>
        <p id={`${id}-body`} className="modal__body">
          What you typed is kept on this page. Enter your password to continue as <strong>{username}</strong>; your change is then sent.
        </p>
        <Flash message={flash} />
        <Field id={`${id}-password`} label="Password" className="relogin__field">
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
        </Field>
        <div className="modal__actions">
          <button type="submit" className="btn btn--primary" disabled={busy || !password}>
            {busy ? "Logging in…" : "Log in and continue"}
          </button>
          <button type="button" className="btn btn--secondary" onClick={leave} disabled={busy}>
            Log in as someone else
          </button>
        </div>
      </form>
    </dialog>
  );
}
