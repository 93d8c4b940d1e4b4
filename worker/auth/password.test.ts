// The stored hash format and the constant-cost path for unknown users.
import { describe, expect, it } from "vitest";
import { DUMMY_HASH, PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("stores algorithm, iterations, salt and hash, and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await hashPassword("correct horse battery staple")).not.toBe(hash); // fresh salt
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
    // NFKC: the same password typed with a compatibility character still matches.
    expect(await verifyPassword("ﬁsh", await hashPassword("fish"))).toBe(true);
  });

  it("keeps old hashes with fewer iterations valid, and refuses more than production allows", async () => {
    expect(await verifyPassword("pw", await hashPassword("pw", 1000))).toBe(true);
    const tooMany = (await hashPassword("pw", 1000)).replace("$1000$", `$${PBKDF2_ITERATIONS + 1}$`);
    expect(await verifyPassword("pw", tooMany)).toBe(false);
    for (const bad of ["", "plain", "md5$1$a$b", "pbkdf2-sha256$x$a$b"]) expect(await verifyPassword("pw", bad)).toBe(false);
  });

  it("gives unknown users a dummy hash of the same cost that no password matches", async () => {
    expect(DUMMY_HASH.split("$")[0]).toBe("pbkdf2-sha256");
    expect(Number(DUMMY_HASH.split("$")[1])).toBe(PBKDF2_ITERATIONS);
    for (const pw of ["", "admin", "password", "demo-admin"]) expect(await verifyPassword(pw, DUMMY_HASH)).toBe(false);
  });
});
