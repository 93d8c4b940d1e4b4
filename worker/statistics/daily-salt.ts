// Who a reader is, without knowing who they are: the IP address and user agent hashed with a random salt that
// belongs to one UTC day and lives only in the counter's memory — never written to storage, never logged. When
// the day changes, or the object restarts, the old salt is gone and with it any way to link a hash to a person or
// to the same person on another day (docs/statistics.md "Privacy").

/** Salts of at most two days (an event stamped just before midnight may arrive just after). */
const DAYS_KEPT = 2;

export class DailySalts {
  private readonly byDay = new Map<string, Uint8Array>();

  saltFor(day: string): Uint8Array {
    let salt = this.byDay.get(day);
    if (!salt) {
      salt = crypto.getRandomValues(new Uint8Array(32));
      this.byDay.set(day, salt);
      const days = [...this.byDay.keys()].sort();
      for (const old of days.slice(0, Math.max(0, days.length - DAYS_KEPT))) this.byDay.delete(old);
    }
    return salt;
  }

  /** The reader's key for the day: SHA-256 of salt, IP and user agent, 128 bits in hex. */
  async userKey(day: string, ip: string, userAgent: string): Promise<string> {
    const salt = this.saltFor(day);
    const text = new TextEncoder().encode(`${ip}\u0000${userAgent}`);
    const input = new Uint8Array(salt.length + text.length);
    input.set(salt);
    input.set(text, salt.length);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", input));
    return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  }
}
