// Demo articles with a second language (issue 50 item 4): fixed topics whose English title and abstract (written
// from the topic by abstractOf, as every demo article's) come with a faithful Arabic or Indonesian version. The
// demo journal's newest issue opens with them; the second demo journal stays English only.
import type { ArticleTranslation } from "#contract/article-translations";
import type { Topic } from "./topics";

export interface BilingualTopic {
  topic: Topic;
  translations: ArticleTranslation[];
}

export const BILINGUAL_TOPICS: BilingualTopic[] = [
  {
    topic: {
      title: "Effect of irrigation with treated wastewater on growth and fruit quality of date palm (<i>Phoenix dactylifera</i> L.)",
      subject: "Agronomy",
      keywords: ["date palm", "Phoenix dactylifera", "treated wastewater", "irrigation", "fruit quality"],
      focus: "date palm (<i>Phoenix dactylifera</i> L.)",
      aim: "assess the effect of irrigation with treated wastewater on the growth and fruit quality of date palm",
      background: [
        "Fresh water for irrigation is scarce in arid regions, where treated wastewater is an increasingly used alternative.",
        "Its effect on fruit trees grown for food must be known before wider use.",
      ],
      methods: [
        "Thirty palms of the cultivar Khalas were irrigated with treated wastewater or groundwater over two seasons in a randomized complete block design.",
        "Leaf nutrients, fruit weight, total soluble solids and heavy metals in the fruit were measured.",
      ],
      results: [
        "Palms irrigated with treated wastewater gave 14.2% heavier fruit with similar total soluble solids.",
        "Heavy metals in the fruit stayed below the limits set by the FAO/WHO Codex Alimentarius.",
      ],
      conclusion: "Treated wastewater can safely replace part of the groundwater used to irrigate date palms.",
    },
    translations: [
      {
        lang: "ar",
        title: "أثر الري بمياه الصرف الصحي المعالجة في نمو نخيل التمر (<i>Phoenix dactylifera</i> L.) وجودة ثماره",
        abstract:
          "<p>المياه العذبة اللازمة للري شحيحة في المناطق الجافة، حيث يتزايد استخدام مياه الصرف الصحي المعالجة بديلًا عنها. هدفت هذه الدراسة إلى تقييم أثر الري بمياه الصرف الصحي المعالجة في نمو نخيل التمر وجودة ثماره. رُويت ثلاثون نخلة من صنف خلاص بمياه الصرف الصحي المعالجة أو بالمياه الجوفية على مدى موسمين وفق تصميم القطاعات العشوائية الكاملة. قيست العناصر الغذائية في الأوراق ووزن الثمرة والمواد الصلبة الذائبة الكلية والمعادن الثقيلة في الثمار. أعطى النخيل المروي بمياه الصرف الصحي المعالجة ثمارًا أثقل بنسبة 14.2% مع نسبة مماثلة من المواد الصلبة الذائبة الكلية. وبقيت المعادن الثقيلة في الثمار دون الحدود التي وضعها دستور الأغذية لمنظمتي الأغذية والزراعة والصحة العالمية. يمكن لمياه الصرف الصحي المعالجة أن تحل بأمان محل جزء من المياه الجوفية المستخدمة في ري نخيل التمر.</p>",
        keywords: "نخيل التمر, Phoenix dactylifera, مياه الصرف الصحي المعالجة, الري, جودة الثمار",
      },
    ],
  },
  {
    topic: {
      title: "Antibacterial activity of ethanol extract of <i>Rhizophora mucronata</i> leaves against <i>Staphylococcus aureus</i>",
      subject: "Microbiology",
      keywords: ["Rhizophora mucronata", "mangrove", "antibacterial activity", "Staphylococcus aureus", "ethanol extract"],
      focus: "<i>Rhizophora mucronata</i> leaf extract",
      aim: "determine the antibacterial activity of the ethanol extract of <i>Rhizophora mucronata</i> leaves against <i>Staphylococcus aureus</i>",
      background: [
        "Mangrove plants of the Indonesian coast are used in traditional medicine to treat wounds and skin infections.",
        "Resistance of Staphylococcus aureus to common antibiotics calls for new sources of antibacterial compounds.",
      ],
      methods: [
        "Leaves were collected in Demak, Central Java, dried and macerated in 96% ethanol.",
        "Antibacterial activity was tested by agar well diffusion at 25, 50 and 100 mg/mL, with chloramphenicol as the positive control.",
      ],
      results: [
        "The extract at 100 mg/mL gave an inhibition zone of 15.4 mm against <i>Staphylococcus aureus</i>.",
        "Phytochemical screening showed flavonoids, tannins and saponins.",
      ],
      conclusion: "The leaves of <i>Rhizophora mucronata</i> are a promising source of antibacterial compounds.",
    },
    translations: [
      {
        lang: "id",
        title: "Aktivitas antibakteri ekstrak etanol daun <i>Rhizophora mucronata</i> terhadap <i>Staphylococcus aureus</i>",
        abstract:
          "<p>Tumbuhan mangrove di pesisir Indonesia digunakan dalam pengobatan tradisional untuk mengobati luka dan infeksi kulit. Penelitian ini bertujuan untuk mengetahui aktivitas antibakteri ekstrak etanol daun <i>Rhizophora mucronata</i> terhadap <i>Staphylococcus aureus</i>. Daun dikumpulkan di Demak, Jawa Tengah, dikeringkan, lalu dimaserasi dalam etanol 96%. Aktivitas antibakteri diuji dengan metode difusi sumuran agar pada konsentrasi 25, 50 dan 100 mg/mL, dengan kloramfenikol sebagai kontrol positif. Ekstrak pada konsentrasi 100 mg/mL menghasilkan zona hambat sebesar 15,4 mm terhadap <i>Staphylococcus aureus</i>. Skrining fitokimia menunjukkan adanya flavonoid, tanin dan saponin. Daun <i>Rhizophora mucronata</i> merupakan sumber senyawa antibakteri yang menjanjikan.</p>",
        keywords: "Rhizophora mucronata, mangrove, aktivitas antibakteri, Staphylococcus aureus, ekstrak etanol",
      },
    ],
  },
];
