// Generates the committed images: demo editor portraits and partner logos (scripts/demo/images/, uploaded
// to R2 by the seed), and the site images shipped as-is (web/static/img/: avatar, certificate and cover page
// samples). Each picture is drawn as a vector page with pdf-lib and rasterized with poppler's pdftoppm.
// Run by hand after changing a design: `PATH=node_modules/.bin:$PATH tsx scripts/demo/render-images.ts`
// (needs Debian's poppler-utils). Nothing here runs at install or start time.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { createRandom } from "./random";
import { DEMO_JOURNALS } from "./journals";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const work = mkdtempSync(path.join(tmpdir(), "render-images-"));

const hex = (h: string): RGB =>
  rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);

interface Fonts {
  sans: PDFFont;
  sansBold: PDFFont;
  serif: PDFFont;
  serifBold: PDFFont;
  serifItalic: PDFFont;
}

/** Draws one page of `w` x `h` points and writes it as `out` (PNG or JPEG) at `scale` pixels per point. */
async function render(out: string, w: number, h: number, draw: (page: PDFPage, fonts: Fonts) => void, scale = 1) {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    serifItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
  const page = doc.addPage([w, h]);
  draw(page, fonts);
  const pdf = path.join(work, "page.pdf");
  writeFileSync(pdf, await doc.save());
  const jpeg = out.endsWith(".jpg");
  const base = path.join(work, "page");
  execFileSync("pdftoppm", [
    jpeg ? "-jpeg" : "-png",
    ...(jpeg ? ["-jpegopt", "quality=86"] : []),
    "-r",
    String(72 * scale),
    "-singlefile",
    pdf,
    base,
  ]);
  mkdirSync(path.dirname(out), { recursive: true });
  renameSync(`${base}.${jpeg ? "jpg" : "png"}`, out);
  console.log(`wrote ${path.relative(repo, out)}`);
}

function centered(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color: RGB, width = page.getWidth()) {
  page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

// ---- portraits ------------------------------------------------------------------------------------------

const SKIN = ["#f1c8a6", "#e0ac84", "#c68a62", "#a86f4c", "#8a5a3c", "#6b442d"];
const HAIR = ["#1f1a17", "#2e2420", "#4a3426", "#6b4b35", "#8c8c8c", "#d9d6d0"];
const CLOTHES = ["#2f4a6d", "#3d5a40", "#5a3d5c", "#7a4b2a", "#33475b", "#5b6770", "#8a2f3b", "#1f5f5b"];
const BACKDROP = ["#dde7f0", "#e8e2d6", "#e3ece2", "#ece3ea", "#e6e6e6", "#f0e6da", "#dfe9ec", "#e9e4f0"];

type PortraitStyle = "long" | "scarf" | "bun" | "curlyLong" | "short" | "greyBeard" | "shortBeard" | "curly";
const STYLES: Record<"f" | "m", PortraitStyle[]> = {
  f: ["long", "scarf", "bun", "curlyLong"],
  m: ["short", "greyBeard", "shortBeard", "curly"],
};

function portrait(page: PDFPage, seed: number, gender: "f" | "m") {
  const rnd = createRandom(seed * 7919 + (gender === "f" ? 1 : 2));
  const S = page.getWidth();
  const skin = hex(rnd.pick(SKIN));
  const style = STYLES[gender][seed % 4];
  const hair = hex(style === "greyBeard" ? "#a5a5a5" : rnd.pick(HAIR.slice(0, 4)));
  const clothes = hex(rnd.pick(CLOTHES));
  const top = (color: RGB) =>
    page.drawSvgPath(
      `M ${S * 0.34} ${S * 0.47} C ${S * 0.32} ${S * 0.26}, ${S * 0.68} ${S * 0.26}, ${S * 0.66} ${S * 0.47} C ${S * 0.6} ${S * 0.38}, ${S * 0.45} ${S * 0.37}, ${S * 0.34} ${S * 0.47} Z`,
      { x: 0, y: S, color },
    );
  const curls = (radius: number, count: number, spread: number) => {
    for (let i = 0; i < count; i++) {
      const a = Math.PI * (-spread + ((1 + 2 * spread) * i) / (count - 1));
      page.drawCircle({ x: S * (0.5 - 0.155 * Math.cos(a)), y: S * (0.58 + 0.13 * Math.sin(a)), size: S * radius, color: hair });
    }
  };
  page.drawRectangle({ x: 0, y: 0, width: S, height: S, color: hex(rnd.pick(BACKDROP)) });
  page.drawCircle({ x: S * 0.5, y: S * 0.62, size: S * 0.46, color: rgb(1, 1, 1), opacity: 0.35 });
  // Shoulders and collar.
  page.drawSvgPath(
    `M ${S * 0.08} ${S} C ${S * 0.1} ${S * 0.78}, ${S * 0.25} ${S * 0.72}, ${S * 0.5} ${S * 0.72} C ${S * 0.75} ${S * 0.72}, ${S * 0.9} ${S * 0.78}, ${S * 0.92} ${S} Z`,
    { x: 0, y: S, color: clothes },
  );
  if (style !== "scarf") {
    page.drawSvgPath(`M ${S * 0.42} ${S * 0.73} L ${S * 0.5} ${S * 0.86} L ${S * 0.58} ${S * 0.73} Z`, {
      x: 0,
      y: S,
      color: rgb(0.96, 0.96, 0.96),
    });
    if (gender === "m" && rnd.chance(0.6))
      page.drawSvgPath(
        `M ${S * 0.485} ${S * 0.78} L ${S * 0.515} ${S * 0.78} L ${S * 0.525} ${S * 0.95} L ${S * 0.5} ${S * 0.99} L ${S * 0.475} ${S * 0.95} Z`,
        { x: 0, y: S, color: hex(rnd.pick(["#8a2f3b", "#1f3b5c", "#3d5a40", "#5a3d5c"])) },
      );
  }
  // Hair or scarf behind the head.
  if (style === "long" || style === "curlyLong")
    page.drawEllipse({ x: S * 0.5, y: S * 0.48, xScale: S * 0.21, yScale: S * 0.27, color: hair });
  if (style === "curlyLong") curls(0.06, 11, 0.25);
  if (style === "scarf") {
    const scarf = hex(rnd.pick(["#6b3e5e", "#2f5d73", "#7a5a2f", "#40553a", "#3b4f7a"]));
    page.drawEllipse({ x: S * 0.5, y: S * 0.5, xScale: S * 0.21, yScale: S * 0.25, color: scarf });
    page.drawSvgPath(
      `M ${S * 0.29} ${S * 0.55} C ${S * 0.3} ${S * 0.8}, ${S * 0.7} ${S * 0.8}, ${S * 0.71} ${S * 0.55} L ${S * 0.74} ${S * 0.82} C ${S * 0.6} ${S * 0.86}, ${S * 0.4} ${S * 0.86}, ${S * 0.26} ${S * 0.82} Z`,
      { x: 0, y: S, color: scarf },
    );
  }
  if (style === "bun") page.drawCircle({ x: S * 0.5, y: S * 0.77, size: S * 0.075, color: hair });
  // Neck, ears, head.
  page.drawRectangle({ x: S * 0.44, y: S * (1 - 0.74), width: S * 0.12, height: S * 0.12, color: skin });
  if (style !== "scarf") {
    page.drawEllipse({ x: S * 0.335, y: S * 0.52, xScale: S * 0.025, yScale: S * 0.04, color: skin });
    page.drawEllipse({ x: S * 0.665, y: S * 0.52, xScale: S * 0.025, yScale: S * 0.04, color: skin });
  }
  page.drawEllipse({ x: S * 0.5, y: S * 0.53, xScale: S * 0.16, yScale: S * 0.2, color: skin });
  // Hair on top.
  if (style === "long" || style === "short" || style === "shortBeard" || style === "bun") top(hair);
  if (style === "curly") curls(0.052, 9, 0.02);
  if (style === "greyBeard") {
    page.drawSvgPath(
      `M ${S * 0.34} ${S * 0.5} C ${S * 0.33} ${S * 0.4}, ${S * 0.36} ${S * 0.37}, ${S * 0.38} ${S * 0.36} L ${S * 0.37} ${S * 0.47} Z`,
      { x: 0, y: S, color: hair },
    );
    page.drawSvgPath(
      `M ${S * 0.66} ${S * 0.5} C ${S * 0.67} ${S * 0.4}, ${S * 0.64} ${S * 0.37}, ${S * 0.62} ${S * 0.36} L ${S * 0.63} ${S * 0.47} Z`,
      { x: 0, y: S, color: hair },
    );
  }
  // Face: eyes, glasses sometimes, mouth, beard.
  const eyeY = S * 0.54;
  for (const dx of [-0.06, 0.06])
    page.drawEllipse({ x: S * (0.5 + dx), y: eyeY, xScale: S * 0.012, yScale: S * 0.015, color: hex("#2a2220") });
  if (rnd.chance(0.4)) {
    for (const dx of [-0.06, 0.06])
      page.drawCircle({ x: S * (0.5 + dx), y: eyeY, size: S * 0.035, borderColor: hex("#333333"), borderWidth: S * 0.006 });
    page.drawLine({ start: { x: S * 0.475, y: eyeY }, end: { x: S * 0.525, y: eyeY }, thickness: S * 0.006, color: hex("#333333") });
  }
  page.drawSvgPath(`M ${S * 0.45} ${S * 0.57} Q ${S * 0.5} ${S * 0.6}, ${S * 0.55} ${S * 0.57}`, {
    x: 0,
    y: S + S * 0.04,
    borderColor: hex("#7a3b2e"),
    borderWidth: S * 0.009,
  });
  if (style === "greyBeard" || style === "shortBeard") {
    page.drawSvgPath(
      `M ${S * 0.4} ${S * 0.6} C ${S * 0.42} ${S * 0.76}, ${S * 0.58} ${S * 0.76}, ${S * 0.6} ${S * 0.6} C ${S * 0.56} ${S * 0.66}, ${S * 0.44} ${S * 0.66}, ${S * 0.4} ${S * 0.6} Z`,
      { x: 0, y: S, color: hair, opacity: 0.9 },
    );
  }
}

function avatar(page: PDFPage) {
  const S = page.getWidth();
  page.drawRectangle({ x: 0, y: 0, width: S, height: S, color: hex("#e4e7eb") });
  const grey = hex("#a3abb5");
  page.drawCircle({ x: S * 0.5, y: S * 0.6, size: S * 0.18, color: grey });
  page.drawSvgPath(
    `M ${S * 0.14} ${S} C ${S * 0.14} ${S * 0.72}, ${S * 0.3} ${S * 0.64}, ${S * 0.5} ${S * 0.64} C ${S * 0.7} ${S * 0.64}, ${S * 0.86} ${S * 0.72}, ${S * 0.86} ${S} Z`,
    { x: 0, y: S, color: grey },
  );
}

// ---- partner logos --------------------------------------------------------------------------------------

const LOGO_COLORS = [
  "#1d4e89",
  "#00798c",
  "#d1495b",
  "#2e7d32",
  "#6a4c93",
  "#e07a1f",
  "#37474f",
  "#8d6e63",
  "#3949ab",
  "#00897b",
  "#c62828",
];

function logo(page: PDFPage, fonts: Fonts, title: string, index: number) {
  const W = page.getWidth();
  const H = page.getHeight();
  const color = hex(LOGO_COLORS[index % LOGO_COLORS.length]);
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: rgb(1, 1, 1) });
  const cx = 58;
  const cy = H / 2;
  const shape = index % 4;
  if (shape === 0) page.drawCircle({ x: cx, y: cy, size: 38, color });
  else if (shape === 1) page.drawRectangle({ x: cx - 36, y: cy - 36, width: 72, height: 72, color, rotate: undefined });
  else if (shape === 2) page.drawSvgPath("M 0 -40 L 36 -20 L 36 20 L 0 40 L -36 20 L -36 -20 Z", { x: cx, y: cy, color });
  else page.drawSvgPath("M -36 -34 L 36 -34 L 36 10 C 36 30, 0 40, 0 40 C 0 40, -36 30, -36 10 Z", { x: cx, y: cy, color });
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join("")
    .slice(0, 3);
  const size = initials.length > 2 ? 22 : 28;
  page.drawText(initials, {
    x: cx - fonts.sansBold.widthOfTextAtSize(initials, size) / 2,
    y: cy - size * 0.36,
    size,
    font: fonts.sansBold,
    color: rgb(1, 1, 1),
  });
  // Name on one or two lines.
  const words = title.split(" ");
  const lines =
    words.length > 2
      ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")]
      : [title];
  const textX = 112;
  const maxW = W - textX - 14;
  let nameSize = 25;
  while (lines.some((l) => fonts.sansBold.widthOfTextAtSize(l, nameSize) > maxW)) nameSize -= 1;
  const top = lines.length === 2 ? cy + 6 : cy - 4;
  for (const [i, l] of lines.entries())
    page.drawText(l, {
      x: textX,
      y: top - i * (nameSize + 3),
      size: nameSize,
      font: fonts.sansBold,
      color: i === 0 ? color : hex("#333333"),
    });
  page.drawLine({ start: { x: textX, y: 24 }, end: { x: W - 14, y: 24 }, thickness: 1.2, color, opacity: 0.5 });
}

// ---- sidebar samples ------------------------------------------------------------------------------------

function certificate(page: PDFPage, f: Fonts) {
  const W = page.getWidth();
  const H = page.getHeight();
  const navy = hex("#1b3a5c");
  const gold = hex("#b8912f");
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: hex("#fffdf6") });
  page.drawRectangle({ x: 12, y: 12, width: W - 24, height: H - 24, borderColor: navy, borderWidth: 6 });
  page.drawRectangle({ x: 24, y: 24, width: W - 48, height: H - 48, borderColor: gold, borderWidth: 1.5 });
  for (const [x, y] of [
    [24, 24],
    [W - 24, 24],
    [24, H - 24],
    [W - 24, H - 24],
  ])
    page.drawCircle({ x, y, size: 7, color: gold });
  centered(page, "CERTIFICATE", f.serifBold, 40, H - 92, navy);
  centered(page, "OF PUBLICATION", f.sansBold, 14, H - 116, gold);
  centered(page, "This is to certify that the article", f.serifItalic, 13, H - 152, hex("#444444"));
  for (const [w, y] of [
    [300, H - 178],
    [380, H - 196],
  ] as const)
    page.drawRectangle({ x: (W - w) / 2, y, width: w, height: 7, color: hex("#c9cfd6") });
  centered(page, "authored by", f.serifItalic, 13, H - 222, hex("#444444"));
  page.drawRectangle({ x: (W - 240) / 2, y: H - 248, width: 240, height: 9, color: navy, opacity: 0.75 });
  centered(page, "has been peer reviewed and published in the journal", f.serifItalic, 13, H - 274, hex("#444444"));
  page.drawRectangle({ x: (W - 330) / 2, y: H - 298, width: 330, height: 7, color: hex("#c9cfd6") });
  // Seal.
  const sx = W / 2;
  const sy = 78;
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    page.drawCircle({ x: sx + Math.cos(a) * 34, y: sy + Math.sin(a) * 34, size: 6, color: gold });
  }
  page.drawCircle({ x: sx, y: sy, size: 34, color: gold });
  page.drawCircle({ x: sx, y: sy, size: 27, borderColor: rgb(1, 1, 1), borderWidth: 1.2 });
  centered(page, "PEER", f.sansBold, 9, sy + 3, rgb(1, 1, 1));
  centered(page, "REVIEWED", f.sansBold, 7, sy - 8, rgb(1, 1, 1));
  // Signatures.
  for (const x of [92, W - 92 - 150]) {
    page.drawSvgPath("M 0 0 C 20 -18, 30 10, 50 -6 S 80 -14, 100 0 S 130 -10, 150 -2", { x, y: 86, borderColor: navy, borderWidth: 1.2 });
    page.drawLine({ start: { x, y: 66 }, end: { x: x + 150, y: 66 }, thickness: 0.8, color: hex("#555555") });
  }
  page.drawText("Editor-in-Chief", {
    x: 92 + 75 - f.sans.widthOfTextAtSize("Editor-in-Chief", 9) / 2,
    y: 52,
    size: 9,
    font: f.sans,
    color: hex("#555555"),
  });
  page.drawText("Managing Editor", {
    x: W - 92 - 75 - f.sans.widthOfTextAtSize("Managing Editor", 9) / 2,
    y: 52,
    size: 9,
    font: f.sans,
    color: hex("#555555"),
  });
}

function coverPage(page: PDFPage, f: Fonts) {
  const W = page.getWidth();
  const H = page.getHeight();
  const navy = hex("#16324f");
  const teal = hex("#2a9d8f");
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: 0, y: H - 150, width: W, height: 150, color: navy });
  page.drawRectangle({ x: 0, y: H - 158, width: W, height: 8, color: teal });
  centered(page, "INTERNATIONAL JOURNAL", f.sansBold, 19, H - 62, rgb(1, 1, 1));
  centered(page, "OF APPLIED RESEARCH", f.sansBold, 15, H - 86, hex("#cfe3f2"));
  centered(page, "ISSN  0000-0000  |  Peer Reviewed  |  Open Access", f.sans, 9, H - 118, hex("#9fc1db"));
  // Abstract figure: overlapping circles and rings.
  const cx = W / 2;
  const cy = H / 2 - 4;
  const palette = ["#2a9d8f", "#e9c46a", "#f4a261", "#e76f51", "#264653", "#8ab17d"];
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    page.drawCircle({ x: cx + Math.cos(a) * 52, y: cy + Math.sin(a) * 52, size: 46, color: hex(palette[i]), opacity: 0.55 });
  }
  page.drawCircle({ x: cx, y: cy, size: 30, color: rgb(1, 1, 1), opacity: 0.9 });
  page.drawCircle({ x: cx, y: cy, size: 118, borderColor: navy, borderWidth: 1, opacity: 0.4 });
  centered(page, "VOLUME  ·  ISSUE", f.sansBold, 12, 150, navy);
  for (const [w, y] of [
    [210, 122],
    [170, 106],
    [190, 90],
  ] as const)
    page.drawRectangle({ x: (W - w) / 2, y, width: w, height: 6, color: hex("#d5dbe1") });
  page.drawRectangle({ x: 0, y: 0, width: W, height: 50, color: navy });
  centered(page, "COVER PAGE", f.sansBold, 14, 19, rgb(1, 1, 1));
}

/** The demo special issue's cover (issue 37 item 5): a field of wheat rows under a sun, the issue's title below. */
function specialIssueCover(page: PDFPage, f: Fonts) {
  const W = page.getWidth();
  const H = page.getHeight();
  const navy = hex("#16324f");
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: hex("#f6f1e3") });
  page.drawRectangle({ x: 0, y: H - 96, width: W, height: 96, color: navy });
  centered(page, "INTERNATIONAL JOURNAL OF APPLIED", f.sansBold, 12.5, H - 40, rgb(1, 1, 1));
  centered(page, "AND NATURAL SCIENCES", f.sansBold, 12.5, H - 58, rgb(1, 1, 1));
  centered(page, "SPECIAL ISSUE", f.sans, 9, H - 80, hex("#e9c46a"));
  // Sky, sun and furrowed fields.
  page.drawRectangle({ x: 0, y: 150, width: W, height: H - 246, color: hex("#cfe3f2") });
  page.drawCircle({ x: W * 0.72, y: H - 150, size: 30, color: hex("#f4a261") });
  const greens = ["#8ab17d", "#6a994e", "#a7c957", "#588157", "#8ab17d"];
  for (let i = 0; i < greens.length; i++) {
    const y = 150 + i * 22;
    page.drawRectangle({ x: 0, y, width: W, height: 22, color: hex(greens[i]) });
    for (let x = 8 + (i % 2) * 10; x < W; x += 20)
      page.drawRectangle({ x, y: y + 4, width: 3, height: 14, color: hex("#e9c46a"), opacity: 0.8 });
  }
  page.drawRectangle({ x: 0, y: 0, width: W, height: 150, color: rgb(1, 1, 1) });
  centered(page, "Climate-Resilient", f.serifBold, 22, 104, navy);
  centered(page, "Agriculture", f.serifBold, 22, 78, navy);
  centered(page, "Guest editors: Dr. Meera Iyer and Prof. Tomás Álvarez", f.serifItalic, 10, 50, hex("#444444"));
  page.drawRectangle({ x: W / 2 - 40, y: 30, width: 80, height: 2, color: hex("#e9c46a") });
}

// ---- main -----------------------------------------------------------------------------------------------

const imagesDir = path.join(here, "images");
// `tsx scripts/demo/render-images.ts covers` draws only the issue covers.
const onlyCovers = process.argv[2] === "covers";
await render(path.join(imagesDir, "covers", "special-issue.jpg"), 300, 400, (p, f) => specialIssueCover(p, f), 1.6);
if (onlyCovers) {
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
rmSync(path.join(imagesDir, "portraits"), { recursive: true, force: true });
rmSync(path.join(imagesDir, "logos"), { recursive: true, force: true });
// Portraits come as JPEG and PNG, so both picture types go through upload, sniffing and serving.
for (const gender of ["f", "m"] as const) {
  for (let i = 1; i <= 8; i++) {
    const name = `portrait-${gender}-${String(i).padStart(2, "0")}.${i % 2 ? "jpg" : "png"}`;
    await render(path.join(imagesDir, "portraits", name), 300, 300, (p) => portrait(p, i, gender));
  }
}
let index = 0;
for (const journal of DEMO_JOURNALS) {
  for (const entry of journal.indexing) {
    const i = index++;
    await render(path.join(imagesDir, "logos", entry.logo), 320, 120, (p, f) => logo(p, f, entry.title, i));
  }
}
const staticImg = path.join(repo, "web", "static", "img");
await render(path.join(staticImg, "avatar.png"), 200, 200, (p) => avatar(p));
await render(path.join(staticImg, "certificate.png"), 600, 424, (p, f) => certificate(p, f));
await render(path.join(staticImg, "cover-page.png"), 424, 600, (p, f) => coverPage(p, f));
try {
  // Optional: smaller PNGs when optipng is installed.
  execFileSync(
    "optipng",
    [
      "-quiet",
      "-o2",
      ...readdirSync(staticImg)
        .filter((f) => f.endsWith(".png"))
        .map((f) => path.join(staticImg, f)),
    ],
    { stdio: "ignore" },
  );
} catch {
  /* not installed */
}
rmSync(work, { recursive: true, force: true });
