// Invented people and institutions for the demo data, from the countries the Submit Online form lists.
// Names are common given names and family names combined at random; institutions are fictional.
import type { Random } from "./random";

export type Gender = "f" | "m";

export interface CountryPool {
  country: string;
  given: Record<Gender, string[]>;
  /** Family names; `female` lists the women's forms where the language has them. */
  family: string[];
  familyFemale?: string[];
  cities: string[];
  /** Fictional institutions ("{city}" is replaced). */
  institutions: string[];
  dialCode: string;
  mobilePrefixes: string[];
}

const AZ_FAMILY = ["Məmmədov", "Əliyev", "Hüseynov", "Qasımov", "Quliyev", "Həsənov", "İsmayılov", "Cəfərov", "Rzayev"];

export const COUNTRIES: CountryPool[] = [
  {
    country: "India",
    given: {
      f: ["Priya", "Anjali", "Kavitha", "Meenakshi", "Deepa", "Lakshmi"],
      m: ["Rajesh", "Suresh", "Arjun", "Vikram", "Sanjay", "Rahul"],
    },
    family: ["Sharma", "Kumar", "Nair", "Reddy", "Iyer", "Patel", "Gupta", "Menon", "Rao", "Verma", "Pillai", "Chatterjee"],
    cities: ["Chennai", "Pune", "Hyderabad", "Coimbatore", "Bhopal", "Kolkata", "Jaipur", "Mysuru"],
    institutions: [
      "University of {city}",
      "Government College of Science, {city}",
      "Institute of Agricultural Research, {city}",
      "{city} Medical College",
    ],
    dialCode: "+91",
    mobilePrefixes: ["98", "94", "97", "88"],
  },
  {
    country: "Nigeria",
    given: { f: ["Adaeze", "Ngozi", "Funmilayo", "Chiamaka", "Aisha"], m: ["Chinedu", "Oluwaseun", "Ibrahim", "Emeka", "Aminu", "Tunde"] },
    family: ["Okafor", "Nwosu", "Adeyemi", "Musa", "Eze", "Okonkwo", "Balogun", "Abubakar", "Olawale", "Uche"],
    cities: ["Ibadan", "Nsukka", "Zaria", "Enugu", "Ile-Ife", "Benin City"],
    institutions: [
      "University of {city}",
      "Federal University of Technology, {city}",
      "{city} State Polytechnic",
      "College of Medicine, {city}",
    ],
    dialCode: "+234",
    mobilePrefixes: ["803", "806", "813", "816"],
  },
  {
    country: "Pakistan",
    given: { f: ["Ayesha", "Fatima", "Sana", "Hira", "Rabia"], m: ["Muhammad", "Usman", "Hassan", "Bilal", "Imran"] },
    family: ["Asif", "Siddiqui", "Tariq", "Qureshi", "Malik", "Khan", "Javed", "Butt", "Shah", "Iqbal"],
    cities: ["Lahore", "Faisalabad", "Peshawar", "Multan", "Karachi", "Islamabad"],
    institutions: [
      "University of Agriculture, {city}",
      "{city} Institute of Science and Technology",
      "Government College University, {city}",
      "University of {city}",
    ],
    dialCode: "+92",
    mobilePrefixes: ["300", "321", "333", "345"],
  },
  {
    country: "Indonesia",
    given: { f: ["Siti", "Dewi", "Rina", "Wulan", "Putri"], m: ["Budi", "Agus", "Hendra", "Joko", "Eko"] },
    family: ["Rahmawati", "Santoso", "Lestari", "Pratama", "Wijaya", "Hidayat", "Kusuma", "Saputra", "Nugroho", "Setiawan"],
    cities: ["Bogor", "Yogyakarta", "Bandung", "Malang", "Makassar", "Surabaya"],
    institutions: ["Universitas {city}", "Institut Teknologi {city}", "{city} Agricultural Institute", "Politeknik Kesehatan {city}"],
    dialCode: "+62",
    mobilePrefixes: ["812", "813", "857", "878"],
  },
  {
    country: "Bangladesh",
    given: { f: ["Nusrat", "Shirin", "Farhana", "Sharmin", "Taslima"], m: ["Md. Rafiqul", "Tanvir", "Mahmudul", "Kamrul", "Arif"] },
    family: ["Islam", "Ahmed", "Hasan", "Rahman", "Hossain", "Chowdhury"],
    familyFemale: ["Akter", "Jahan", "Sultana", "Begum", "Islam", "Rahman"],
    cities: ["Dhaka", "Rajshahi", "Mymensingh", "Sylhet", "Khulna", "Chattogram"],
    institutions: [
      "University of {city}",
      "{city} Agricultural University",
      "{city} University of Engineering and Technology",
      "{city} Medical College",
    ],
    dialCode: "+880",
    mobilePrefixes: ["171", "181", "191", "155"],
  },
  {
    country: "Egypt",
    given: { f: ["Mona", "Nourhan", "Heba", "Yasmin", "Salma"], m: ["Ahmed", "Mahmoud", "Karim", "Omar", "Tarek"] },
    family: ["El-Sayed", "Abdel-Rahman", "Hassan", "Mostafa", "Farouk", "Ibrahim", "Soliman", "El-Masry", "Fathy", "Gaber"],
    cities: ["Cairo", "Alexandria", "Mansoura", "Assiut", "Zagazig", "Tanta"],
    institutions: [
      "Faculty of Science, {city} University",
      "Faculty of Agriculture, {city} University",
      "National Research Institute, {city}",
      "Faculty of Pharmacy, {city} University",
    ],
    dialCode: "+20",
    mobilePrefixes: ["100", "111", "122", "155"],
  },
  {
    country: "Ethiopia",
    given: { f: ["Meron", "Selamawit", "Hiwot", "Bethlehem", "Tigist"], m: ["Abebe", "Getachew", "Dawit", "Tesfaye", "Yonas"] },
    family: ["Tesfaye", "Alemu", "Bekele", "Haile", "Gebremedhin", "Mekonnen", "Wolde", "Tadesse", "Asfaw", "Kebede"],
    cities: ["Addis Ababa", "Gondar", "Hawassa", "Jimma", "Bahir Dar", "Mekelle"],
    institutions: [
      "{city} University",
      "College of Natural Sciences, {city} University",
      "{city} Institute of Technology",
      "Ethiopian Institute of Agricultural Research, {city}",
    ],
    dialCode: "+251",
    mobilePrefixes: ["911", "912", "913", "921"],
  },
  {
    country: "Saudi Arabia",
    given: { f: ["Noura", "Reem", "Lama", "Hessa", "Amal"], m: ["Abdullah", "Faisal", "Khalid", "Saad", "Turki"] },
    family: [
      "Al-Qahtani",
      "Al-Harbi",
      "Al-Otaibi",
      "Al-Dosari",
      "Al-Ghamdi",
      "Al-Zahrani",
      "Al-Shehri",
      "Al-Mutairi",
      "Al-Anazi",
      "Al-Subaie",
    ],
    cities: ["Riyadh", "Jeddah", "Dammam", "Abha", "Taif", "Hail"],
    institutions: [
      "College of Science, {city} University",
      "{city} College of Medicine",
      "Department of Biology, University of {city}",
      "College of Pharmacy, {city}",
    ],
    dialCode: "+966",
    mobilePrefixes: ["50", "53", "55", "56"],
  },
  {
    country: "Azerbaijan",
    given: { f: ["Aynur", "Günel", "Leyla", "Nərmin", "Səbinə"], m: ["Elvin", "Rəşad", "Tural", "Şükrü", "Orxan"] },
    family: [...AZ_FAMILY, "Işık"],
    familyFemale: [...AZ_FAMILY.map((n) => `${n}a`), "Işık"],
    cities: ["Baku", "Ganja", "Sumqayit", "Lankaran", "Shaki"],
    institutions: [
      "{city} State University",
      "Institute of Botany, {city}",
      "Azerbaijan Technical University, {city}",
      "{city} Medical University",
    ],
    dialCode: "+994",
    mobilePrefixes: ["50", "51", "55", "70"],
  },
];

export interface Person {
  name: string;
  gender: Gender;
  country: string;
  institution: string;
  email: string;
  mobile: string;
}

/** ASCII letters for e-mail addresses and file names ("Məmmədova" -> "mammadova"). */
export function asciiSlug(s: string): string {
  return s
    .replace(/[əƏ]/g, "a")
    .replace(/[ıİ]/g, "i")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function poolOf(country: string): CountryPool {
  const pool = COUNTRIES.find((c) => c.country === country);
  if (!pool) throw new Error(`no name pool for ${country}`);
  return pool;
}

function details(rnd: Random, pool: CountryPool, name: string, gender: Gender): Person {
  const city = rnd.pick(pool.cities);
  const institution = rnd.pick(pool.institutions).replace("{city}", city);
  const slug = asciiSlug(name).replace(/-/g, ".");
  const mobile = `${pool.dialCode} ${rnd.pick(pool.mobilePrefixes)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
  return { name, gender, country: pool.country, institution: `${institution}, ${pool.country}`, email: `${slug}@mail.example`, mobile };
}

/** A new person from a country; `taken` keeps names unique within one journal. */
export function personFrom(rnd: Random, pool: CountryPool, taken: Set<string>): Person {
  for (let attempt = 0; ; attempt++) {
    const gender: Gender = rnd.chance(0.5) ? "f" : "m";
    const family = gender === "f" && pool.familyFemale ? pool.familyFemale : pool.family;
    const name = `${rnd.pick(pool.given[gender])} ${rnd.pick(family)}`;
    if (taken.has(name) && attempt < 50) continue;
    taken.add(name);
    return details(rnd, pool, name, gender);
  }
}

/** A named person (demo data that tests and screenshots can rely on). */
export function namedPerson(rnd: Random, pool: CountryPool, name: string, gender: Gender, taken: Set<string>): Person {
  taken.add(name);
  return details(rnd, pool, name, gender);
}
