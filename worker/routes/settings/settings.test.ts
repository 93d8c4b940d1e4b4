import { describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";

describe("smoke", () => {
  it("answers", async () => {
    const res = await exports.default.fetch("http://localhost/api/settings/");
    console.log(res.status, await res.text());
  });
});
