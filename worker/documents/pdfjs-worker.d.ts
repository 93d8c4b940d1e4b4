// pdf.js ships no types for its worker module; the text-extraction test helper only preloads it.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
