import jsQR from 'jsqr';
import type { QrFrame } from './qr-reader-protocol';

/**
 * The text of the QR code in the frame, or null. jsQR rather than the smaller @paulmillr/qr
 * decoder used before, which could not read about one ticket in eighty however clean the frame
 * (and one in twenty-five with a camera's noise, where jsQR missed one in a thousand). Tickets are
 * dark on light, so no frame is also read inverted. It takes 80 to 140 ms a frame here, so it
 * runs in a worker (qr-reader.worker.ts), not on the page's thread.
 */
export function readQrFrame(frame: QrFrame): string | null {
  return (
    jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null
  );
}
