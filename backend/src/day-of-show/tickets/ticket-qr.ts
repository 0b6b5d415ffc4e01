import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * The ticket's QR code as a phone in the dark and a printed page both read it: dark modules on a
 * light ground with the standard quiet zone of four modules, error correction M (a smudge or a
 * crease still reads), and in an email at least 8 pixels a module, so about 45 mm at 150 dpi.
 */
const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/** Pixels a module in the email's image: one byte of a 1-bit row is one module. */
const PNG_SCALE = 8;

/**
 * The code as a black-and-white PNG, one bit a pixel: a module is exactly one byte of a row, so
 * the rows are written straight from the code's matrix and deflated once (about a kilobyte, and
 * a hundredth of the CPU of an RGBA image whose rows are each tried with every PNG filter).
 */
export function ticketQrPng(code: string): Buffer {
  const { modules } = QRCode.create(code, {
    errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel,
  });
  const side = modules.size + 2 * QR_OPTIONS.margin;
  const row = Buffer.alloc(1 + side);
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y += 1) {
    row[0] = 0; // the row's filter: none
    for (let x = 0; x < side; x += 1) {
      const moduleX = x - QR_OPTIONS.margin;
      const moduleY = y - QR_OPTIONS.margin;
      const dark =
        moduleX >= 0 &&
        moduleY >= 0 &&
        moduleX < modules.size &&
        moduleY < modules.size &&
        modules.get(moduleY, moduleX) === 1;
      row[1 + x] = dark ? 0x00 : 0xff;
    }
    for (let repeat = 0; repeat < PNG_SCALE; repeat += 1) rows.push(Buffer.from(row));
  }
  const width = side * PNG_SCALE;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // compression, filter and interlace methods: the only ones PNG defines, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { ...QR_OPTIONS, type: 'svg' });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
