// A journal's backup held in memory, and restored from there, for the workerd tests of backups (worker/platform).
import { env } from "cloudflare:test";
import { d1Of, testFileShard, type TestJournal } from "./fixtures";
import { bindingOf } from "../../worker/core/data/shards";
import { type BackupBucket, type BackupDb, type BackupSource, exportBackup } from "../../worker/platform/backup";
import { restoreBackup } from "../../worker/platform/backup-restore";
import { tarSink } from "../../worker/platform/backup-tar";

export const PLATFORM_DB = env.DB as unknown as BackupDb;
export const FILES = env.FILES as unknown as BackupBucket;

export interface MemoryBackup {
  json: Map<string, unknown>;
  objects: Map<string, Uint8Array>;
}

/** The journal's backup as the platform writes it (its row and hosts from the platform database, the rest from its own). */
export async function memoryBackup(j: TestJournal | number): Promise<MemoryBackup> {
  const b: MemoryBackup = { json: new Map(), objects: new Map() };
  await exportBackup(
    { platform: PLATFORM_DB, journal: d1Of(j) as unknown as BackupDb },
    FILES,
    {
      writeJson: async (name, data) => void b.json.set(name, JSON.parse(JSON.stringify(data))),
      writeObject: async (key, bytes) => void b.objects.set(key, bytes),
    },
    { journalId: typeof j === "number" ? j : j.id, signingKey: env.BACKUP_SIGNING_KEY },
  );
  return b;
}

/** A deep copy, to tamper with while the original stays pristine. */
export const cloneBackup = (b: MemoryBackup): MemoryBackup => ({
  json: new Map([...b.json].map(([k, v]) => [k, structuredClone(v)])),
  objects: new Map(b.objects),
});

/** The backup as a restore reads it; an entry it does not hold is an error, as a missing file would be. */
export const memorySource = (b: MemoryBackup): BackupSource => ({
  readJson: async <T>(name: string) => {
    if (!b.json.has(name)) throw new Error(`no ${name}`);
    return structuredClone(b.json.get(name)) as T;
  },
  readObject: async (key) => {
    const bytes = b.objects.get(key);
    if (!bytes) throw new Error(`no ${key}`);
    return bytes;
  },
});

/** The backup as one ustar file, as the console's download writes it and its restore takes it. */
export async function tarOf(b: MemoryBackup): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const writer = { write: async (chunk: Uint8Array) => void chunks.push(chunk) } as unknown as WritableStreamDefaultWriter<Uint8Array>;
  const sink = tarSink(writer);
  for (const [name, data] of b.json) await sink.writeJson(name, data);
  for (const [key, bytes] of b.objects) await sink.writeObject(key, bytes);
  await sink.end();
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/** Restores it as a new journal into this test file's journal database (docs/decisions/0240). */
export const restoreAsNew = (b: MemoryBackup) =>
  restoreBackup(PLATFORM_DB, FILES, memorySource(b), {
    signingKey: env.BACKUP_SIGNING_KEY,
    mode: "new",
    journalDatabase: (shard) => bindingOf(env, shard) as unknown as BackupDb,
    newShard: testFileShard(),
  });
