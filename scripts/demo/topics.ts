// Research topics for the demo articles: each family fills a title (rich text with italics, sub- and
// superscripts), subject, keywords and the facts the abstract and body are written from.
import type { Random } from "./random";

export interface Topic {
  /** Sanitizable rich text: <i>, <sub>, <sup> only. */
  title: string;
  subject: string;
  keywords: string[];
  /** Short noun phrase for running text ("ZnO nanoparticles", "<i>Oryza sativa</i> L."). */
  focus: string;
  /** What was studied, for "The present study was aimed to ..." (infinitive phrase). */
  aim: string;
  methods: string[];
  /** Result sentences; may contain numbers. */
  results: string[];
  conclusion: string;
  background: string[];
}

export type TopicFamily = (rnd: Random, place: { country: string; city: string }) => Topic;

const f1 = (rnd: Random, lo: number, hi: number) => (lo + rnd.next() * (hi - lo)).toFixed(1);
const f2 = (rnd: Random, lo: number, hi: number) => (lo + rnd.next() * (hi - lo)).toFixed(2);

const PLANTS = [
  ["Moringa oleifera", "Lam."],
  ["Azadirachta indica", "A. Juss."],
  ["Ocimum tenuiflorum", "L."],
  ["Curcuma longa", "L."],
  ["Vernonia amygdalina", "Delile"],
  ["Nigella sativa", "L."],
  ["Carica papaya", "L."],
  ["Zingiber officinale", "Roscoe"],
  ["Psidium guajava", "L."],
  ["Phyllanthus niruri", "L."],
  ["Hibiscus sabdariffa", "L."],
  ["Tamarindus indica", "L."],
] as const;
/** Plant parts: [as used before "extract", as the thing itself]. */
const PARTS = [
  ["leaf", "leaves"],
  ["seed", "seeds"],
  ["rhizome", "rhizomes"],
  ["stem bark", "stem bark"],
  ["flower", "flowers"],
  ["fruit peel", "fruit peels"],
] as const;
const SOLVENTS = ["methanolic", "ethanolic", "aqueous", "ethyl acetate", "n-hexane"];
const BACTERIA = [
  "Escherichia coli",
  "Klebsiella pneumoniae",
  "Staphylococcus aureus",
  "Pseudomonas aeruginosa",
  "Salmonella enterica",
  "Enterococcus faecalis",
];
const CROPS = [
  ["wheat", "Triticum aestivum", "L."],
  ["rice", "Oryza sativa", "L."],
  ["maize", "Zea mays", "L."],
  ["tomato", "Solanum lycopersicum", "L."],
  ["chickpea", "Cicer arietinum", "L."],
  ["okra", "Abelmoschus esculentus", "(L.) Moench"],
  ["teff", "Eragrostis tef", "(Zucc.) Trotter"],
  ["groundnut", "Arachis hypogaea", "L."],
] as const;
const FISH = ["Oreochromis niloticus", "Clarias gariepinus", "Labeo rohita", "Channa striata", "Cyprinus carpio"];
const IONS = ["Pb<sup>2+</sup>", "Cd<sup>2+</sup>", "Cu<sup>2+</sup>", "Ni<sup>2+</sup>", "Cr<sup>6+</sup>", "Zn<sup>2+</sup>"];
const ADSORBENTS = [
  "activated carbon prepared from coconut shell",
  "rice husk biochar",
  "chitosan-coated sand",
  "banana peel powder",
  "acid-modified bentonite clay",
  "sugarcane bagasse",
];
const NANOS = ["ZnO", "Ag", "CuO", "Fe<sub>3</sub>O<sub>4</sub>", "TiO<sub>2</sub>", "MgO", "NiO"];

const plain = (html: string) => html.replace(/<[^>]+>/g, "");

export const NATURAL_SCIENCE_TOPICS: TopicFamily[] = [
  (rnd) => {
    const [plant, authority] = rnd.pick(PLANTS);
    const part = rnd.pick(PARTS)[1];
    const solvent = rnd.pick(SOLVENTS);
    const activity = rnd.pick(["antioxidant", "antimicrobial", "anti-inflammatory", "antidiabetic", "larvicidal"]);
    const ic50 = f1(rnd, 18, 140);
    return {
      title: `Phytochemical screening and <i>in vitro</i> ${activity} activity of ${solvent} extracts of <i>${plant}</i> ${authority} ${part}`,
      subject: "Pharmacognosy",
      keywords: [plant, "phytochemicals", `${activity} activity`, "DPPH", "flavonoids"],
      focus: `<i>${plant}</i> ${part}`,
      aim: `evaluate the phytochemical composition and ${activity} potential of ${solvent} extracts of <i>${plant}</i> ${part}`,
      methods: [
        `Dried ${part} were extracted by maceration and the extracts screened for alkaloids, flavonoids, saponins, tannins and terpenoids using standard qualitative tests.`,
        `Total phenolic content was determined by the Folin-Ciocalteu method and expressed as gallic acid equivalents.`,
        `The ${activity} activity was assessed at concentrations between 25 and 400 µg/mL, with ascorbic acid and standard drugs as references.`,
      ],
      results: [
        `Flavonoids, tannins and saponins were present in all extracts, while alkaloids were detected only in the ${solvent} fraction.`,
        `The total phenolic content reached ${f1(rnd, 40, 190)} mg GAE/g dry extract.`,
        `The extract showed a concentration-dependent effect with an IC<sub>50</sub> of ${ic50} µg/mL.`,
      ],
      conclusion: `The ${part} of <i>${plant}</i> are a promising source of bioactive compounds that justify their traditional use.`,
      background: [
        `Medicinal plants remain the primary source of health care for a large part of the population in developing countries.`,
        `<i>${plant}</i> is widely used in folk medicine, yet its ${part} have received comparatively little systematic study.`,
      ],
    };
  },
  (rnd) => {
    const np = rnd.pick(NANOS);
    const [plant] = rnd.pick(PLANTS);
    const part = rnd.pick(PARTS)[0];
    const app = rnd.pick([
      "photocatalytic degradation of methylene blue",
      `antibacterial activity against <i>${rnd.pick(BACTERIA)}</i>`,
      "adsorption of Cr<sup>6+</sup> from aqueous solution",
      "catalytic reduction of 4-nitrophenol",
    ]);
    const size = rnd.int(12, 48);
    return {
      title: `Green synthesis of ${np} nanoparticles using <i>${plant}</i> ${part} extract and their ${app}`,
      subject: "Nanotechnology",
      keywords: [`${plain(np)} nanoparticles`, "green synthesis", plant, "XRD", "SEM"],
      focus: `${np} nanoparticles`,
      aim: `synthesize ${np} nanoparticles with an aqueous extract of <i>${plant}</i> ${part} and to study their ${app}`,
      methods: [
        `The nanoparticles were characterized by UV-visible spectroscopy, X-ray diffraction (XRD), Fourier transform infrared spectroscopy (FTIR) and scanning electron microscopy (SEM).`,
        `Batch experiments were carried out at room temperature (${rnd.int(24, 30)} °C) under varying dose, contact time and pH.`,
      ],
      results: [
        `XRD patterns confirmed a crystalline phase with an average crystallite size of ${size} nm calculated from the Scherrer equation.`,
        `The surface plasmon band appeared at ${rnd.int(280, 440)} nm and FTIR spectra indicated capping by phenolic groups.`,
        `An efficiency of ${f1(rnd, 78, 98)}% was reached within ${rnd.int(30, 150)} min, following pseudo-first-order kinetics (R<sup>2</sup> = 0.${rnd.int(951, 998)}).`,
      ],
      conclusion: `Plant-mediated synthesis offers a simple, low-cost and eco-friendly route to functional ${np} nanoparticles.`,
      background: [
        `Metal and metal oxide nanoparticles have attracted attention for their catalytic, optical and antimicrobial properties.`,
        `Conventional chemical routes rely on toxic reducing agents, which has motivated the use of plant extracts as reducing and capping agents.`,
      ],
    };
  },
  (rnd, place) => {
    const ion = rnd.pick(IONS);
    const ads = rnd.pick(ADSORBENTS);
    return {
      title: `Removal of ${ion} ions from aqueous solution using ${ads}: kinetic, isotherm and thermodynamic studies`,
      subject: "Environmental Chemistry",
      keywords: ["adsorption", `${plain(ion)} removal`, "Langmuir isotherm", "kinetics", "wastewater"],
      focus: `${ion} adsorption`,
      aim: `assess ${ads} as a low-cost adsorbent for the removal of ${ion} ions from water`,
      methods: [
        `Batch adsorption experiments examined the effect of pH (2-8), adsorbent dose (0.5-5 g/L), initial concentration (10-200 mg/L) and contact time.`,
        `Equilibrium data were fitted to the Langmuir, Freundlich and Temkin models, and kinetic data to pseudo-first- and pseudo-second-order models.`,
      ],
      results: [
        `Maximum removal of ${f1(rnd, 86, 99)}% occurred at pH ${f1(rnd, 4.5, 6.5)} with equilibrium reached after ${rnd.int(40, 120)} min.`,
        `The Langmuir model gave the best fit with a monolayer capacity of ${f1(rnd, 22, 160)} mg/g (R<sup>2</sup> = 0.${rnd.int(970, 999)}).`,
        `Negative values of ΔG° indicated a spontaneous and endothermic process.`,
      ],
      conclusion: `${ads[0].toUpperCase()}${ads.slice(1)} is an effective and inexpensive adsorbent for treating industrial effluents in ${place.country}.`,
      background: [
        `Heavy metals discharged by tanneries, electroplating and battery industries are persistent and toxic even at low concentrations.`,
        `Adsorption onto agricultural by-products is an attractive alternative to costly treatment methods such as ion exchange and reverse osmosis.`,
      ],
    };
  },
  (rnd, place) => {
    const [crop, latin, authority] = rnd.pick(CROPS);
    const treatment = rnd.pick([
      "foliar application of zinc and boron",
      "vermicompost and NPK fertilizer",
      "deficit irrigation",
      "seed priming with KNO<sub>3</sub>",
      "biochar amendment",
      "intercropping with legumes",
    ]);
    return {
      title: `Effect of ${treatment} on growth, yield and quality of ${crop} (<i>${latin}</i> ${authority}) under semi-arid conditions of ${place.country}`,
      subject: "Agronomy",
      keywords: [crop, latin, "yield components", plain(treatment), "field experiment"],
      focus: `${crop} (<i>${latin}</i>)`,
      aim: `determine the effect of ${treatment} on the growth, yield and grain quality of ${crop}`,
      methods: [
        `A field experiment was laid out in a randomized complete block design with three replications near ${place.city} during two consecutive seasons.`,
        `Plant height, number of tillers, 1000-grain weight, biological yield and harvest index were recorded and analysed by ANOVA at p ≤ 0.05.`,
      ],
      results: [
        `The best treatment increased grain yield by ${f1(rnd, 12, 38)}% over the control, reaching ${f2(rnd, 2.1, 6.4)} t/ha.`,
        `Protein content improved from ${f1(rnd, 8, 10)}% to ${f1(rnd, 10.5, 13)}%, and the benefit-cost ratio was ${f2(rnd, 1.4, 2.6)}.`,
      ],
      conclusion: `The practice can be recommended to farmers of the region to improve the productivity of ${crop}.`,
      background: [
        `${crop[0].toUpperCase()}${crop.slice(1)} is a staple crop whose productivity in ${place.country} remains below its genetic potential.`,
        `Nutrient imbalance and erratic rainfall are the main constraints reported by smallholder farmers.`,
      ],
    };
  },
  (rnd, place) => {
    const pollutant = rnd.pick([
      ["PM<sub>2.5</sub> and NO<sub>2</sub>", "ambient air"],
      ["heavy metals (Pb, Cd and Cr)", "groundwater"],
      ["nitrate (NO<sub>3</sub><sup>-</sup>) and fluoride (F<sup>-</sup>)", "drinking water sources"],
      ["ground-level O<sub>3</sub>", "ambient air"],
      ["dissolved CO<sub>2</sub> and SO<sub>4</sub><sup>2-</sup>", "surface water"],
      ["organochlorine pesticide residues", "agricultural soils"],
    ] as const);
    return {
      title: `Seasonal variation and health risk assessment of ${pollutant[0]} in ${pollutant[1]} of ${place.city}, ${place.country}`,
      subject: "Environmental Science",
      keywords: [plain(pollutant[0]), pollutant[1], "seasonal variation", "health risk", place.city],
      focus: `${pollutant[0]} in ${pollutant[1]}`,
      aim: `monitor the seasonal levels of ${pollutant[0]} in ${pollutant[1]} of ${place.city} and to estimate the associated health risk`,
      methods: [
        `Samples were collected monthly from ${rnd.int(8, 24)} stations over one year covering the pre-monsoon, monsoon and post-monsoon seasons.`,
        `Concentrations were determined following standard APHA methods and compared with WHO guideline values.`,
      ],
      results: [
        `Mean concentrations were highest in the dry season and exceeded the WHO guideline at ${rnd.int(20, 65)}% of the stations.`,
        `The hazard index for children (${f2(rnd, 1.05, 2.8)}) was higher than that for adults (${f2(rnd, 0.3, 0.95)}).`,
      ],
      conclusion: `Regular monitoring and source control are needed to protect public health in ${place.city}.`,
      background: [
        `Rapid urbanization and industrial growth have degraded environmental quality in many cities of ${place.country}.`,
        `Long-term exposure to such pollutants is associated with respiratory, renal and developmental disorders.`,
      ],
    };
  },
  (rnd, place) => {
    const bug = rnd.pick(BACTERIA);
    const source = rnd.pick(["clinical urine samples", "street-vended foods", "poultry farms", "hospital wastewater", "raw cow milk"]);
    return {
      title: `Prevalence and antimicrobial resistance pattern of <i>${bug}</i> isolated from ${source} in ${place.city}, ${place.country}`,
      subject: "Microbiology",
      keywords: [bug, "antimicrobial resistance", "ESBL", source, "prevalence"],
      focus: `<i>${bug}</i>`,
      aim: `determine the prevalence and antibiotic susceptibility of <i>${bug}</i> in ${source}`,
      methods: [
        `A total of ${rnd.int(180, 420)} samples were processed using standard microbiological and biochemical techniques.`,
        `Antibiotic susceptibility was tested by the Kirby-Bauer disc diffusion method according to CLSI guidelines.`,
      ],
      results: [
        `The overall prevalence was ${f1(rnd, 12, 46)}%, and ${f1(rnd, 30, 72)}% of the isolates were multidrug resistant.`,
        `High resistance was observed to ampicillin and tetracycline, while most isolates remained susceptible to meropenem.`,
      ],
      conclusion: `Rational antibiotic use and routine surveillance are essential to limit the spread of resistant strains.`,
      background: [
        `Antimicrobial resistance is one of the most serious threats to global public health.`,
        `<i>${bug}</i> is frequently implicated in community and hospital acquired infections.`,
      ],
    };
  },
  (rnd) => {
    const [crop, latin] = rnd.pick(CROPS);
    const stress = rnd.pick(["salinity stress", "drought stress", "heat stress", "cadmium toxicity"]);
    const signal = rnd.pick([
      "Ca<sup>2+</sup> signalling",
      "exogenous H<sub>2</sub>O<sub>2</sub>",
      "K<sup>+</sup>/Na<sup>+</sup> homeostasis",
      "nitric oxide (NO)",
    ]);
    return {
      title: `Role of ${signal} in the antioxidant defence of <i>${latin}</i> seedlings under ${stress}`,
      subject: "Plant Physiology",
      keywords: [latin, stress, "antioxidant enzymes", "proline", plain(signal)],
      focus: `<i>${latin}</i> seedlings`,
      aim: `investigate the role of ${signal} in alleviating ${stress} in ${crop} seedlings`,
      methods: [
        `Seedlings were raised hydroponically in a growth chamber and exposed to ${stress} for 14 days.`,
        `Activities of superoxide dismutase, catalase and ascorbate peroxidase, malondialdehyde and proline contents were measured spectrophotometrically.`,
      ],
      results: [
        `Stress reduced shoot biomass by ${f1(rnd, 25, 55)}% and increased malondialdehyde content ${f1(rnd, 1.6, 3.2)}-fold.`,
        `The treatment raised catalase activity by ${f1(rnd, 20, 80)}% and restored chlorophyll content close to control levels.`,
      ],
      conclusion: `${signal[0].toUpperCase()}${signal.slice(1)} contributes to stress tolerance by strengthening the antioxidant system.`,
      background: [
        `Abiotic stresses limit crop productivity worldwide by inducing oxidative damage.`,
        `Plants respond through signalling networks that activate enzymatic and non-enzymatic antioxidants.`,
      ],
    };
  },
  (rnd, place) => {
    const marker = rnd.pick([
      "serum vitamin D levels",
      "HbA<sub>1c</sub> and lipid profile",
      "serum Mg<sup>2+</sup> and Ca<sup>2+</sup> levels",
      "thyroid function (T<sub>3</sub>, T<sub>4</sub> and TSH)",
    ]);
    const population = rnd.pick(["adult patients", "pregnant women", "school-age children", "elderly patients"]);
    const disease = rnd.pick(["type 2 diabetes mellitus", "essential hypertension", "iron deficiency anaemia", "chronic kidney disease"]);
    return {
      title: `Assessment of ${marker} among ${population} with ${disease} attending a tertiary care hospital in ${place.city}, ${place.country}`,
      subject: "Clinical Biochemistry",
      keywords: [plain(marker), disease, population, "cross-sectional study", place.country],
      focus: `${marker} in ${disease}`,
      aim: `assess ${marker} among ${population} with ${disease} and compare them with healthy controls`,
      methods: [
        `A hospital-based cross-sectional study enrolled ${rnd.int(120, 360)} participants after informed consent.`,
        `Fasting blood samples were analysed on an automated analyser and data were processed with SPSS version 26.`,
      ],
      results: [
        `Mean values differed significantly between patients and controls (p < 0.001).`,
        `Abnormal levels were found in ${f1(rnd, 28, 64)}% of the patients and correlated with disease duration (r = 0.${rnd.int(31, 68)}).`,
      ],
      conclusion: `Routine screening of these parameters is advisable in the management of ${disease}.`,
      background: [
        `${disease[0].toUpperCase()}${disease.slice(1)} is a growing public health problem in ${place.country}.`,
        `Biochemical markers help in early detection of complications and in monitoring therapy.`,
      ],
    };
  },
  (rnd) => {
    const compound = rnd.pick([
      "Schiff base complexes of Cu(II) and Zn(II)",
      "1,3,4-oxadiazole derivatives",
      "chalcone derivatives bearing a thiophene ring",
      "Co(II) and Ni(II) complexes of a hydrazone ligand",
      "pyrazoline derivatives",
    ]);
    const bio = rnd.pick(["antimicrobial evaluation", "DNA binding studies", "molecular docking studies", "anticancer screening"]);
    return {
      title: `Synthesis, spectral characterization and ${bio} of novel ${compound}`,
      subject: "Chemistry",
      keywords: ["synthesis", compound.split(" ")[0], "FTIR", "NMR spectroscopy", bio],
      focus: `the new ${compound}`,
      aim: `synthesize ${compound} and to carry out their ${bio}`,
      methods: [
        `The compounds were characterized by elemental analysis, FTIR, <sup>1</sup>H NMR, <sup>13</sup>C NMR and mass spectrometry.`,
        `Biological activity was screened against Gram-positive and Gram-negative bacteria and two fungal strains.`,
      ],
      results: [
        `The products were obtained in ${rnd.int(62, 91)}% yield with sharp melting points.`,
        `Compound ${rnd.int(3, 9)}${rnd.pick(["a", "b", "c"])} showed the highest activity with a MIC of ${rnd.pick([6.25, 12.5, 25])} µg/mL.`,
      ],
      conclusion: `The results encourage further structural optimization of this scaffold.`,
      background: [
        `Heterocyclic compounds and their metal complexes show a broad spectrum of biological activities.`,
        `The search for new antimicrobial agents is driven by the rise of resistant pathogens.`,
      ],
    };
  },
  (rnd) => {
    const fish = rnd.pick(FISH);
    const water = rnd.pick([
      "Lake Tana, Ethiopia",
      "River Niger at Lokoja, Nigeria",
      "Kaptai Lake, Bangladesh",
      "Brantas River, Indonesia",
      "Indus River at Sukkur, Pakistan",
      "Lake Nasser, Egypt",
    ]);
    return {
      title: `Length–weight relationship, condition factor and feeding habits of <i>${fish}</i> in ${water}`,
      subject: "Fisheries Science",
      keywords: [fish, "length-weight relationship", "condition factor", "gut content", water.split(",")[0]],
      focus: `<i>${fish}</i>`,
      aim: `describe the length-weight relationship, condition and diet of <i>${fish}</i> in ${water}`,
      methods: [
        `A total of ${rnd.int(150, 480)} specimens were sampled monthly with gill nets of different mesh sizes.`,
        `The relationship W = aL<sup>b</sup> was fitted by least squares after log transformation.`,
      ],
      results: [
        `The exponent b was ${f2(rnd, 2.7, 3.3)}, indicating ${rnd.pick(["isometric", "negative allometric", "positive allometric"])} growth.`,
        `The mean condition factor was ${f2(rnd, 0.9, 1.8)}, and detritus and phytoplankton dominated the gut contents.`,
      ],
      conclusion: `The population is in good condition, and the data support sustainable management of the fishery.`,
      background: [
        `Inland fisheries provide food and income to millions of people in the region.`,
        `Biological data on commercially important species are needed for stock assessment.`,
      ],
    };
  },
];

const MATERIALS = [
  "Al<sub>2</sub>O<sub>3</sub>-water nanofluid",
  "concrete with rice husk ash as partial cement replacement",
  "SiO<sub>2</sub>-reinforced epoxy composites",
  "fly ash based geopolymer mortar",
  "jute fibre reinforced polymer composites",
];

export const ENGINEERING_TOPICS: TopicFamily[] = [
  (rnd) => {
    const material = rnd.pick(MATERIALS);
    const property = rnd.pick([
      "mechanical and durability properties",
      "thermal conductivity and heat transfer",
      "compressive strength and microstructure",
    ]);
    return {
      title: `Experimental investigation of the ${property} of ${material}`,
      subject: "Materials Engineering",
      keywords: [plain(material), property, "experimental study", "SEM", "strength"],
      focus: material,
      aim: `investigate the ${property} of ${material}`,
      methods: [
        `Specimens were prepared with replacement levels from 0 to 30% and cured for 7, 28 and 90 days.`,
        `Tests followed the relevant ASTM standards and microstructure was examined by SEM and XRD.`,
      ],
      results: [
        `The optimum mix improved the measured property by ${f1(rnd, 8, 31)}% compared with the reference.`,
        `Water absorption decreased to ${f1(rnd, 3, 7)}% and chloride penetration was rated low.`,
      ],
      conclusion: `The material is a viable and sustainable option for structural applications.`,
      background: [`The construction and manufacturing sectors are under pressure to reduce their CO<sub>2</sub> footprint.`],
    };
  },
  (rnd, place) => {
    const target = rnd.pick([
      "short-term electricity load",
      "crop yield",
      "groundwater level",
      "traffic flow",
      "student academic performance",
    ]);
    const method = rnd.pick([
      "long short-term memory networks",
      "gradient boosted decision trees",
      "a hybrid CNN-LSTM model",
      "support vector regression",
    ]);
    return {
      title: `Prediction of ${target} in ${place.city} using ${method}`,
      subject: "Computer Engineering",
      keywords: ["machine learning", target, method, "forecasting", "RMSE"],
      focus: `${target} prediction`,
      aim: `develop and evaluate a model based on ${method} for predicting ${target}`,
      methods: [
        `Five years of historical data were cleaned, normalized and split into training (70%), validation (15%) and test (15%) sets.`,
        `Model performance was measured with RMSE, MAE and the coefficient of determination R<sup>2</sup>.`,
      ],
      results: [
        `The proposed model achieved R<sup>2</sup> = 0.${rnd.int(91, 98)} and reduced RMSE by ${f1(rnd, 9, 27)}% relative to the baseline.`,
      ],
      conclusion: `The approach can support planning decisions in ${place.country}.`,
      background: [`Accurate forecasting is essential for resource planning in rapidly growing cities.`],
    };
  },
  (rnd, place) => {
    const system = rnd.pick([
      "grid-connected 50 kW<sub>p</sub> solar photovoltaic system",
      "solar-assisted absorption cooling system",
      "biogas plant fed with cattle dung",
      "small hydropower scheme",
    ]);
    return {
      title: `Performance analysis of a ${system} in ${place.city}, ${place.country}`,
      subject: "Energy Engineering",
      keywords: ["renewable energy", "performance ratio", "CO2 mitigation", place.country, "techno-economic analysis"],
      focus: `the ${system}`,
      aim: `analyse the technical and economic performance of a ${system}`,
      methods: [`Operating data were logged at 15-minute intervals for one year and compared with PVsyst simulations.`],
      results: [
        `The annual performance ratio was ${f1(rnd, 72, 86)}% and the capacity factor ${f1(rnd, 14, 22)}%.`,
        `The system avoids about ${rnd.int(40, 95)} t of CO<sub>2</sub> emissions per year, with a payback period of ${f1(rnd, 4, 8)} years.`,
      ],
      conclusion: `Similar installations are recommended for institutions in the region.`,
      background: [`Energy demand in ${place.country} is growing faster than conventional generation capacity.`],
    };
  },
  (rnd, place) => {
    const sector = rnd.pick(["small and medium enterprises", "the banking sector", "private universities", "textile manufacturing firms"]);
    const factor = rnd.pick(["digital transformation", "green supply chain practices", "employee engagement", "total quality management"]);
    return {
      title: `Impact of ${factor} on the performance of ${sector} in ${place.country}: a structural equation modelling approach`,
      subject: "Management",
      keywords: [factor, sector, "SEM-PLS", "organizational performance", place.country],
      focus: factor,
      aim: `examine the impact of ${factor} on the performance of ${sector}`,
      methods: [`A structured questionnaire was administered to ${rnd.int(220, 480)} respondents and analysed with PLS-SEM.`],
      results: [
        `${factor[0].toUpperCase()}${factor.slice(1)} had a significant positive effect on performance (β = 0.${rnd.int(28, 61)}, p < 0.01).`,
      ],
      conclusion: `Managers should invest in ${factor} to remain competitive.`,
      background: [`Organizations in emerging economies face increasing competition and changing customer expectations.`],
    };
  },
];
