// The invoice and the receipt (issue 49 items 2 and 5): one A4 page each, drawn with the Worker's own PDF writer and
// fonts (worker/documents/). The texts come from payment-texts.ts.
import type { InvoiceRow, JournalRow, ManuscriptRow } from "../core/data/schema";
import { brandingFacts, brandingOf } from "../documents/document-data";
import { GOLD, INK, MUTED, NAVY, RULE } from "../documents/ornaments";
import { A4, PdfWriter, type PageCanvas } from "../documents/pdf-writer";
import { drawText } from "../documents/text-layout";
import { drawFittedLines, drawLineFitted, fitParagraph } from "../documents/text-fit";
import { GATEWAY_LABELS, type Gateway } from "#contract/payments";
import { moneyText, PAYMENT_TEXTS } from "./payment-texts";

const T = PAYMENT_TEXTS.pdf;
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
}

const day = (iso: string) => (iso ? iso.slice(0, 10) : "");

function fact(c: PageCanvas, label: string, value: string, x: number, y: number, width = 220): void {
  drawText(c, label, x, y, { size: 8.5, color: MUTED, tracking: 0.4 });
  drawLineFitted(c, value || "—", x, y - 14, { maxSize: 11, minSize: 8, width, color: INK, style: { bold: true } });
}

function paragraph(
  c: PageCanvas,
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
    text,
  });
}

export async function buildInvoicePdf(d: InvoiceDocument): Promise<Uint8Array> {
  const { invoice: inv, manuscript: m } = d;
  const branding = brandingOf(d.journal);
  const receipt = d.kind === "receipt";
  const writer = await PdfWriter.create({
    lang: branding.lang,
    title: `${receipt ? "Receipt" : "Invoice"} ${inv.number}`,
    author: branding.name,
    subject: `${m.reference}: ${m.title}`,
  });
  const c = writer.addPage(A4);
  // Masthead: the journal on the left, the document's name on the right.
  let y = A4.height - 70;
  drawLineFitted(c, branding.name, LEFT, y, { maxSize: 18, minSize: 10, width: WIDTH - 170, style: { bold: true }, color: NAVY });
  drawText(c, receipt ? T.receiptTitle : T.invoiceTitle, RIGHT, y, {
    size: 22,
    style: { bold: true },
    color: GOLD,
    align: "right",
    tracking: 3,
  });
  y -= 18;
  const facts = [...brandingFacts(branding), branding.domain, branding.email].filter(Boolean);
  if (facts.length) drawLineFitted(c, facts.join("   ·   "), LEFT, y, { maxSize: 9, minSize: 7, width: WIDTH, color: MUTED });
  y -= 14;
  c.save().strokeColor(GOLD).lineWidth(1.2).line(LEFT, y, RIGHT, y).restore();

  // Number, dates, status.
  y -= 28;
  const col = WIDTH / 3;
  fact(c, T.number.toUpperCase(), inv.number, LEFT, y, col - 12);
  fact(c, (receipt ? T.paidOn : T.issued).toUpperCase(), receipt ? day(inv.paidAt) : day(inv.createdAt), LEFT + col, y, col - 12);
  fact(
    c,
    (receipt ? T.paidBy : T.due).toUpperCase(),
    receipt ? GATEWAY_LABELS[(inv.gateway || "") as Gateway | ""] : inv.dueDate,
    LEFT + 2 * col,
    y,
    col - 12,
  );

  // Billed to and the manuscript.
  y -= 48;
  drawText(c, T.billedTo.toUpperCase(), LEFT, y, { size: 8.5, color: MUTED, tracking: 0.4 });
  y -= 15;
  drawLineFitted(c, m.authorName, LEFT, y, { maxSize: 12, minSize: 8, width: WIDTH, style: { bold: true }, color: INK });
  y -= 14;
  drawLineFitted(c, [m.authorEmail, m.country].filter(Boolean).join(" · "), LEFT, y, {
    maxSize: 10,
    minSize: 7,
    width: WIDTH,
    color: MUTED,
  });
  y -= 26;
  drawText(c, T.manuscript.toUpperCase(), LEFT, y, { size: 8.5, color: MUTED, tracking: 0.4 });
  y -= 15;
  y = paragraph(c, `${m.reference} — ${m.title}`, y, { size: 11, maxLines: 3 });

  // The table: the fee, any waiver, the total.
  y -= 18;
  c.save()
    .fillColor([0.95, 0.96, 0.98])
    .rect(LEFT, y - 6, WIDTH, 22)
    .fill()
    .restore();
  drawText(c, T.description, LEFT + 8, y + 2, { size: 9.5, style: { bold: true }, color: NAVY });
  drawText(c, T.amountCol, RIGHT - 8, y + 2, { size: 9.5, style: { bold: true }, color: NAVY, align: "right" });
  y -= 26;
  drawLineFitted(c, T.feeLine(m.reference), LEFT + 8, y, { maxSize: 10.5, minSize: 8, width: WIDTH - 150, color: INK });
  drawText(c, moneyText(inv.fee, inv.currency), RIGHT - 8, y, { size: 10.5, color: INK, align: "right" });
  if (inv.amount < inv.fee) {
    y -= 20;
    drawText(c, T.waiverLine, LEFT + 8, y, { size: 10.5, color: INK });
    drawText(c, `− ${moneyText(inv.fee - inv.amount, inv.currency)}`, RIGHT - 8, y, { size: 10.5, color: INK, align: "right" });
  }
  y -= 12;
  c.save().strokeColor(RULE).lineWidth(0.8).line(LEFT, y, RIGHT, y).restore();
  y -= 20;
  drawText(c, receipt ? T.totalPaid : T.total, RIGHT - 150, y, { size: 11, style: { bold: true }, color: NAVY, align: "right" });
  drawText(c, moneyText(inv.amount, inv.currency), RIGHT - 8, y, { size: 13, style: { bold: true }, color: NAVY, align: "right" });

  // How to pay, or how it was paid.
  y -= 44;
  if (receipt) {
    drawText(c, T.paymentRef.toUpperCase(), LEFT, y, { size: 8.5, color: MUTED, tracking: 0.4 });
    y -= 15;
    drawLineFitted(c, inv.paymentId ?? "", LEFT, y, { maxSize: 11, minSize: 7, width: WIDTH, color: INK, style: { bold: true } });
    y -= 30;
    paragraph(c, T.thanks, y, { color: MUTED });
  } else {
    drawText(c, T.howToPay.toUpperCase(), LEFT, y, { size: 8.5, color: MUTED, tracking: 0.4 });
    y -= 16;
    y = paragraph(c, T.payOnline(inv.currency === "INR" ? "Razorpay (UPI, cards, net banking)" : "Stripe (cards)"), y);
    if (d.bankDetails) {
      y -= 6;
      y = paragraph(c, T.payBank, y);
      for (const line of d.bankDetails.split(/\r?\n/).slice(0, 8)) {
        drawLineFitted(c, line, LEFT + 12, y, { maxSize: 10, minSize: 7, width: WIDTH - 12, color: INK });
        y -= 14;
      }
    }
  }
  drawLineFitted(c, T.footer(branding.name), A4.width / 2, 40, { maxSize: 8, minSize: 6, width: WIDTH, color: MUTED, align: "center" });
  return writer.save();
}
