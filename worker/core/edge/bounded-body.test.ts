// readUpTo: a small body comes back whole, a large one as a stream that replays every byte, read no further than
// the bound until its consumer asks (what keeps a miss of a large answer of unknown length out of memory).
import { describe, expect, it } from "vitest";
import { readUpTo } from "./bounded-body";

/** A stream of `count` chunks of `size` bytes; `pulled()` says how many chunks were read from it so far. */
function chunks(count: number, size: number) {
  let n = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (n === count) return c.close();
      c.enqueue(new Uint8Array(size).fill(n++ % 256));
    },
  });
  return { stream, pulled: () => n };
}

describe("readUpTo", () => {
  it("gives a body within the bound whole", async () => {
    const out = await readUpTo(chunks(3, 10).stream, 30);
    expect("whole" in out && out.whole.byteLength).toBe(30);
  });

  it("stops reading a larger body just past the bound, and streams all of it on demand", async () => {
    const src = chunks(100, 10);
    const out = await readUpTo(src.stream, 25);
    expect("stream" in out).toBe(true);
    expect(src.pulled()).toBeLessThanOrEqual(5);
    const all = new Uint8Array(await new Response((out as { stream: ReadableStream }).stream).arrayBuffer());
    expect(all.length).toBe(1000);
    expect([all[0], all[15], all[999]]).toEqual([0, 1, 99]);
  });
});
