// Admin session tokens: compact JWTs signed with HS256 (jose). The secret is the Worker secret JWT_SECRET;
// issuer and audience come from wrangler.toml vars. A token names its user (sub) and its journal (jid), so a
// token of one journal is worthless on another journal's host (docs/decisions/0021-admin-tokens.md).
import { SignJWT, jwtVerify } from "jose";
import { HttpError } from "../middleware/errors";

/** How long a session lasts: one working day. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** HS256 wants a key of at least 256 bits; shorter secrets are a deployment mistake, not a login failure. */
const MIN_SECRET_CHARS = 32;

export type AuthEnv = Pick<Env, "JWT_SECRET" | "AUTH_ISSUER" | "AUTH_AUDIENCE">;

export interface AdminTokenClaims {
  userId: number;
  journalId: number;
}

function secretOf(env: AuthEnv): Uint8Array {
  const secret = env.JWT_SECRET ?? "";
  if (secret.length < MIN_SECRET_CHARS) {
    console.error("JWT_SECRET is missing or shorter than 32 characters");
    throw new HttpError(500, "auth_not_configured");
  }
  return new TextEncoder().encode(secret);
}

export interface SignOptions {
  /** Lifetime in seconds (default TOKEN_TTL_SECONDS). Negative values make an already expired token (tests). */
  ttlSeconds?: number;
  /** Issue time; defaults to now. */
  now?: Date;
}

export async function signAdminToken(env: AuthEnv, claims: AdminTokenClaims, opts: SignOptions = {}): Promise<string> {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ jid: claims.journalId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(env.AUTH_ISSUER)
    .setAudience(env.AUTH_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlSeconds ?? TOKEN_TTL_SECONDS))
    .sign(secretOf(env));
}

/** The token's claims when its signature, algorithm, issuer, audience and expiry all check out; else null. */
export async function verifyAdminToken(env: AuthEnv, token: string): Promise<AdminTokenClaims | null> {
  const secret = secretOf(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: env.AUTH_ISSUER,
      audience: env.AUTH_AUDIENCE,
      requiredClaims: ["exp", "iat", "sub", "jid"],
    });
    const userId = Number(payload.sub);
    const journalId = payload.jid;
    if (!Number.isSafeInteger(userId) || userId < 1 || typeof journalId !== "number" || !Number.isSafeInteger(journalId)) return null;
    return { userId, journalId };
  } catch {
    return null;
  }
}
