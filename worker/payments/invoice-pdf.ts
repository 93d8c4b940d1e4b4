// The invoice and the receipt (issue 49 items 2 and 5): one A4 page each, drawn with the Worker's own PDF writer and
// fonts (worker/documents/), in the language the author submitted in (docs/decisions/0384): the catalogs' `pay`
// messages, amounts and dates through Intl (payment-texts.ts). An Arabic document is drawn mirrored, its labels,
// columns and amounts from the right, with the bundled Naskh face (worker/documents/font-faces.ts).
import type { InvoiceRow, JournalRow, ManuscriptRow } from "../core/data/schema";
import { brandingFacts, brandingOf } from "../documents/document-data";
import { GOLD, INK, MUTED, NAVY, RULE } from "../documents/ornaments";
import { A4, PdfWriter, type PageCanvas } from "../documents/pdf-writer";
import { drawText, type Align } from "../documents/text-layout";
import { drawFittedLines, drawLineFitted, fitParagraph } from "../documents/text-fit";
import { translatorFor } from "#contract/i18n/all-catalogs";
import type { Language } from "#contract/i18n/languages";
import type { Translator } from "#contract/i18n/messages";
import { dayText, gatewayText, moneyText } from "./payment-texts";

const LEFT = 56;
const RIGHT = A4.width - 56;
const WIDTH = RIGHT - LEFT;

export interface InvoiceDocument {
  journal: JournalRow;
  manuscript: Pick<ManuscriptRow, "reference" | "title" | "authorName" | "authorEmail" | "country">;
  invoice: InvoiceRow;
  /** Shown under "How to pay" (Payments → Settings), empty for none. */
  bankDetails: string;
  kind: "invoice" | "receipt";
  /** The document's language (worker/workflow/manuscript-language.ts). */
  lang: Language;
}

/**
 * Positions on the page as a left-to-right document places them; a right-to-left one takes each at the mirrored
 * x with the mirrored alignment, and never letter-spaces (tracking breaks joined script: docs/decisions/0353).
 */
interface Side {
  x(x: number): number;
  align(a?: Align): Align;
  tracking(t: number): number;
}

const sideOf = (tr: Translator): Side =>
  tr.dir === "rtl"
    ? { x: (x) => A4.width - x, align: (a = "left") => (a === "left" ? "right" : a === "right" ? "left" : a), tracking: () => 0 }
    : { x: (x) => x, align: (a = "left") => a, tracking: (t) => t };

function fact(c: PageCanvas, s: Side, label: string, value: string, x: number, y: number, width = 220): void {
  drawText(c, label, s.x(x), y, { size: 8.5, color: MUTED, tracking: s.tracking(0.4), align: s.align() });
  drawLineFitted(c, value || "—", s.x(x), y - 14, { maxSize: 11, minSize: 8, width, color: INK, style: { bold: true }, align: s.align() });
}

function paragraph(
  c: PageCanvas,
  s: Side,
  text: string,
  y: number,
  opts: { size?: number; color?: typeof INK; bold?: boolean; maxLines?: number } = {},
): number {
  const fitted = fitParagraph(
    text,
    { style: { bold: opts.bold } },
    { maxSize: opts.size ?? 10.5, minSize: 8, width: WIDTH, maxLines: opts.maxLines ?? 4 },
  );
  return drawFittedLines(c, fitted, y, {
    x: LEFT,
    width: WIDTH,
    leading: 1.35,
    color: opts.color ?? INK,
    style: { bold: opts.bold },
    align: s.align(),
    text,
  });
}

export async function buildInvoicePdf(d: InvoiceDocument): Promise<Uint8Array> {
  const { invoice: inv, manuscript: m, lang } = d;
  const tr = translatorFor(lang);
  const { t } = tr;
  const s = sideOf(tr);
  const upper = (text: string) => text.toLocaleUpperCase(lang);
  const money = (minor: number) => moneyText(lang, minor, inv.currency);
  const label = (text: string, x: number, y: number) =>
    drawText(c, upper(text), s.x(x), y, { size: 8.5, color: MUTED, tracking: s.tracking(0.4), align: s.align() });
  const branding = brandingOf(d.journal);
  const receipt = d.kind === "receipt";
  const writer = await PdfWriter.create({
    lang,
    title: t(receipt ? "pay.pdf.docTitle.receipt" : "pay.pdf.docTitle.invoice", { number: inv.number }),
    author: branding.name,
    subject: `${m.reference}: ${m.title}`,
  });
  const c = writer.addPage(A4);
  // Masthead: the journal at the reading start, the document's name at the end.
  let y = A4.height - 70;
  drawLineFitted(c, branding.name, s.x(LEFT), y, {
    maxSize: 18,
    minSize: 10,
    width: WIDTH - 170,
    style: { bold: true },
    color: NAVY,
    align: s.align(),
  });
  drawText(c, t(receipt ? "pay.pdf.receiptTitle" : "pay.pdf.invoiceTitle"), s.x(RIGHT), y, {
    size: 22,
    style: { bold: true },
    color: GOLD,
    align: s.align("right"),
    tracking: s.tracking(3),
  });
  y -= 18;
  const facts = [...brandingFacts(branding), branding.domain, branding.email].filter(Boolean);
  if (facts.length)
    drawLineFitted(c, facts.join("   ·   "), s.x(LEFT), y, { maxSize: 9, minSize: 7, width: WIDTH, color: MUTED, align: s.align() });
  y -= 14;
  c.save().strokeColor(GOLD).lineWidth(1.2).line(LEFT, y, RIGHT, y).restore();

  // Number, dates, status.
  y -= 28;
  const col = WIDTH / 3;
  fact(c, s, upper(t("pay.pdf.number")), inv.number, LEFT, y, col - 12);
  fact(
    c,
    s,
    upper(t(receipt ? "pay.label.paidOn" : "pay.pdf.issued")),
    dayText(lang, receipt ? inv.paidAt : inv.createdAt),
    LEFT + col,
    y,
    col - 12,
  );
  fact(
    c,
    s,
    upper(t(receipt ? "pay.label.paidBy" : "pay.label.dueBy")),
    receipt ? gatewayText(tr, inv.gateway) : dayText(lang, inv.dueDate),
    LEFT + 2 * col,
    y,
    col - 12,
  );

  // Billed to and the manuscript.
  y -= 48;
  label(t("pay.pdf.billedTo"), LEFT, y);
  y -= 15;
  drawLineFitted(c, m.authorName, s.x(LEFT), y, {
    maxSize: 12,
    minSize: 8,
    width: WIDTH,
    style: { bold: true },
    color: INK,
    align: s.align(),
  });
  y -= 14;
  drawLineFitted(c, [m.authorEmail, m.country].filter(Boolean).join(" · "), s.x(LEFT), y, {
    maxSize: 10,
    minSize: 7,
    width: WIDTH,
    color: MUTED,
    align: s.align(),
  });
  y -= 26;
  label(t("pay.pdf.manuscript"), LEFT, y);
  y -= 15;
  y = paragraph(c, s, `${m.reference} — ${m.title}`, y, { size: 11, maxLines: 3 });

  // The table: the fee, any waiver, the total.
  y -= 18;
  c.save()
    .fillColor([0.95, 0.96, 0.98])
    .rect(LEFT, y - 6, WIDTH, 22)
    .fill()
    .restore();
  const head = { size: 9.5, style: { bold: true }, color: NAVY };
  drawText(c, t("pay.pdf.description"), s.x(LEFT + 8), y + 2, { ...head, align: s.align() });
  drawText(c, t("pay.label.amount"), s.x(RIGHT - 8), y + 2, { ...head, align: s.align("right") });
  y -= 26;
  drawLineFitted(c, t("pay.pdf.feeLine", { reference: m.reference }), s.x(LEFT + 8), y, {
    maxSize: 10.5,
    minSize: 8,
    width: WIDTH - 150,
    color: INK,
    align: s.align(),
  });
  drawText(c, money(inv.fee), s.x(RIGHT - 8), y, { size: 10.5, color: INK, align: s.align("right") });
  if (inv.amount < inv.fee) {
    y -= 20;
    drawText(c, t("pay.pdf.waiverLine"), s.x(LEFT + 8), y, { size: 10.5, color: INK, align: s.align() });
    drawText(c, `− ${money(inv.fee - inv.amount)}`, s.x(RIGHT - 8), y, { size: 10.5, color: INK, align: s.align("right") });
  }
  y -= 12;
  c.save().strokeColor(RULE).lineWidth(0.8).line(LEFT, y, RIGHT, y).restore();
  y -= 20;
  drawText(c, t(receipt ? "pay.pdf.totalPaid" : "pay.pdf.total"), s.x(RIGHT - 150), y, {
    size: 11,
    style: { bold: true },
    color: NAVY,
    align: s.align("right"),
  });
  drawText(c, money(inv.amount), s.x(RIGHT - 8), y, { size: 13, style: { bold: true }, color: NAVY, align: s.align("right") });

  // How to pay, or how it was paid.
  y -= 44;
  if (receipt) {
    label(t("pay.label.paymentRef"), LEFT, y);
    y -= 15;
    drawLineFitted(c, inv.paymentId ?? "", s.x(LEFT), y, {
      maxSize: 11,
      minSize: 7,
      width: WIDTH,
      color: INK,
      style: { bold: true },
      align: s.align(),
    });
    y -= 30;
    paragraph(c, s, t("pay.pdf.thanks"), y, { color: MUTED });
  } else {
    label(t("pay.pdf.howToPay"), LEFT, y);
    y -= 16;
    const gateway = t(inv.currency === "INR" ? "pay.pdf.gateway.razorpay" : "pay.pdf.gateway.stripe");
    y = paragraph(c, s, t("pay.pdf.payOnline", { gateway }), y);
    if (d.bankDetails) {
      y -= 6;
      y = paragraph(c, s, t("pay.pdf.payBank"), y);
      for (const line of d.bankDetails.split(/\r?\n/).slice(0, 8)) {
        drawLineFitted(c, line, s.x(LEFT + 12), y, { maxSize: 10, minSize: 7, width: WIDTH - 12, color: INK, align: s.align() });
        y -= 14;
      }
    }
  }
  drawLineFitted(c, t("pay.pdf.footer", { journal: branding.name }), A4.width / 2, 40, {
    maxSize: 8,
    minSize: 6,
    width: WIDTH,
    color: MUTED,
    align: "center",
  });
  return writer.save();
}
