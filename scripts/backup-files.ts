// A backup folder on disk: manifest.json, d1/{table}.json, r2-objects.json and r2/{object key} (the key's
// slashes become folders; keys are journals/{id}/... with names checked by isSafeFileName, so never "..").
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BackupSink, BackupSource } from "../worker/platform/backup";

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

/**
 * A backup downloaded from the platform console: one tar file (POSIX ustar, worker/platform/backup-tar.ts) with
 * the same entries as the folder. Read whole into memory, then entries looked up by name.
 */
export async function tarSource(file: string): Promise<BackupSource> {
  const tar = new Uint8Array(await readFile(file));
  const entries = new Map<string, Uint8Array>();
  const text = (from: number, len: number) => new TextDecoder().decode(tar.subarray(from, from + len)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    if (text(at + 257, 5) !== "ustar") throw new Error(`${file} is not a tar file of a backup`);
    const name = [text(at + 345, 155), text(at, 100)].filter(Boolean).join("/");
    const size = Number.parseInt(text(at + 124, 12).trim(), 8);
    const type = text(at + 156, 1);
    if (!Number.isFinite(size) || at + 512 + size > tar.length) throw new Error(`${file} is cut short (entry ${name})`);
    if (type === "0" || type === "") entries.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  const entry = (name: string) => {
    const bytes = entries.get(name);
    if (!bytes) throw new Error(`the backup ${file} has no ${name}`);
    return bytes;
  };
  return {
    readJson: async (name) => JSON.parse(new TextDecoder().decode(entry(name))),
    readObject: async (key) => entry(`r2/${key}`),
  };
}
