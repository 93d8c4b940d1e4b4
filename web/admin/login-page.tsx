// /admin/login (SPEC §2, §4, §8): username and password; already logged in goes straight to /admin.
import type { FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { saveSession, useSession, type Session } from "../lib/session";
import { Flash, useTitle, type FlashMessage } from "./admin-ui";
import { adminJson, ApiError } from "./admin-api";
import { SubmitButton, TextField, useZodForm } from "./form-kit";

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
  // No schema here: loginSchema's module (worker/schemas/admin) would triple this eagerly loaded chunk, and the
  // server checks it anyway; Log in stays disabled until both fields are filled.
  const form = useZodForm({ initial: { username: "", password: "" } });

  if (session) return <Navigate to="/admin" replace />;

  const submit = (event: FormEvent) =>
    form.submit(event, {
      send: async () => {
        const { username, password } = form.values;
        const body = await adminJson<Partial<Session>>("/auth/login/", { json: { username: username.trim(), password } });
        if (!body.token || !body.user) throw new ApiError(200, "");
        saveSession({ token: body.token, user: body.user });
        navigate("/admin", { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          form.setFlash(loginMessage(error.status, error.code));
          return;
        }
        console.error("Login failed", error);
        form.setFlash({ kind: "error", text: "Something went wrong" });
      },
    });

  return (
    <div className="login">
      <form className="login__card" onSubmit={submit} aria-labelledby="login-title" noValidate>
        <div className="login__brand" aria-hidden="true">
          J
        </div>
        <h1 id="login-title">Sign in</h1>
        <p className="login__subtitle">Journal administration</p>
        <Flash message={form.flash} />
        <TextField
          field={form.field("username")}
          label="Username"
          required
          marker={false}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
        />
        <TextField field={form.field("password")} label="Password" required marker={false} type="password" autoComplete="current-password" />
        <SubmitButton busy={form.busy} busyLabel="Signing in…" disabled={!form.values.username || !form.values.password} block>
          Log in
        </SubmitButton>
        <p className="login__site">
          <a href="/">← Back to the journal site</a>
        </p>
      </form>
    </div>
  );
}
