// Reading an answer's body without ever holding more than a bound of it (issue 25 item 5): a small answer comes
// back whole (to hash, keep as a hot copy and answer from bytes), a large one as a stream that replays what was
// read and then passes the rest through, so a 5 MB PDF is never buffered in the isolate.

export type BoundedBody = { whole: ArrayBuffer } | { stream: ReadableStream<Uint8Array> };

/** The body whole if it has at most `limit` bytes, else a stream of all of it (read no further than `limit`). */
export async function readUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BoundedBody> {
  if (!body) return { whole: new ArrayBuffer(0) };
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { whole: joined(head, size) };
    head.push(value);
    size += value.byteLength;
    if (size > limit) return { stream: replaying(head, reader) };
  }
}

function joined(chunks: Uint8Array[], size: number): ArrayBuffer {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out.buffer;
}

/** The chunks already read, then the rest of the reader, pulled only as fast as the consumer reads. */
function replaying(head: Uint8Array[], rest: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = head.shift();
      if (next) return controller.enqueue(next);
      const { done, value } = await rest.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => rest.cancel(reason),
  });
}
