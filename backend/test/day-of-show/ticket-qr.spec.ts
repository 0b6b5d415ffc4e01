import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { ticketQrPng } from '../../src/day-of-show/tickets/ticket-qr';

describe("the ticket's QR image", () => {
  // Codes of several lengths, so several QR versions (sizes) are drawn.
  const codes = ['T1.short', `T1.${'a'.repeat(120)}`, `T1.${'Zz9-_'.repeat(60)}`];

  it.each(codes)(
    'is the same picture as the QR library draws, and reads back (%#)',
    async (code) => {
      const ours = PNG.sync.read(ticketQrPng(code));
      const library = PNG.sync.read(
        await QRCode.toBuffer(code, {
          type: 'png',
          errorCorrectionLevel: 'M',
          margin: 4,
          scale: 8,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      );
      expect([ours.width, ours.height]).toEqual([library.width, library.height]);
      expect(Buffer.compare(ours.data, library.data)).toBe(0);
      expect(jsQR(new Uint8ClampedArray(ours.data), ours.width, ours.height)?.data).toBe(code);
    },
  );

  it('is small enough for an email: one bit a pixel', () => {
    const png = ticketQrPng(`T1.${'a'.repeat(180)}`);
    expect(png.subarray(0, 8)).toEqual(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
    expect(png.length).toBeLessThan(4096);
  });
});
