// The default images of a journal, drawn from ITS OWN name, abbreviation and ISSN (docs/decisions/0163): a logo
// (initials in a roundel), a cover page (title, ISSN, a ruled frame) and a certificate (the journal's name on a
// certificate of publication). Plain SVG, no fonts to ship: the reader's own sans-serif and serif.
import type { BrandingKind } from "#contract/branding";
import { esc } from "#contract/html";

export interface BrandingSource {
  name: string;
  abbreviation: string;
  issn: string;
}

/** Up to three initials of the name's significant words ("Journal of Applied Research" -> "JAR"). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-–]+/).filter((w) => w && !/^(of|and|the|for|in|on|&)$/i.test(w));
  return (
    words
      .slice(0, 3)
      .map((w) => [...w][0]?.toUpperCase() ?? "")
      .join("") || "J"
  );
}

/** The name split into lines of about `width` characters, at most `max` lines (the last one cut with "…"). */
function lines(text: string, width: number, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > max)
    out.splice(
      max - 1,
      out.length,
      `${out
        .slice(max - 1)
        .join(" ")
        .slice(0, width - 1)}…`,
    );
  return out;
}

/** A stable colour per journal (a hue from its name), so two journals' defaults never look alike by accident. */
function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

const text = (x: number, y: number, size: number, content: string, extra = "") =>
  `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" ${extra}>${esc(content)}</text>`;

export function brandingSvg(kind: BrandingKind, j: BrandingSource): string {
  const name = j.name.trim() || "Journal";
  const hue = hueOf(name);
  const dark = `hsl(${hue} 45% 22%)`;
  const light = `hsl(${hue} 40% 94%)`;
  const issn = j.issn ? `ISSN ${j.issn}` : "";
  if (kind === "logo") {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${esc(name)}"><circle cx="100" cy="100" r="96" fill="${dark}"/><circle cx="100" cy="100" r="84" fill="none" stroke="${light}" stroke-width="3"/>${text(100, 118, 56, initialsOf(name), `fill="${light}" font-family="Georgia, serif" font-weight="700"`)}</svg>`;
  }
  if (kind === "cover") {
    const title = lines(name.toUpperCase(), 22, 5);
    const top = 190 - title.length * 17;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 424 600" width="424" height="600" role="img" aria-label="${esc(`${name} cover page`)}"><rect width="424" height="600" fill="${light}"/><rect x="16" y="16" width="392" height="568" fill="none" stroke="${dark}" stroke-width="4"/><rect x="16" y="16" width="392" height="90" fill="${dark}"/>${text(212, 72, 40, initialsOf(name), `fill="${light}" font-family="Georgia, serif" font-weight="700"`)}<g fill="${dark}" font-family="Georgia, serif" font-weight="700">${title.map((l, i) => text(212, top + 34 * i + 80, 22, l)).join("")}</g>${j.abbreviation ? text(212, top + 34 * title.length + 100, 18, j.abbreviation, `fill="${dark}" font-family="Georgia, serif" font-style="italic"`) : ""}<line x1="80" y1="420" x2="344" y2="420" stroke="${dark}" stroke-width="2"/>${issn ? text(212, 460, 20, issn, `fill="${dark}" font-family="Arial, sans-serif"`) : ""}${text(212, 540, 16, "Peer Reviewed · Refereed Journal", `fill="${dark}" font-family="Arial, sans-serif"`)}</svg>`;
  }
  const title = lines(name, 44, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 425" width="600" height="425" role="img" aria-label="${esc(`${name} certificate of publication`)}"><rect width="600" height="425" fill="#fffdf6"/><rect x="14" y="14" width="572" height="397" fill="none" stroke="${dark}" stroke-width="6"/><rect x="26" y="26" width="548" height="373" fill="none" stroke="${dark}" stroke-width="1.5"/><g fill="${dark}" font-family="Georgia, serif" font-weight="700">${title.map((l, i) => text(300, 78 + 26 * i, 20, l)).join("")}</g>${issn ? text(300, 78 + 26 * title.length + 4, 15, issn, `fill="${dark}" font-family="Arial, sans-serif"`) : ""}${text(300, 205, 34, "Certificate of Publication", `fill="${dark}" font-family="Georgia, serif" font-style="italic"`)}<line x1="150" y1="262" x2="450" y2="262" stroke="${dark}" stroke-width="1"/>${text(300, 290, 15, "This is to certify that the paper titled", `fill="#444" font-family="Arial, sans-serif"`)}<line x1="150" y1="325" x2="450" y2="325" stroke="${dark}" stroke-width="1"/>${text(300, 360, 15, `has been published in ${j.abbreviation || initialsOf(name)}`, `fill="#444" font-family="Arial, sans-serif"`)}<circle cx="510" cy="345" r="32" fill="${dark}"/>${text(510, 352, 18, initialsOf(name), `fill="#fffdf6" font-family="Georgia, serif" font-weight="700"`)}</svg>`;
}
