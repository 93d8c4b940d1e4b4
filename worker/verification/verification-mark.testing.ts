// Test helper: the verification block's extreme cases (verification-mark.test.ts checks their layout,
// verification-mark.tools.test.ts reads their QR codes with zbarimg and the files with qpdf).
import { buildCertificate } from "../documents/certificate";
import { buildAppointmentCertificate } from "../documents/appointment-certificate";
import { recordLayout, type RecordedPage } from "../documents/pdf-writer";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_EDITORS } from "../documents/sample-documents";

const LONG_TITLE = `${SAMPLE_ARTICLE.titleHtml} ${SAMPLE_ARTICLE.titleHtml}`;
export const CASES = [
  { author: "Li", refnumber: "R1", domain: "j.example" },
  { author: "Aynur Məmmədova", refnumber: SAMPLE_ARTICLE.refnumber, domain: "www.journal.example" },
  {
    author: "Maria Fernanda de los Ángeles Gutiérrez-Villanueva y Rodríguez de la Fuente",
    refnumber: `IJARD-${"9".repeat(94)}`,
    domain: "international-journal-of-applied-research.example.org",
  },
];

/** An author's certificate and an editor's appointment certificate of one case, with their recorded pages. */
export async function markedDocuments(c: (typeof CASES)[number]) {
  const address = `https://${c.domain}/verify/7K2M-9QXD-4HWB`;
  const verification = { address };
  const branding = { ...SAMPLE_BRANDING, domain: c.domain };
  let certificate!: Uint8Array;
  let appointment!: Uint8Array;
  const [certPage] = await recordLayout(async () => {
    certificate = await buildCertificate({
      branding,
      article: { ...SAMPLE_ARTICLE, refnumber: c.refnumber, titleHtml: LONG_TITLE },
      author: c.author,
      chief: SAMPLE_CHIEF,
      verification,
    });
  });
  const [appointmentPage] = await recordLayout(async () => {
    appointment = await buildAppointmentCertificate({
      branding,
      editor: { ...SAMPLE_EDITORS[2], name: c.author },
      chief: SAMPLE_CHIEF,
      verification,
    });
  });
  const documents: Array<readonly [RecordedPage, Uint8Array]> = [
    [certPage, certificate],
    [appointmentPage, appointment],
  ];
  return { address, documents };
}
