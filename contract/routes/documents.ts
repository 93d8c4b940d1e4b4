// Generated PDF documents (contract/routes/endpoint.ts explains the table). Worker: worker/documents/pdf.routes.ts.
import { endpoint, PUBLIC, staff } from "./endpoint";

const pdf = { answer: "file", fileType: "application/pdf" } as const;

export const documentsApi = {
  certificate: endpoint("GET", "/api/pdf/certificate/{ref}/{authorName}", {
    ...pdf,
    access: PUBLIC,
    summary: "An author's publication certificate, with its verification code",
  }),
  coverPage: endpoint("GET", "/api/pdf/coverpage/{ref}", { ...pdf, access: PUBLIC, summary: "An article's cover page" }),
  editorialBoard: endpoint("GET", "/api/pdf/editorialboard", {
    ...pdf,
    access: PUBLIC,
    summary: "The editorial board with a reference number",
  }),
  indexPage: endpoint("POST", "/api/pdf/indexpage", {
    ...pdf,
    access: staff("documents"),
    summary: "An issue's index page of the articles named: { refnumbers }",
  }),
  bulkCertificates: endpoint("POST", "/api/pdf/bulkcertificates", {
    answer: "file",
    fileType: "application/zip",
    access: staff("documents"),
    summary: "A zip of every author's certificate of the articles named: { refnumbers }",
  }),
  editorsCertificate: endpoint("POST", "/api/pdf/editorscertificate", {
    ...pdf,
    access: staff("documents"),
    summary: "Appointment certificates of the editors named: { ids }",
  }),
} as const;
