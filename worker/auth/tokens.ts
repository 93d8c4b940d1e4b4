// Admin session tokens: compact JWTs signed with HS256 (jose). The secret is the Worker secret JWT_SECRET;
// issuer and audience come from wrangler.toml vars. A token names its user (sub) and its journal (jid), so a
// token of one journal is worthless on another journal's host (docs/decisions/0021-admin-tokens.md).
import { SignJWT, jwtVerify } from "jose";
import { HttpError } from "../core/errors";

/** How long a session lasts: one working day. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** HS256 wants a key of at least 256 bits; shorter secrets are a deployment mistake, not a login failure. */
const MIN_SECRET_CHARS = 32;

export type AuthEnv = Pick<Env, "JWT_SECRET" | "AUTH_ISSUER" | "AUTH_AUDIENCE">;

export interface AdminTokenClaims {
  userId: number;
  journalId: number;
  /** The user's session_version when the token was signed; a later bump revokes the token (0062). */
  sessionVersion: number;
}

/** A verified token: its claims, its id (jti, what logout revokes) and its expiry. */
export interface VerifiedAdminToken extends AdminTokenClaims {
  tokenId: string;
  expiresAt: Date;
}

const randomTokenId = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

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
  return new SignJWT({ jid: claims.journalId, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(env.AUTH_ISSUER)
    .setAudience(env.AUTH_AUDIENCE)
    .setJti(randomTokenId())
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlSeconds ?? TOKEN_TTL_SECONDS))
    .sign(secretOf(env));
}

/** The token's claims when its signature, algorithm, issuer, audience and expiry all check out; else null. */
export async function verifyAdminToken(env: AuthEnv, token: string): Promise<VerifiedAdminToken | null> {
  const secret = secretOf(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: env.AUTH_ISSUER,
      audience: env.AUTH_AUDIENCE,
      requiredClaims: ["exp", "iat", "sub", "jid", "sv", "jti"],
    });
    const userId = Number(payload.sub);
    const { jid: journalId, sv: sessionVersion } = payload;
    if ("role" in payload) return null; // an operator's claim set never passes as a journal admin's
    if (!Number.isSafeInteger(userId) || userId < 1 || typeof journalId !== "number" || !Number.isSafeInteger(journalId)) return null;
    if (typeof sessionVersion !== "number" || !Number.isSafeInteger(sessionVersion)) return null;
    if (typeof payload.jti !== "string" || payload.jti.length > 64) return null;
    return { userId, journalId, sessionVersion, tokenId: payload.jti, expiresAt: new Date(payload.exp! * 1000) };
  } catch {
    return null;
  }
}

// ---- Device tokens ----------------------------------------------------------------------------------------
// Set as an HttpOnly cookie at each good login; the login throttle counts a browser holding one by the device
// instead of by its IP, so strangers' failures elsewhere never lock it out (docs/decisions/0061-login-throttle-real-admin.md).

/** How long a browser stays known after its last good login. */
export const DEVICE_TTL_SECONDS = 90 * 24 * 60 * 60;
const deviceAudience = (env: AuthEnv) => `${env.AUTH_AUDIENCE}-device`;

export interface DeviceClaims {
  /** The device's id: stays the same across logins on this browser. */
  deviceId: string;
  journalId: number;
  /** The case-folded username the device logged in as. */
  username: string;
}

export async function signDeviceToken(env: AuthEnv, claims: DeviceClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ jid: claims.journalId, usr: claims.username })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setJti(claims.deviceId)
    .setIssuer(env.AUTH_ISSUER)
    .setAudience(deviceAudience(env))
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEVICE_TTL_SECONDS)
    .sign(secretOf(env));
}

export async function verifyDeviceToken(env: AuthEnv, token: string): Promise<DeviceClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretOf(env), {
      algorithms: ["HS256"],
      issuer: env.AUTH_ISSUER,
      audience: deviceAudience(env),
      requiredClaims: ["exp", "jti", "jid", "usr"],
    });
    const { jti, jid, usr } = payload;
    if (typeof jti !== "string" || jti.length > 64 || typeof jid !== "number" || typeof usr !== "string") return null;
    return { deviceId: jti, journalId: jid, username: usr };
  } catch {
    return null;
  }
}

/** A fresh random id (token ids, device ids). */
export const newTokenId = randomTokenId;

// ---- Operator tokens --------------------------------------------------------------------------------------
// The platform's operators get tokens of their own audience (`<AUTH_AUDIENCE>-operator`) and role claim: a journal
// admin token fails the operator check and an operator token fails verifyAdminToken (docs/decisions/0160-operators.md).

const operatorAudience = (env: AuthEnv) => `${env.AUTH_AUDIENCE}-operator`;
const OPERATOR_ROLE = "operator";

export interface OperatorTokenClaims {
  operatorId: number;
  sessionVersion: number;
}
export interface VerifiedOperatorToken extends OperatorTokenClaims {
  tokenId: string;
  expiresAt: Date;
}

export async function signOperatorToken(env: AuthEnv, claims: OperatorTokenClaims, opts: SignOptions = {}): Promise<string> {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ role: OPERATOR_ROLE, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.operatorId))
    .setIssuer(env.AUTH_ISSUER)
    .setAudience(operatorAudience(env))
    .setJti(randomTokenId())
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlSeconds ?? TOKEN_TTL_SECONDS))
    .sign(secretOf(env));
}

export async function verifyOperatorToken(env: AuthEnv, token: string): Promise<VerifiedOperatorToken | null> {
  const secret = secretOf(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: env.AUTH_ISSUER,
      audience: operatorAudience(env),
      requiredClaims: ["exp", "iat", "sub", "sv", "jti", "role"],
    });
    const operatorId = Number(payload.sub);
    if (payload.role !== OPERATOR_ROLE || "jid" in payload) return null;
    if (!Number.isSafeInteger(operatorId) || operatorId < 1) return null;
    if (typeof payload.sv !== "number" || !Number.isSafeInteger(payload.sv)) return null;
    if (typeof payload.jti !== "string" || payload.jti.length > 64) return null;
    return { operatorId, sessionVersion: payload.sv, tokenId: payload.jti, expiresAt: new Date(payload.exp! * 1000) };
  } catch {
    return null;
  }
}
