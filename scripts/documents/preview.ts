// Renders every document with demo-like data (a long title, five authors, names in several scripts) to PDF, and
// to PNG when poppler's pdftoppm is installed, so they can be looked at:
//   npm run documents:preview [-- <out-dir>]        (default out-dir: /tmp/documents-preview)
import { mkdirSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { sampleDocuments } from "../../worker/documents/sample-documents";

const outDir = process.argv[2] ?? "/tmp/documents-preview";
mkdirSync(outDir, { recursive: true });
for (const { name, bytes } of await sampleDocuments()) {
  const file = join(outDir, name);
  writeFileSync(file, bytes);
  let png = "";
  try {
    execFileSync("pdftoppm", ["-png", "-r", "60", file, file.replace(/\.pdf$/, "")]);
    png = " (+ PNG)";
  } catch {
    png = " (pdftoppm not installed: no PNG)";
  }
  console.log(`${file}  ${(bytes.length / 1024).toFixed(1)} KB${png}`);
}
