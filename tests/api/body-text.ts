// A body read as UTF-8 text whatever its Content-Type. `Response.text()` decodes the same way, but workerd prints
// "Called .text() on an HTTP body which does not appear to be text" for every type it does not know as text (PDF,
// PNG, RIS, BibTeX, NDJSON, forms), and tests read such bodies on purpose: a Range of a PDF, a BibTeX export.
export async function bodyText(body: Body): Promise<string> {
  return new TextDecoder().decode(await body.arrayBuffer());
}
