/** What the page and the QR reader's worker (qr-reader.worker.ts) say to each other. */

/** A camera frame's pixels, RGBA, as a canvas gives them (an ImageData), sent to the worker. */
export interface QrFrame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** What the worker says once it has started, before any frame. */
export const QR_READER_READY = 'ready';

/** What the worker answers a frame: the code it holds, or null. */
export interface QrReaderAnswer {
  code: string | null;
}
