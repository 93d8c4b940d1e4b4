// The writer's own structural check (issue 15): before a generated PDF leaves the Worker, every cross-reference
// offset must point at its "N 0 obj", every stream's /Length must end exactly at its "endstream", and startxref
// must point at the xref table. A failure is a bug in the writer: it throws rather than send a file that viewers
// would have to repair. One pass over the bytes as Latin-1 text (cost: README, documents bench).

const latin1 = new TextDecoder("latin1");

/** The structural problems of a PDF written by PdfWriter (one classic xref table, one section); [] when sound. */
export function pdfStructureProblems(bytes: Uint8Array): string[] {
  const text = latin1.decode(bytes);
  const problems: string[] = [];
  const tail = /startxref\n(\d+)\n%%EOF\n?$/.exec(text.slice(-64));
  if (!tail) return ["no startxref at the end of the file"];
  const xrefAt = Number(tail[1]);
  if (!text.startsWith("xref\n", xrefAt)) return [`startxref ${xrefAt} does not point at the xref table`];
  const head = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt, xrefAt + 32));
  if (!head) return ["malformed xref header"];
  const size = Number(head[1]);
  let entry = xrefAt + head[0].length;
  for (let n = 0; n < size; n++, entry += 20) {
    const line = text.slice(entry, entry + 20);
    const m = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(line);
    if (!m) {
      problems.push(`xref entry ${n} is malformed`);
      continue;
    }
    if (m[3] === "f") continue;
    const offset = Number(m[1]);
    const header = `${n} 0 obj\n`;
    if (!text.startsWith(header, offset)) {
      problems.push(`object ${n}: xref offset ${offset} does not point at "${n} 0 obj"`);
      continue;
    }
    const end = text.indexOf("\nendobj\n", offset);
    const streamAt = text.indexOf("\nstream\n", offset);
    if (streamAt === -1 || (end !== -1 && streamAt > end)) continue;
    const length = /\/Length (\d+)/.exec(text.slice(offset, streamAt));
    if (!length) {
      problems.push(`object ${n}: stream without /Length`);
      continue;
    }
    const dataEnd = streamAt + "\nstream\n".length + Number(length[1]);
    if (!text.startsWith("\nendstream\n", dataEnd)) problems.push(`object ${n}: /Length ${length[1]} does not end at endstream`);
  }
  if (!text.startsWith("trailer\n", entry)) problems.push("no trailer after the xref table");
  return problems;
}

/** Throws when the writer produced a broken file (never sent to a reader). */
export function assertPdfStructure(bytes: Uint8Array): void {
  const problems = pdfStructureProblems(bytes);
  if (problems.length) throw new Error(`PDF writer produced a broken file: ${problems.slice(0, 5).join("; ")}`);
}
