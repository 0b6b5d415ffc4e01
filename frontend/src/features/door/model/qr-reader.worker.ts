import { readQrFrame } from './qr-frame-reader';
import { QR_READER_READY, type QrFrame, type QrReaderAnswer } from './qr-reader-protocol';

/** The door's QR reader, off the page's thread: a frame in, its code out (qr-scanner.tsx). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<QrFrame>) => void) | null;
  postMessage(message: QrReaderAnswer | typeof QR_READER_READY): void;
};

scope.onmessage = (event) => scope.postMessage({ code: readQrFrame(event.data) });
scope.postMessage(QR_READER_READY);
