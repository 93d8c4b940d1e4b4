// Staff sign-in and staff accounts (contract/routes/endpoint.ts explains the table). Worker: worker/auth/.
import { ACCOUNT, type Access, endpoint, PUBLIC, staff } from "./endpoint";

export const authApi = {
  login: endpoint("POST", "/auth/login", { access: PUBLIC, summary: "Signs a staff member in: { username, password } → a token" }),
  verifyToken: endpoint("GET", "/auth/verify-token", { access: ACCOUNT, summary: "The signed-in staff member ({ user }), or 401" }),
  logout: endpoint("POST", "/auth/logout", { access: ACCOUNT, body: "none", summary: "Ends this session on the server too" }),
  password: endpoint("POST", "/auth/password", {
    access: ACCOUNT,
    summary: "The staff member's own new password: { current, next }; every other session ends",
  }),
} as const;

/**
 * A journal's staff accounts, one set of handlers mounted twice (worker/auth/staff-routes.ts): by the journal's
 * managers at /api/admin/staff and by the platform's operators at /api/platform/journals/{id}/staff.
 */
export function staffEndpoints<const B extends `/${string}`>(base: B, access: Access) {
  return {
    list: endpoint("GET", `${base}`, { access, summary: "The journal's staff accounts" }),
    create: endpoint("POST", `${base}`, { access, summary: "A new account with a one-time password, shown once" }),
    status: endpoint("POST", `${base}/{staffId}/status`, { access, summary: "Enables or disables an account: { status }" }),
    role: endpoint("POST", `${base}/{staffId}/role`, { access, summary: "Changes an account's role: { role }" }),
    email: endpoint("POST", `${base}/{staffId}/email`, { access, summary: "Changes an account's e-mail: { email }" }),
    resetPassword: endpoint("POST", `${base}/{staffId}/reset-password`, {
      access,
      body: "none",
      summary: "A new one-time password, shown once; the account's sessions end",
    }),
    revokeSessions: endpoint("POST", `${base}/{staffId}/revoke-sessions`, {
      access,
      body: "none",
      summary: "Ends every session of the account",
    }),
  } as const;
}

/** The endpoints of one mount of the staff accounts' handlers. */
export type StaffEndpoints = ReturnType<typeof staffEndpoints<`/${string}`>>;

export const staffApi = staffEndpoints("/api/admin/staff", staff("staff"));
