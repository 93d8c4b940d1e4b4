// The browser's device cookie (docs/decisions/0061): an HttpOnly token, sent only to its sign-in path, proving an
// earlier good login of this username on this browser, so strangers' failures elsewhere never lock it out. Journal
// staff keep theirs per journal (journal_device, /auth); operators theirs for the platform (platform_device,
// /api/platform/auth, journal id 0).
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../core/env";
import { DEVICE_TTL_SECONDS, newTokenId, signDeviceToken, verifyDeviceToken } from "./tokens";

export interface DeviceCookie {
  name: string;
  /** The only path the browser sends it to. */
  path: string;
  /** The journal it is valid for (0: the platform). */
  journalId: number;
}

/** The device id this browser proved for (cookie's journal, username), or null. */
export async function knownDeviceOf(c: Context<AppEnv>, cookie: DeviceCookie, username: string): Promise<string | null> {
  const token = getCookie(c, cookie.name);
  if (!token || token.length > 2048) return null;
  const device = await verifyDeviceToken(c.var.config.auth, token);
  return device && device.journalId === cookie.journalId && device.username === username ? device.deviceId : null;
}

/** After a good login: this browser is (still) a known device of this username, under its id or a new one. */
export async function rememberDevice(c: Context<AppEnv>, cookie: DeviceCookie, username: string, deviceId: string | null, now: Date) {
  const token = await signDeviceToken(
    c.var.config.auth,
    { deviceId: deviceId ?? newTokenId(), journalId: cookie.journalId, username },
    now,
  );
  setCookie(c, cookie.name, token, { path: cookie.path, httpOnly: true, secure: true, sameSite: "Strict", maxAge: DEVICE_TTL_SECONDS });
}
