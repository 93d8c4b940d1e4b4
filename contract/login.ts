// POST /auth/login/ (SPEC §4): the one schema the sign-in form and the Worker share. Its own module, so the login
// page's chunk carries zod and these two rules, not every admin form's schema.
import { z } from "zod";

const INVALID = "invalid_input";

export const loginSchema = z.object({
  username: z.string({ error: INVALID }).trim().min(1, INVALID).max(100, INVALID),
  password: z.string({ error: INVALID }).min(1, INVALID).max(1024, INVALID),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A password staff choose themselves has at least this many characters (as `npm run admin:create` asks). */
export const MIN_PASSWORD_LENGTH = 10;

/** POST /auth/password: the signed-in staff member changes their own password (the Account page). */
export const passwordChangeSchema = z.object({
  current: z.string({ error: INVALID }).min(1, INVALID).max(1024, INVALID),
  next: z
    .string({ error: INVALID })
    .max(1024, INVALID)
    .refine((v) => [...v].length >= MIN_PASSWORD_LENGTH, "password_too_short"),
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
