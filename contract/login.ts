// POST /auth/login/ (SPEC §4): the one schema the sign-in form and the Worker share. Its own module, so the login
// page's chunk carries zod and these two rules, not every admin form's schema.
import { z } from "zod";

const INVALID = "invalid_input";

export const loginSchema = z.object({
  username: z.string({ error: INVALID }).trim().min(1, INVALID).max(100, INVALID),
  password: z.string({ error: INVALID }).min(1, INVALID).max(1024, INVALID),
});
export type LoginInput = z.input<typeof loginSchema>;
