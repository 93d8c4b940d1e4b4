// Demo-like data for looking at the documents (scripts/documents/preview.ts) and for the benchmarks: a long
// title with italics and a subscript, five authors from several scripts, a full editorial board.
import type { ArticleFacts, Branding, EditorFacts } from "./document-data";
import { buildCertificate } from "./certificate";
import { buildAppointmentCertificate } from "./appointment-certificate";
import { buildCoverPage } from "./cover-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildIndexPage } from "./index-page";

export const SAMPLE_BRANDING: Branding = {
  name: "International Journal of Applied Research and Development",
  issns: ["2394-7500", "2394-5869"],
  impactFactor: "8.4",
  domain: "www.journal.example",
  email: "editor@journal.example",
  lang: "en",
};

/** A certificate's verification block as the Worker prints it (a code of the right shape; samples sign nothing). */
export const sampleVerification = (code = "7K2M-9QXD-4HWB") => ({ address: `https://${SAMPLE_BRANDING.domain}/verify/${code}` });
export const SAMPLE_VERIFICATION = sampleVerification();

export const SAMPLE_AUTHORS = ["Aynur Məmmədova", "Şükrü Işık", "Nguyễn Thị Minh", "محمد عبد الله", "রবীন্দ্রনাথ ঠাকুর", "አበበ ቢቂላ"];

export const SAMPLE_ARTICLE: ArticleFacts = {
  refnumber: "IJARD-2024-0417",
  titleHtml:
    "Seasonal dynamics of <i>Escherichia coli</i> and dissolved CO<sub>2</sub> in peri-urban irrigation canals: a three-year longitudinal study of water quality, antimicrobial resistance and community health outcomes across five districts",
  title:
    "Seasonal dynamics of Escherichia coli and dissolved CO2 in peri-urban irrigation canals: a three-year longitudinal study of water quality, antimicrobial resistance and community health outcomes across five districts",
  authors: SAMPLE_AUTHORS.slice(0, 5),
  year: 2024,
  volume: 10,
  issue: 3,
  pages: "73–80",
  published: "March 2024",
};

export const SAMPLE_CHIEF: EditorFacts = {
  id: 1,
  name: "Prof. Dr. Hana Kovářová",
  degree: "Ph.D.",
  post: "Professor of Environmental Microbiology",
  affiliation: "Faculty of Science, Charles University, Prague",
  country: "Czech Republic",
  category: "chief editor",
  role: "Editor-in-Chief",
  since: "January 2021",
};

const FIRST_NAMES = [
  "Adaeze Okonkwo",
  "Rahul Sharma",
  "Siti Nurhaliza",
  "Fatima Zahra",
  "Tesfaye Bekele",
  "Imran Qureshi",
  "Leyla Əliyeva",
  "Dmitri Ivanov",
];

/** A board of 1 + 9 + 14 editors: enough to flow onto a second page. */
export const SAMPLE_EDITORS: EditorFacts[] = [
  SAMPLE_CHIEF,
  ...Array.from({ length: 23 }, (_, i): EditorFacts => {
    const associate = i < 9;
    return {
      id: i + 2,
      name: `Dr. ${FIRST_NAMES[i % FIRST_NAMES.length]}${i >= FIRST_NAMES.length ? ` ${String.fromCharCode(65 + i)}.` : ""}`,
      degree: i % 3 === 0 ? "Ph.D., M.Sc." : "Ph.D.",
      post: associate ? "Associate Professor" : "Assistant Professor",
      affiliation: `Department of ${["Microbiology", "Civil Engineering", "Public Health", "Chemistry"][i % 4]}, ${["University of Lagos", "Indian Institute of Science, Bengaluru", "Universitas Indonesia, Depok", "Addis Ababa University"][i % 4]}`,
      country: ["Nigeria", "India", "Indonesia", "Ethiopia"][i % 4],
      category: associate ? "associate editor" : "assistant editor",
      role: associate ? "Associate Editor" : "Assistant Editor",
      since: "June 2023",
    };
  }),
];

/** Twelve articles of one issue, out of page order, for the index page. */
export const SAMPLE_ISSUE: ArticleFacts[] = Array.from({ length: 12 }, (_, i) => ({
  ...SAMPLE_ARTICLE,
  refnumber: `IJARD-2024-04${String(30 - i).padStart(2, "0")}`,
  titleHtml:
    i === 0
      ? SAMPLE_ARTICLE.titleHtml
      : `Study ${i + 1} on the <i>in vitro</i> behaviour of compound X<sup>${i + 1}</sup> under field conditions`,
  authors: i === 0 ? SAMPLE_ARTICLE.authors : [FIRST_NAMES[i % 8], FIRST_NAMES[(i + 3) % 8]],
  pages: `${(11 - i) * 8 + 1}-${(11 - i) * 8 + 8}`,
}));

export async function sampleDocuments(): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const docs: Array<{ name: string; bytes: Uint8Array }> = [];
  for (const [i, author] of SAMPLE_AUTHORS.entries()) {
    docs.push({
      name: `certificate-${i + 1}.pdf`,
      bytes: await buildCertificate({
        branding: SAMPLE_BRANDING,
        article: SAMPLE_ARTICLE,
        author,
        chief: SAMPLE_CHIEF,
        verification: SAMPLE_VERIFICATION,
      }),
    });
  }
  docs.push({
    name: "appointment.pdf",
    bytes: await buildAppointmentCertificate({
      branding: SAMPLE_BRANDING,
      editor: SAMPLE_EDITORS[3],
      chief: SAMPLE_CHIEF,
      verification: SAMPLE_VERIFICATION,
    }),
  });
  docs.push({ name: "coverpage.pdf", bytes: await buildCoverPage({ branding: SAMPLE_BRANDING, article: SAMPLE_ARTICLE }) });
  docs.push({ name: "editorial-board.pdf", bytes: await buildEditorialBoard({ branding: SAMPLE_BRANDING, editors: SAMPLE_EDITORS }) });
  docs.push({ name: "index-page.pdf", bytes: await buildIndexPage({ branding: SAMPLE_BRANDING, articles: SAMPLE_ISSUE }) });
  return docs;
}
