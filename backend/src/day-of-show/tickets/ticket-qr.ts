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

export async function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { ...QR_OPTIONS, type: 'png', scale: 8 });
}

export async function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { ...QR_OPTIONS, type: 'svg' });
}
