// Everything that makes a PDF, in one module the routes import on first use (pdf.routes.ts `documents()`, decision
// 0333): the builders pull in the PDF writer, fontkit, the bundled fonts and the Unicode tables, which no page needs.
export { buildCertificate } from "./certificate";
export { buildCoverPage } from "./cover-page";
export { buildEditorialBoard } from "./editorial-board";
export { buildIndexPage, sortByFirstPage } from "./index-page";
export { buildAppointmentCertificate } from "./appointment-certificate";
export { loadFontsFor, textsOf } from "./remote-fonts";
