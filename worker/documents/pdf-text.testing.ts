// Test helper: the text of a PDF as a reader's tools see it, extracted with pdf.js inside workerd.
// pdf.js needs a DOMMatrix at import (canvas code never run for text extraction) and runs its "worker" in-process
// when the worker module is preloaded on globalThis.pdfjsWorker.
type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const g = globalThis as Record<string, unknown>;
    g.DOMMatrix ??= class DOMMatrix {
      a = 1;
      b = 0;
      c = 0;
      d = 1;
      e = 0;
      f = 0;
      constructor(m?: number[]) {
        if (m) [this.a, this.b, this.c, this.d, this.e, this.f] = m;
      }
    };
    g.pdfjsWorker ??= await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    // At import pdf.js warns that it cannot load a native canvas or polyfill ImageData and Path2D: rendering code
    // that text extraction never runs. Those lines alone stay out of the test output.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!/^Warning: Cannot (load "@napi-rs\/canvas"|polyfill `\w+`)/.test(String(args[0]))) warn(...args);
    };
    try {
      return await import("pdfjs-dist/legacy/build/pdf.mjs");
    } finally {
      console.warn = warn;
    }
  })();
  return pdfjs;
}

export interface PdfText {
  pages: string[];
  /** All pages, whitespace collapsed, bidi control characters removed. */
  text: string;
  numPages: number;
}

export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<PdfText> {
  const lib = await loadPdfJs();
  const data = bytes instanceof Uint8Array ? bytes.slice() : new Uint8Array(bytes.slice(0));
  const doc = await lib.getDocument({ data, verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join(""));
  }
  await doc.destroy();
  const text = pages
    .join("\n")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return { pages, text, numPages: doc.numPages };
}
