// Who is calling, by IP, and whether an admin's IP allowlist lets them in.
// Cloudflare sets CF-Connecting-IP on every request that reaches the Worker, and callers cannot forge it there.

/** The caller's IP from CF-Connecting-IP, normalised (trimmed, lower-case); "" when absent (local runs). */
export function clientIpOf(headers: Headers): string {
  return (headers.get("cf-connecting-ip") ?? "").trim().toLowerCase().slice(0, 64);
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** The eight 16-bit groups of an IPv6 address ("2001:db8::1", "::ffff:192.0.2.1"), or null. */
function ipv6Groups(ip: string): number[] | null {
  if (!ip.includes(":") || ip.split("::").length > 2) return null;
  const hextets = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const p of part.split(":")) {
      if (p.includes(".")) {
        const v4 = ipv4ToInt(p);
        if (v4 === null) return null;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-f]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = ip.split("::");
  const left = hextets(head);
  const right = tail === undefined ? [] : hextets(tail);
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...new Array(Math.max(missing, 0)).fill(0), ...right];
}

/**
 * The key the throttles count a caller by: an IPv4 address as it is, an IPv6 address by its /64 (one household
 * or server gets a whole /64, so its addresses are one caller), IPv4-mapped IPv6 as the IPv4 address.
 */
export function throttleKeyOfIp(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >>> 8, groups[6] & 255, groups[7] >>> 8, groups[7] & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** One allowlist entry: an exact address ("203.0.113.7", "2001:db8::1") or an IPv4 range ("203.0.113.0/24"). */
function entryMatches(entry: string, ip: string): boolean {
  const slash = entry.indexOf("/");
  if (slash === -1) return entry === ip;
  const base = ipv4ToInt(entry.slice(0, slash));
  const bits = Number(entry.slice(slash + 1));
  const addr = ipv4ToInt(ip);
  if (base === null || addr === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
  return (base & mask) >>> 0 === (addr & mask) >>> 0;
}

/** The entries of a comma-separated allowlist column. */
export function parseAllowedIps(allowedIps: string): string[] {
  return allowedIps
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** Empty allowlist: any IP. Otherwise the caller's IP must match one entry (an unknown IP matches none). */
export function ipAllowed(allowedIps: string, ip: string): boolean {
  const entries = parseAllowedIps(allowedIps);
  if (entries.length === 0) return true;
  if (!ip) return false;
  return entries.some((e) => entryMatches(e, ip));
}
