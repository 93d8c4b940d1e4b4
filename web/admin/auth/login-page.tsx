// /admin/login (SPEC §2, §4, §8): username and password; already logged in goes straight to /admin.
import type { FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { saveSession, useSession, type Session } from "../../lib/session";
import { Flash, useTitle } from "../admin-ui";
import { loginMessage } from "./login-messages";
import { adminJson, ApiError } from "../admin-api";
import { SubmitButton, TextField, useZodForm } from "../form-kit";
import { loginSchema, type LoginInput } from "#contract/login";
import { apiPath } from "#contract/routes/endpoint";
import { authApi } from "#contract/routes/auth";

/** Beside a field the schema refuses: only white space, or longer than the server takes. */
function loginProblem(name: "username" | "password", issue: { code: string }): string {
  if (issue.code === "too_big") return name === "username" ? "A username has at most 100 characters." : "That password is too long.";
  return name === "username" ? "Enter your username." : "Enter your password.";
}

export function LoginPage() {
  useTitle("Log in");
  const session = useSession();
  const navigate = useNavigate();
  // The server's own schema; Log in stays disabled until both fields hold something.
  const form = useZodForm({ initial: { username: "", password: "" }, schema: loginSchema, problemText: loginProblem });

  // A one-time password's session goes straight to Your account, the only page it may use (docs/decisions/0201).
  if (session) return <Navigate to={session.user.mustChangePassword ? "/admin/account" : "/admin"} replace />;

  const submit = (event: FormEvent) =>
    form.submit(event, {
      send: async (input) => {
        const body = await adminJson<Partial<Session>>(apiPath(authApi.login), { json: input as LoginInput });
        if (!body.token || !body.user) throw new ApiError(200, "");
        saveSession({ token: body.token, user: body.user });
        navigate(body.user.mustChangePassword ? "/admin/account" : "/admin", { replace: true });
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
        <TextField
          field={form.field("password")}
          label="Password"
          required
          marker={false}
          type="password"
          autoComplete="current-password"
        />
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

export const route = { Component: LoginPage };
