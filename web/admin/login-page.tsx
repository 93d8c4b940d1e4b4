// /admin/login (SPEC §2, §4, §8): username and password; already logged in goes straight to /admin.
import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { saveSession, useSession, type Session } from "../lib/session";
import { Flash, Spinner, useTitle, type FlashMessage } from "./admin-ui";
import { adminJson, ApiError } from "./admin-api";

/** SPEC §8 login messages; 429 keeps the catalogue's text and adds why (docs/decisions/0030). */
export function loginMessage(status: number, code: string): FlashMessage {
  switch (code) {
    case "invalid_credentials":
      return { kind: "error", text: "Invalid user and password" };
    case "disabled":
      return { kind: "error", text: "User disabled" };
    case "invalid_ip":
      return { kind: "error", text: "Invalid IP" };
    default:
      return status === 429 || code === "too_many_attempts"
        ? {
            kind: "error",
            text: "Something went wrong",
            detail: "Too many failed sign-in attempts. Wait a few minutes, then try again.",
          }
        : { kind: "error", text: "Something went wrong" };
  }
}

export function LoginPage() {
  useTitle("Log in");
  const session = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState(false);

  if (session) return <Navigate to="/admin" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const body = await adminJson<Partial<Session>>("/auth/login/", { json: { username: username.trim(), password } });
      if (!body.token || !body.user) throw new ApiError(200, "");
      saveSession({ token: body.token, user: body.user });
      navigate("/admin", { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        setMessage(loginMessage(error.status, error.code));
        setBusy(false);
        return;
      }
      console.error("Login failed", error);
      setMessage({ kind: "error", text: "Something went wrong" });
      setBusy(false);
    }
  }

  return (
    <div className="login">
      <form className="login__card" onSubmit={submit} aria-labelledby="login-title" noValidate>
        <div className="login__brand" aria-hidden="true">
          J
        </div>
        <h1 id="login-title">Sign in</h1>
        <p className="login__subtitle">Journal administration</p>
        <Flash message={message} />
        <div className="field">
          <label className="field__label" htmlFor="login-username">
            Username
          </label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoFocus
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="login-password">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !username || !password}>
          {busy ? (
            <>
              <Spinner /> Signing in…
            </>
          ) : (
            "Log in"
          )}
        </button>
        <p className="login__site">
          <a href="/">← Back to the journal site</a>
        </p>
      </form>
    </div>
  );
}
