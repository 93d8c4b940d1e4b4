// /admin/account: the signed-in staff member's own account: who they are signed in as, and a new password of their
// choosing (docs/decisions/0181). The current password is asked first; saving signs out every other session and
// keeps this one. Nothing of this form is kept as a local draft: passwords never touch localStorage.
import type { FormEvent } from "react";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH, passwordChangeSchema, type PasswordChangeInput } from "#contract/login";
import { saveSession, useSession, type Session } from "../../lib/session";
import { adminJson } from "../admin-api";
import { Flash, PageHeader, useTitle } from "../admin-ui";
import { SubmitButton, TextField, useZodForm } from "../form-kit";
import { saveErrorMessage } from "../save-errors";
import { isStaffRole, ROLE_LABELS } from "#contract/roles";
import { apiPath } from "#contract/routes/endpoint";
import { authApi } from "#contract/routes/auth";

type Field = "current" | "next" | "repeat";

/** The server's rules, and the new password typed twice alike. */
const changeForm = passwordChangeSchema
  .extend({ repeat: z.string() })
  .refine((v) => v.repeat === v.next, { message: "passwords_differ", path: ["repeat"] });

const LABELS: Record<Field, string> = { current: "Current password", next: "New password", repeat: "New password again" };

function problemText(name: Field, issue: { message: string }): string {
  if (issue.message === "password_too_short") return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (issue.message === "passwords_differ") return "The two new passwords are not the same.";
  return name === "current" ? "Enter your current password." : "That password is too long.";
}

const EMPTY = { current: "", next: "", repeat: "" };

function ChangePasswordForm() {
  const form = useZodForm<typeof EMPTY, Field>({
    initial: EMPTY,
    schema: changeForm,
    required: ["current", "next", "repeat"],
    labels: LABELS,
    order: ["current", "next", "repeat"],
    problemText,
  });
  const submit = (event: FormEvent) =>
    form.submit(event, {
      send: async () => {
        const body: PasswordChangeInput = { current: form.values.current, next: form.values.next };
        const answer = await adminJson<Session>(apiPath(authApi.password), { json: body });
        saveSession({ token: answer.token, user: answer.user });
        form.setValues(EMPTY);
        form.setTried(false);
        form.setFlash({
          kind: "success",
          text: "Your password was changed.",
          detail: "Every other session of your account was signed out.",
        });
      },
      onError: (_error, code) => {
        if (code === "wrong_password") form.refuse("current", "This is not your current password.");
        if (code === "password_too_short") form.refuse("next", problemText("next", { message: code }));
        form.setFlash({
          kind: "error",
          text: "Your password was not changed.",
          detail:
            code === "wrong_password"
              ? "The current password is not right."
              : code === "too_many_attempts"
                ? "Too many wrong tries: wait a few minutes, then try again."
                : saveErrorMessage(code),
        });
      },
    });
  return (
    <section className="panel" aria-labelledby={`${form.idPrefix}-title`}>
      <h2 id={`${form.idPrefix}-title`} className="form__section-title">
        Change password
      </h2>
      <Flash message={form.flash} onClose={() => form.setFlash(null)} />
      <form className="form form--narrow" onSubmit={submit} noValidate aria-busy={form.busy || undefined}>
        <TextField field={form.field("current")} label={LABELS.current} required type="password" autoComplete="current-password" />
        <TextField
          field={form.field("next")}
          label={LABELS.next}
          required
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few words you will remember work well.`}
        />
        <TextField field={form.field("repeat")} label={LABELS.repeat} required type="password" autoComplete="new-password" />
        <div className="form__actions">
          <SubmitButton busy={form.busy} busyLabel="Changing…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

export function AccountPage() {
  useTitle("Your account");
  const session = useSession();
  const user = session?.user;
  return (
    <>
      <PageHeader
        title="Your account"
        meta={user ? `Signed in as ${user.username}${isStaffRole(user.role) ? ` · ${ROLE_LABELS[user.role]}` : ""}` : undefined}
      />
      {user?.mustChangePassword ? (
        <p className="panel notice" role="status">
          You signed in with a one-time password. Choose your own password to continue: type the one-time password as the current one. It
          works for 72 hours after it was made, and only until you change it.
        </p>
      ) : null}
      <ChangePasswordForm />
    </>
  );
}

export const route = { Component: AccountPage };
