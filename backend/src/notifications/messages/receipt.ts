import { readFileSync } from 'node:fs';
import type Fontkit from '@pdf-lib/fontkit';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { dateTimeFormat } from '../../common/intl-formats';
import type { Locale } from '../../common/locale';
import { formatAmount } from '../../common/money';
import type { LiveTour } from '../../tour/live-tour';
import { compose, type RenderedMessage } from './render-message';
import { fill, MESSAGE_TEXTS } from './message-texts';

/**
 * A receipt: the email that carries it and its PDF, in the visitor's language, rendered from
 * the outbox row's own payload (the ReceiptIssued the log holds, and when it was given).
 */

/** A receipt as its outbox row carries it (registrations' ReceiptPayload). */
export interface ReceiptFacts {
  receipt: {
    number: number;
    seller: { name: string; address: string; taxId: string };
    kind: 'payment' | 'refund';
    amountMinor: number;
    currency: string;
    providerReference: string | null;
    event: string;
    time: string;
    reverses: number | null;
  };
  issuedAt: string;
}

export function isReceiptFacts(payload: Record<string, unknown>): boolean {
  const receipt = payload.receipt as Partial<ReceiptFacts['receipt']> | undefined;
  return (
    typeof receipt?.number === 'number' &&
    typeof receipt.amountMinor === 'number' &&
    typeof payload.issuedAt === 'string'
  );
}

interface ReceiptTexts {
  paymentTitle: string;
  refundTitle: string;
  paymentSubject: string;
  refundSubject: string;
  paymentIntro: string;
  refundIntro: string;
  refundIntroAlone: string;
  numberLabel: string;
  dateLabel: string;
  sellerLabel: string;
  taxIdLabel: string;
  receivedFromLabel: string;
  refundedToLabel: string;
  forLabel: string;
  forText: string;
  amountLabel: string;
  refundedLabel: string;
  referenceLabel: string;
  reversesLabel: string;
  reversesText: string;
  fileName: string;
}

/** The receipt's words per language; {number}, {event}, {when} filled in. */
export const RECEIPT_TEXTS: Record<Locale, ReceiptTexts> = {
  en: {
    paymentTitle: 'Receipt',
    refundTitle: 'Refund receipt',
    paymentSubject: 'Your receipt no. {number}: Dream Darkroom, {event}',
    refundSubject: 'Your refund receipt no. {number}: Dream Darkroom, {event}',
    paymentIntro: 'Thank you for your payment. Your receipt no. {number} is attached as a PDF.',
    refundIntro:
      'Your money was sent back. The refund receipt no. {number} is attached as a PDF; it reverses receipt no. {reverses}.',
    refundIntroAlone:
      'Your money was sent back. The refund receipt no. {number} is attached as a PDF.',
    numberLabel: 'Receipt no.',
    dateLabel: 'Date',
    sellerLabel: 'Seller',
    taxIdLabel: 'Tax id',
    receivedFromLabel: 'Received from',
    refundedToLabel: 'Refunded to',
    forLabel: 'For',
    forText: 'Dream Darkroom, {event}, {when}: one seat',
    amountLabel: 'Amount paid',
    refundedLabel: 'Amount refunded',
    referenceLabel: "Payment provider's reference",
    reversesLabel: 'Reverses',
    reversesText: 'receipt no. {reverses}',
    fileName: 'receipt-{number}.pdf',
  },
  it: {
    paymentTitle: 'Ricevuta',
    refundTitle: 'Ricevuta di rimborso',
    paymentSubject: 'La tua ricevuta n. {number}: Dream Darkroom, {event}',
    refundSubject: 'La tua ricevuta di rimborso n. {number}: Dream Darkroom, {event}',
    paymentIntro: 'Grazie per il pagamento. In allegato trovi la ricevuta n. {number} in PDF.',
    refundIntro:
      'Il tuo denaro è stato restituito. In allegato trovi la ricevuta di rimborso n. {number} in PDF; annulla la ricevuta n. {reverses}.',
    refundIntroAlone:
      'Il tuo denaro è stato restituito. In allegato trovi la ricevuta di rimborso n. {number} in PDF.',
    numberLabel: 'Ricevuta n.',
    dateLabel: 'Data',
    sellerLabel: 'Venditore',
    taxIdLabel: 'Partita IVA',
    receivedFromLabel: 'Ricevuto da',
    refundedToLabel: 'Rimborsato a',
    forLabel: 'Per',
    forText: 'Dream Darkroom, {event}, {when}: un posto',
    amountLabel: 'Importo pagato',
    refundedLabel: 'Importo rimborsato',
    referenceLabel: 'Riferimento del servizio di pagamento',
    reversesLabel: 'Annulla',
    reversesText: 'la ricevuta n. {reverses}',
    fileName: 'ricevuta-{number}.pdf',
  },
  ro: {
    paymentTitle: 'Chitanță',
    refundTitle: 'Chitanță de rambursare',
    paymentSubject: 'Chitanța ta nr. {number}: Dream Darkroom, {event}',
    refundSubject: 'Chitanța ta de rambursare nr. {number}: Dream Darkroom, {event}',
    paymentIntro: 'Îți mulțumim pentru plată. Chitanța nr. {number} este atașată în format PDF.',
    refundIntro:
      'Banii ți-au fost returnați. Chitanța de rambursare nr. {number} este atașată în format PDF; ea anulează chitanța nr. {reverses}.',
    refundIntroAlone:
      'Banii ți-au fost returnați. Chitanța de rambursare nr. {number} este atașată în format PDF.',
    numberLabel: 'Chitanța nr.',
    dateLabel: 'Data',
    sellerLabel: 'Vânzător',
    taxIdLabel: 'CUI',
    receivedFromLabel: 'Primit de la',
    refundedToLabel: 'Rambursat către',
    forLabel: 'Pentru',
    forText: 'Dream Darkroom, {event}, {when}: un loc',
    amountLabel: 'Suma plătită',
    refundedLabel: 'Suma rambursată',
    referenceLabel: 'Referința procesatorului de plăți',
    reversesLabel: 'Anulează',
    reversesText: 'chitanța nr. {reverses}',
    fileName: 'chitanta-{number}.pdf',
  },
};

/** The font every receipt is written in: DejaVu Sans, which has ă, ș, ț, î, â, à, è and more. */
let fontBytes: Buffer | undefined;
function receiptFont(): Buffer {
  fontBytes ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
}

/**
 * pdf-lib and fontkit, loaded with the first receipt (about 2.5 MB of code no other page of the
 * process needs), and the font parsed once per process: its tables are read lazily and kept, so
 * only the first receipt pays for reading them (about a second), the next ones a fraction.
 */
let pdfKit: Promise<{ pdfLib: typeof import('pdf-lib'); fontkit: typeof Fontkit }> | undefined;
function loadPdfKit() {
  pdfKit ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(
    ([pdfLib, { default: fontkit }]) => {
      let parsedFont: ReturnType<typeof fontkit.create> | undefined;
      const once: typeof Fontkit = {
        ...fontkit,
        create: (data: Uint8Array, postscriptName?: string) =>
          (parsedFont ??= fontkit.create(data, postscriptName)),
      };
      return { pdfLib, fontkit: once };
    },
  );
  return pdfKit;
}

/** Plain glyphs, one after another: a receipt needs no ligatures nor kerning. */
const PLAIN = { kern: false, liga: false, calt: false, clig: false };

/** The receipt's lines, label and value, as both its PDF and its email show them. */
export interface ReceiptLines {
  title: string;
  seller: string[];
  lines: [string, string][];
}

export function receiptLines(
  facts: ReceiptFacts,
  recipientName: string,
  locale: Locale,
  catalogue: LiveTour,
): ReceiptLines {
  const t = RECEIPT_TEXTS[locale] ?? RECEIPT_TEXTS.en;
  const { receipt } = facts;
  const found = catalogue.findSlot(receipt.event, receipt.time);
  const city = found ? catalogue.placeNames(found.event, locale).city : receipt.event;
  const when = catalogue.slotLabel(receipt.event, receipt.time, locale);
  const values = { event: city, when, reverses: String(receipt.reverses ?? '') };
  const date = dateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: found?.event.timeZone,
    timeZoneName: 'short',
  }).format(new Date(facts.issuedAt));
  const refund = receipt.kind === 'refund';
  const seller = [
    receipt.seller.name,
    ...(receipt.seller.address ? [receipt.seller.address] : []),
    ...(receipt.seller.taxId ? [`${t.taxIdLabel}: ${receipt.seller.taxId}`] : []),
  ];
  const lines: [string, string][] = [
    [t.numberLabel, String(receipt.number)],
    [t.dateLabel, date],
    [refund ? t.refundedToLabel : t.receivedFromLabel, recipientName],
    [t.forLabel, fill(t.forText, values)],
    [
      refund ? t.refundedLabel : t.amountLabel,
      formatAmount(receipt.amountMinor, receipt.currency, locale),
    ],
    [t.referenceLabel, receipt.providerReference ?? '—'],
    ...(refund && receipt.reverses !== null
      ? [[t.reversesLabel, fill(t.reversesText, values)] as [string, string]]
      : []),
  ];
  return { title: refund ? t.refundTitle : t.paymentTitle, seller, lines };
}

/** Lines of text no wider than `width` at `size` (words kept whole where they fit). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  return out;
}

/** The receipt as a one-page A4 PDF, its font embedded (only the glyphs it uses). */
export async function renderReceiptPdf(
  content: ReceiptLines,
  sellerTitle: string,
): Promise<Buffer> {
  const { pdfLib, fontkit } = await loadPdfKit();
  const { PDFDocument, rgb } = pdfLib;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(receiptFont(), { subset: true, features: PLAIN });
  doc.setTitle(`${content.title} ${content.lines[0][1]}`);
  doc.setProducer('Dream Darkroom');
  doc.setCreator('Dream Darkroom');
  const page: PDFPage = doc.addPage([595.28, 841.89]);
  const left = 56;
  let y = 780;
  const draw = (text: string, size: number, x = left, grey = false) => {
    page.drawText(text, { x, y, size, font, color: grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
  };
  draw(content.title, 22);
  y -= 36;
  draw(sellerTitle, 9, left, true);
  y -= 14;
  for (const line of content.seller) {
    draw(line, 11);
    y -= 15;
  }
  y -= 18;
  for (const [label, value] of content.lines) {
    draw(label, 9, left, true);
    const lines = wrap(value, font, 11, 300);
    for (const part of lines) {
      draw(part, 11, left + 180);
      y -= 15;
    }
    y -= 6;
  }
  return Buffer.from(await doc.save());
}

/** The email of a receipt, in the visitor's language, with its PDF attached. */
export async function renderReceipt(
  facts: ReceiptFacts,
  recipientName: string,
  locale: Locale,
  catalogue: LiveTour,
): Promise<RenderedMessage> {
  const t = RECEIPT_TEXTS[locale] ?? RECEIPT_TEXTS.en;
  const m = MESSAGE_TEXTS[locale] ?? MESSAGE_TEXTS.en;
  const content = receiptLines(facts, recipientName, locale, catalogue);
  const { receipt } = facts;
  const found = catalogue.findSlot(receipt.event, receipt.time);
  const values = {
    number: String(receipt.number),
    reverses: String(receipt.reverses ?? ''),
    event: found ? catalogue.placeNames(found.event, locale).city : receipt.event,
    name: recipientName,
  };
  const refund = receipt.kind === 'refund';
  const body = compose(
    fill(m.greeting, values),
    [
      {
        paragraphs: [
          fill(
            !refund
              ? t.paymentIntro
              : receipt.reverses !== null
                ? t.refundIntro
                : t.refundIntroAlone,
            values,
          ),
        ],
      },
      {
        heading: content.title,
        details: [[t.sellerLabel, content.seller.join(', ')], ...content.lines],
      },
    ],
    m.signOff,
  );
  return {
    subject: fill(refund ? t.refundSubject : t.paymentSubject, values),
    text: body.text,
    html: body.html,
    attachments: [
      {
        filename: fill(t.fileName, values),
        content: await renderReceiptPdf(content, t.sellerLabel),
        contentType: 'application/pdf',
      },
    ],
  };
}
