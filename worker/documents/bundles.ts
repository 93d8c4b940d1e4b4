// Zip bundles streamed as they are built: fflate's streaming Zip with stored (ZipPassThrough) entries — PDFs are
// already deflated — and one PDF generated per pull, so memory holds one document at a time whatever the count.
// (fflate's async zip() needs Web Workers, which workerd lacks.)
import { Zip, ZipPassThrough } from "fflate";

export interface ZipEntry {
  name: string;
  build: () => Promise<Uint8Array>;
}

export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  let next = 0;
  let zip: Zip;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((err, chunk, final) => {
          if (err) return controller.error(err);
          if (chunk.length) controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      async pull() {
        if (next >= entries.length) {
          if (next === entries.length) {
            next++;
            zip.end();
          }
          return;
        }
        const entry = entries[next++];
        const bytes = await entry.build();
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        file.push(bytes, true);
      },
    },
    { highWaterMark: 1 },
  );
}
