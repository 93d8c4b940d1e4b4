// Bytes -> text chunks for the streaming readers, without ever joining the whole (UTF-8; a BOM is dropped).

export async function* textChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    reader.releaseLock();
  }
}

/** One string as a stream of chunks (tests, small sources). */
export async function* stringChunks(text: string, size = 64 * 1024): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
