// The prose of a demo article: abstract, body sections, padding paragraphs and references, all written
// from a Topic so the text stays on subject.
import type { Random } from "./random";
import type { Topic } from "./topics";
import type { CountryPool } from "./people";

const INTRO = [
  "Previous investigations have addressed related questions, but their results are difficult to compare because of differences in sampling, methods and local conditions.",
  "Reliable baseline information is a prerequisite for evidence-based planning and for the design of follow-up studies.",
  "Most available reports originate from temperate regions, and data from tropical and arid environments remain scarce.",
  "The growing interest in low-cost and locally available solutions has renewed attention to this field.",
  "A better understanding of the underlying mechanisms would allow researchers to optimize conditions and reduce costs.",
  "Several authors have pointed out the need for standardized protocols so that results can be compared across studies.",
];
const METHODS = [
  "All chemicals and reagents used were of analytical grade and were used without further purification.",
  "Each experiment was performed in triplicate and the results are expressed as mean ± standard deviation.",
  "Statistical analysis was carried out using one-way analysis of variance followed by Tukey's post hoc test, and differences were considered significant at p < 0.05.",
  "Instruments were calibrated before each series of measurements using certified reference materials.",
  "Quality control included blanks, duplicates and spiked samples, with recoveries between 92% and 106%.",
  "The study protocol was reviewed and approved by the institutional ethics committee.",
];
const DISCUSSION = [
  "These observations are consistent with earlier reports and support the hypothesis formulated in the introduction.",
  "The differences between treatments can be attributed to variations in composition and to the experimental conditions applied.",
  "A similar trend was reported in comparable studies, although the magnitude of the effect differed.",
  "The relatively high values recorded in this study may reflect local environmental factors and seasonal influences.",
  "Further work with a larger number of samples is required to confirm the generality of these findings.",
  "From a practical point of view, the results indicate that the approach can be scaled up at moderate cost.",
  "It should be noted that the present design does not allow causal conclusions to be drawn.",
  "The statistical analysis revealed a strong positive correlation between the main variables investigated.",
  "No adverse effects were observed during the experimental period.",
  "Taken together, the data suggest that several mechanisms act simultaneously rather than a single dominant factor.",
  "The variability among replicates was low, which indicates good reproducibility of the procedure.",
  "Comparison with the national and international guideline values highlights the relevance of these findings for policy makers.",
  "The trend remained the same when the analysis was repeated with the data of the second season.",
  "Sensitivity analysis showed that the main conclusions are robust to moderate changes in the assumptions.",
  "A slight decrease observed at the highest level may be explained by saturation of the available sites.",
  "Local conditions, in particular temperature and humidity, probably contributed to the variation between sites.",
  "The present values fall within the range reported for similar settings in South and Southeast Asia and in Africa.",
  "Limitations of the study include the relatively short observation period and the single study area.",
  "The findings have direct implications for extension services and for the design of training programmes.",
  "Combining the approach with conventional practice may further improve the overall outcome.",
  "The data generated here may serve as a reference for future monitoring programmes.",
  "Differences between the laboratory and the field results underline the importance of validation under real conditions.",
];
const JOURNALS = [
  "J. Environ. Sci.",
  "Int. J. Biol. Sci.",
  "Afr. J. Biotechnol.",
  "Asian J. Chem.",
  "J. Appl. Res.",
  "Res. J. Pharm. Technol.",
  "J. Agric. Sci.",
  "Environ. Monit. Assess.",
  "Heliyon",
  "Sci. Rep.",
  "J. Clean. Prod.",
  "Int. J. Eng. Res.",
];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The abstract as sanitized rich-text paragraphs. */
export function abstractOf(topic: Topic): string {
  const sentences = [
    topic.background[0],
    `The present study was aimed to ${topic.aim}.`,
    ...topic.methods,
    ...topic.results,
    topic.conclusion,
  ];
  return `<p>${sentences.join(" ")}</p>`;
}

export interface ArticleBody {
  sections: { heading: string; paragraphs: string[] }[];
  growSection: string;
  filler: () => string;
  references: string[];
}

export function bodyOf(rnd: Random, topic: Topic, year: number, pools: CountryPool[]): ArticleBody {
  const para = (lead: string[], pool: string[], count: number) => [...lead, ...rnd.sample(pool, count)].join(" ");
  const sections = [
    {
      heading: "1. Introduction",
      paragraphs: [
        para(topic.background, INTRO, 2),
        `${capitalize(topic.focus)} has been the subject of growing interest. ${rnd.pick(INTRO)} Therefore, the present study was undertaken to ${topic.aim}.`,
      ],
    },
    {
      heading: "2. Materials and Methods",
      paragraphs: [para(topic.methods.slice(0, 1), METHODS, 2), para(topic.methods.slice(1), METHODS, 2)],
    },
    { heading: "3. Results and Discussion", paragraphs: [para(topic.results, DISCUSSION, 2)] },
    { heading: "4. Conclusion", paragraphs: [`${topic.conclusion} ${rnd.pick(DISCUSSION)}`] },
    {
      heading: "Acknowledgements",
      paragraphs: [
        "The authors thank the technical staff of their departments for assistance with sample collection and laboratory analyses.",
      ],
    },
  ];
  // Padding paragraphs deal sentences from a shuffled deck, so an article repeats itself as little as possible.
  let deck: string[] = [];
  const draw = () => {
    if (deck.length === 0) deck = rnd.shuffle(DISCUSSION);
    return deck.pop()!;
  };
  const filler = () => {
    const sentences = Array.from({ length: rnd.int(3, 5) }, draw);
    if (rnd.chance(0.5)) sentences[0] = `With respect to ${topic.focus}, ${sentences[0].charAt(0).toLowerCase()}${sentences[0].slice(1)}`;
    return sentences.join(" ");
  };
  const references = Array.from({ length: rnd.int(6, 10) }, () => {
    const pool = rnd.pick(pools);
    const authors = Array.from(
      { length: rnd.int(1, 3) },
      () => `${rnd.pick(pool.family)} ${rnd.pick(pool.given[rnd.chance(0.5) ? "f" : "m"]).charAt(0)}.`,
    ).join(", ");
    const refYear = year - rnd.int(1, 14);
    const kw = rnd.pick(topic.keywords);
    const title = `${capitalize(rnd.pick(["studies on", "a review of", "recent advances in", "evaluation of", "new insights into"]))} ${kw}`;
    return `${authors} (${refYear}). ${title}. <i>${rnd.pick(JOURNALS)}</i> ${rnd.int(3, 60)}(${rnd.int(1, 6)}): ${rnd.int(10, 900)}-${rnd.int(901, 999)}.`;
  }).sort();
  return { sections, growSection: "3. Results and Discussion", filler, references };
}
