// A backup folder on disk: manifest.json, d1/{table}.json, r2-objects.json and r2/{object key} (the key's
// slashes become folders; keys are journals/{id}/... with names checked by isSafeFileName, so never "..").
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BackupSink, BackupSource } from "../worker/maintenance/backup";

function inside(dir: string, ...parts: string[]): string {
  const full = path.resolve(dir, ...parts);
  if (!full.startsWith(path.resolve(dir) + path.sep)) throw new Error(`refusing a path outside the backup folder: ${parts.join("/")}`);
  return full;
}

export function folderSink(dir: string): BackupSink {
  const write = async (file: string, data: string | Uint8Array) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  };
  return {
    writeJson: (name, data) => write(inside(dir, name), JSON.stringify(data, null, 1) + "\n"),
    writeObject: (key, bytes) => write(inside(dir, "r2", key), bytes),
  };
}

export function folderSource(dir: string): BackupSource {
  return {
    readJson: async (name) => JSON.parse(await readFile(inside(dir, name), "utf8")),
    readObject: async (key) => new Uint8Array(await readFile(inside(dir, "r2", key))),
  };
}
