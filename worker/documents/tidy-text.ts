// Whitespace collapsed to single spaces and trimmed: the documents' and the verification page's text cleaner, in a
// module of its own so that its users do not load the PDF writer's fonts and tables (decision 0333).
export const tidy = (s: string | null | undefined): string =>
  String(s ?? "")
    .replace(/\s+/g, " ")
    .trim();
