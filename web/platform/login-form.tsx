// The operator's sign-in (POST /api/platform/auth/login).
import { useState } from "react";
import { consoleApi, operatorToken } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";

export function LoginForm({ onLogin }: { onLogin: () => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, notice, run } = useAction();
  return (
    <main className="console-login">
      <h1>Platform console</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const { token } = await consoleApi<{ token: string }>(apiCall(platformApi.login), { username, password });
            operatorToken.set(token);
            onLogin();
          });
        }}
      >
        <label>
          Username
          <input name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        <Messages error={error} notice={notice} />
      </form>
    </main>
  );
}
