// The two demo journals: settings, host names, board, indexing partners and the shape of their archives.
import { ENGINEERING_TOPICS, NATURAL_SCIENCE_TOPICS, type TopicFamily } from "./topics";
import type { Gender } from "./people";

export interface IndexingSpec {
  title: string;
  link: string;
  /** Logo file in scripts/demo/images/logos/. */
  logo: string;
  sortnumber: number;
  status?: "disabled";
}

export interface EditorPlan {
  category: "chief editor" | "associate editor" | "assistant editor";
  count: number;
  /** How many of them are disabled / have no picture. */
  disabled: number;
  withoutPicture: number;
}

export interface JournalSpec {
  seed: number;
  slug: string;
  isDefault: boolean;
  domains: string[];
  settings: {
    websitename: string;
    websiteemail: string;
    whatsup_number: string;
    domain: string;
    /** Two ISSN bodies (7 digits each); the check digit is computed. */
    issnBodies: [string, string];
    home_content: string;
    address: string;
    formatted_journal_name: string;
    fee_rupee: string;
    fee_dollar: string;
    impactfactor: string;
  };
  publisher: string;
  /** The site's interface languages, the primary one first (issue 50 item 2, docs/decisions/0351). */
  interfaceLanguages: string[];
  /** Scholarly metadata (docs/decisions/0100): a DOI prefix, a Creative Commons licence key. */
  doiPrefix: string;
  license: string;
  refPrefix: string;
  firstVolumeYear: number;
  /** Issues per year, oldest first, ending with the current year. */
  issuesPerYear: number[];
  /** Enabled, public articles to create at least. */
  minPublicArticles: number;
  /** Extra articles that must never show publicly: disabled ones, and enabled ones without a reference number. */
  disabledArticles: number;
  articlesWithoutRef: number;
  articlesPerIssue: [number, number];
  editors: EditorPlan[];
  /** Countries the board comes from (weighted by repetition). */
  editorCountries: string[];
  authorCountries: string[];
  departments: string[];
  indexing: IndexingSpec[];
  topics: TopicFamily[];
  /** Authors of the first article of the newest issue. */
  featuredAuthors?: { name: string; gender: Gender; country: string }[];
  /** Some articles carry an Arabic or Indonesian title and abstract beside the English (issue 50 item 4). */
  languageVersions?: boolean;
}

/** ISSN with its check digit (mod 11, "X" for 10). */
export function issnOf(body: string): string {
  const digits = body.replace(/\D/g, "");
  if (digits.length !== 7) throw new Error(`ISSN body needs 7 digits: ${body}`);
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${digits.slice(0, 4)}-${digits.slice(4)}${check === 10 ? "X" : check}`;
}

const thisYear = new Date().getUTCFullYear();

export const DEMO_JOURNALS: JournalSpec[] = [
  {
    seed: 20240113,
    slug: "ijans",
    languageVersions: true,
    interfaceLanguages: ["en", "ar", "id"],
    isDefault: true,
    domains: ["localhost", "127.0.0.1"],
    settings: {
      websitename: "International Journal of Applied and Natural Sciences",
      websiteemail: "editor@ijans.example",
      whatsup_number: "+91 98450 12345",
      domain: "www.ijans.example",
      issnBodies: ["2456782", "2456790"],
      home_content: [
        "<p>The <b>International Journal of Applied and Natural Sciences</b> (IJANS) is a peer-reviewed, open access journal that publishes original research articles, review articles and short communications in all areas of the life, chemical, agricultural, environmental and health sciences.</p>",
        "<p>Every manuscript is reviewed by at least two independent experts. Accepted articles are published online with a unique reference number, and authors can download their publication certificate, cover page and the editorial board from the <i>Download Certificate</i> page.</p>",
        "<p>The journal appears quarterly. Submissions are welcome throughout the year through the <b>Submit Online</b> page or by e-mail to the editorial office.</p>",
      ].join(""),
      address:
        "<p>Editorial Office, International Journal of Applied and Natural Sciences<br>14 Science Park Road, Adyar<br>Chennai 600 020, Tamil Nadu, India</p>",
      formatted_journal_name: "Int. J. Appl. Nat. Sci.",
      fee_rupee: "2500",
      fee_dollar: "60",
      impactfactor: "5.872",
    },
    publisher: "IJANS Publications",
    doiPrefix: "10.55501",
    license: "CC-BY-4.0",
    refPrefix: "IJANS",
    firstVolumeYear: thisYear - 10,
    issuesPerYear: [4, 4, 3],
    minPublicArticles: 64,
    disabledArticles: 2,
    articlesWithoutRef: 1,
    articlesPerIssue: [5, 7],
    editors: [
      { category: "chief editor", count: 1, disabled: 0, withoutPicture: 0 },
      { category: "associate editor", count: 5, disabled: 1, withoutPicture: 1 },
      { category: "assistant editor", count: 8, disabled: 1, withoutPicture: 2 },
    ],
    editorCountries: [
      "India",
      "India",
      "India",
      "Nigeria",
      "Egypt",
      "Saudi Arabia",
      "Bangladesh",
      "Pakistan",
      "Azerbaijan",
      "Indonesia",
      "Ethiopia",
    ],
    authorCountries: [
      "India",
      "India",
      "Nigeria",
      "Pakistan",
      "Indonesia",
      "Bangladesh",
      "Egypt",
      "Ethiopia",
      "Saudi Arabia",
      "Azerbaijan",
    ],
    departments: [
      "Botany",
      "Zoology",
      "Chemistry",
      "Biotechnology",
      "Microbiology",
      "Environmental Science",
      "Agronomy",
      "Pharmacology",
      "Biochemistry",
      "Food Science",
    ],
    indexing: [
      { title: "ScholarSphere Index", link: "https://scholarsphere-index.example/", logo: "scholarsphere.png", sortnumber: 1 },
      { title: "Global Journal Registry", link: "https://journal-registry.example/", logo: "journal-registry.png", sortnumber: 2 },
      { title: "OpenAccess Atlas", link: "https://openaccess-atlas.example/", logo: "openaccess-atlas.png", sortnumber: 3 },
      { title: "CiteBase Directory", link: "https://citebase.example/", logo: "citebase.png", sortnumber: 4 },
      { title: "Research Compass", link: "https://research-compass.example/", logo: "research-compass.png", sortnumber: 5 },
      { title: "Eurasian Scientific Index", link: "https://eurasian-index.example/", logo: "eurasian-index.png", sortnumber: 6 },
      { title: "Scientific Indexing Network", link: "https://sci-index.example/", logo: "sci-index.png", sortnumber: 7 },
      { title: "Journal Quality Monitor", link: "https://jq-monitor.example/", logo: "jq-monitor.png", sortnumber: 8 },
      {
        title: "Academic Resource Index",
        link: "https://academic-resource.example/",
        logo: "academic-resource.png",
        sortnumber: 9,
        status: "disabled",
      },
    ],
    topics: NATURAL_SCIENCE_TOPICS,
    featuredAuthors: [
      { name: "Aynur Məmmədova", gender: "f", country: "Azerbaijan" },
      { name: "Şükrü Işık", gender: "m", country: "Azerbaijan" },
      { name: "Chiamaka Okonkwo", gender: "f", country: "Nigeria" },
    ],
  },
  {
    seed: 20260202,
    slug: "jems",
    interfaceLanguages: ["en"],
    isDefault: false,
    domains: ["journal2.localhost"],
    settings: {
      websitename: "Journal of Engineering and Management Studies",
      websiteemail: "office@jems.example",
      whatsup_number: "+234 803 555 0199",
      domain: "www.jems.example",
      issnBodies: ["3051417", "3051425"],
      home_content: [
        "<p>The <b>Journal of Engineering and Management Studies</b> (JEMS) publishes peer-reviewed research at the meeting point of engineering practice and management science: materials, energy systems, computing and organizational studies.</p>",
        "<p>JEMS appears twice a year. All articles are open access and carry a reference number for citation.</p>",
      ].join(""),
      address: "<p>JEMS Editorial Office<br>27 Herbert Macaulay Way, Yaba<br>Lagos, Nigeria</p>",
      formatted_journal_name: "J. Eng. Manag. Stud.",
      fee_rupee: "1800",
      fee_dollar: "45",
      impactfactor: "3.415",
    },
    publisher: "JEMS Editorial Office",
    doiPrefix: "10.55502",
    license: "CC-BY-NC-4.0",
    refPrefix: "JEMS",
    firstVolumeYear: thisYear,
    issuesPerYear: [2],
    minPublicArticles: 8,
    disabledArticles: 0,
    articlesWithoutRef: 0,
    articlesPerIssue: [4, 4],
    editors: [
      { category: "chief editor", count: 1, disabled: 0, withoutPicture: 0 },
      { category: "associate editor", count: 1, disabled: 0, withoutPicture: 0 },
      { category: "assistant editor", count: 2, disabled: 0, withoutPicture: 1 },
    ],
    editorCountries: ["Nigeria", "Nigeria", "Egypt", "Pakistan"],
    authorCountries: ["Nigeria", "Egypt", "Pakistan", "India", "Indonesia", "Ethiopia"],
    departments: ["Civil Engineering", "Mechanical Engineering", "Electrical Engineering", "Computer Science", "Business Administration"],
    indexing: [
      { title: "Engineering Abstracts Online", link: "https://eng-abstracts.example/", logo: "eng-abstracts.png", sortnumber: 1 },
      { title: "TechIndex Registry", link: "https://techindex.example/", logo: "techindex.png", sortnumber: 2 },
    ],
    topics: ENGINEERING_TOPICS,
  },
];
