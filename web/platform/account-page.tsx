// #/account: the operator's own password (POST /api/platform/auth/password, docs/decisions/0181): the current one
// first, the new one twice. Saving signs out every other console session of theirs; this one goes on.
import { useState } from "react";
import { MIN_PASSWORD_LENGTH, passwordChangeSchema } from "#contract/login";
import { platformMessage } from "#contract/platform";
import { consoleApi, operatorToken } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";

const EMPTY = { current: "", next: "", repeat: "" };

/** What must change before the form is sent (the server's own rules, then the repeat), or "" when it can be. */
function problemOf(v: typeof EMPTY): string {
  if (!v.current) return "Enter your current password";
  const refused = passwordChangeSchema.safeParse({ current: v.current, next: v.next }).error?.issues[0];
  if (refused) return platformMessage(refused.message);
  if (v.repeat !== v.next) return "The two new passwords are not the same";
  return "";
}

export function AccountPage({ username }: { username: string }) {
  const [values, setValues] = useState(EMPTY);
  const act = useAction();
  const input = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <label>
      {label}
      <input
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.currentTarget.value })}
      />
    </label>
  );
  return (
    <section>
      <h1>Your account</h1>
      <p>Signed in as {username}</p>
      <h2>Change password</h2>
      <form
        className="console-form console-form--narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            const problem = problemOf(values);
            if (problem) throw new Error(problem);
            const { token } = await consoleApi<{ token: string }>(apiCall(platformApi.password), {
              current: values.current,
              next: values.next,
            });
            operatorToken.set(token);
            setValues(EMPTY);
            return "Your password was changed. Every other console session of yours was signed out.";
          });
        }}
      >
        {input("current", "Current password", "current-password")}
        {input("next", `New password (at least ${MIN_PASSWORD_LENGTH} characters)`, "new-password")}
        {input("repeat", "New password again", "new-password")}
        <button type="submit" disabled={act.busy}>
          Change password
        </button>
        <Messages error={act.error} notice={act.notice} />
      </form>
    </section>
  );
}
