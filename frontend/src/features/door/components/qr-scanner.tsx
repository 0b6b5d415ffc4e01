import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../lib/use-latest';
import { useDoorText } from '../hooks/use-door-text';
import { QR_READER_READY, type QrReaderAnswer } from '../model/qr-reader-protocol';
import readerWorkerUrl from '../model/qr-reader.worker.ts?worker&url';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** How often a frame is looked at: fast enough to read a ticket held up for a moment. */
const FRAME_INTERVAL_MS = 80;
/** The code just answered is not read again this soon after its answer closes. */
const SAME_CODE_AGAIN_MS = 3000;
/** Frames are read at most this wide: enough for a ticket's QR, cheap for the JS decoder. */
const DECODE_WIDTH = 640;

async function nativeQrDetector(): Promise<BarcodeDetectorClass | null> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const formats = await Native.getSupportedFormats().catch((): string[] => []);
  return formats.includes('qr_code') ? Native : null;
}

/** A reader's worker that has neither started nor failed by then counts as failed to load. */
const READER_START_MS = 10_000;

/**
 * Fetches the JS reader now where the browser has no QR detector of its own, so that it is
 * among the files the door page keeps for opening offline before the first scan.
 */
export async function preloadQrReader(): Promise<void> {
  if (!(await nativeQrDetector())) await (await fetch(readerWorkerUrl)).arrayBuffer();
}

/** The reader's worker failed after it started (it crashed): it reads nothing more. */
class ReaderFailed extends Error {}

interface Reader {
  read(video: HTMLVideoElement): Promise<string | null>;
  stop(): void;
}

/**
 * The JS reader (model/qr-frame-reader.ts) in a worker, over frames drawn to a canvas: reading
 * one takes 80 to 140 ms, which on the page's thread would stall the page each frame. One frame
 * at a time; rejects when the worker cannot be loaded (a network gone before the page kept it).
 */
async function workerReader(): Promise<Reader> {
  // Its own built file (jsQR in it), as a module in development.
  const worker = new Worker(readerWorkerUrl, { type: 'module' });
  // The frame sent and not yet answered (one at a time), and the crash that ended the reader.
  let pending: { resolve(code: string | null): void; reject(error: Error): void } | null = null;
  let broken: ReaderFailed | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the reader did not start')),
        READER_START_MS,
      );
      worker.onmessage = (event: MessageEvent<QrReaderAnswer | typeof QR_READER_READY>) => {
        if (event.data === QR_READER_READY) {
          clearTimeout(timer);
          resolve();
        } else {
          pending?.resolve(event.data.code);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        clearTimeout(timer);
        // Before it started, the load failed (a settled promise ignores this afterwards).
        broken = new ReaderFailed(event.message || 'the reader failed');
        reject(broken);
        pending?.reject(broken);
      };
    });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    read: (video) => {
      if (broken) return Promise.reject(broken);
      if (!context || !video.videoWidth) return Promise.resolve(null);
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      return new Promise<string | null>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(frame, [frame.data.buffer]);
      });
    },
    stop: () => worker.terminate(),
  };
}

/**
 * The browser's BarcodeDetector when it reads QR codes (Android's Chrome, Safari on macOS), or
 * else the JS reader in a worker, loaded only when needed.
 */
async function makeReader(): Promise<Reader> {
  const Native = await nativeQrDetector();
  if (!Native) return workerReader();
  const detector = new Native({ formats: ['qr_code'] });
  return {
    read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    stop: () => undefined,
  };
}

/**
 * How long the scanner waits before each new try at loading its reader, after a failed one; when
 * all have failed it says so and offers to try again, rather than film without reading.
 */
export const READER_RETRY_MS = [500, 1500];

type Failure = 'denied' | 'none' | 'reader';

/**
 * The phone's back camera, read for QR codes until closed. Nothing is read while `paused` (an
 * answer is showing); the code just answered is read again only 3 seconds after the pause
 * lifts, so the ticket still in view as the operator taps Next does not answer twice.
 */
export function QrScanner({
  paused,
  onCode,
}: {
  paused: boolean;
  onCode: (code: string, decodedAt: number) => void;
}) {
  const t = useDoorText();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Each press of Try again opens the camera afresh.
  const [attempt, setAttempt] = useState(0);
  const pausedRef = useRef(paused);
  const onCodeRef = useLatest(onCode);
  const lastCode = useRef<string | null>(null);
  const resumedAt = useRef(0);

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused) resumedAt.current = performance.now();
  }, [paused]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reader: Reader | null = null;
    // The reader failed to load, or crashed: let the camera go and say so (Try again restarts).
    const giveUp = (what: string, error: unknown) => {
      console.error(what, error);
      reader?.stop();
      stream?.getTracks().forEach((track) => track.stop());
      if (!stopped) setFailure('reader');
    };
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) {
          setFailure(
            error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'none',
          );
        }
        return;
      }
      if (stopped || !video.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      for (let tried = 0; !reader && !stopped; tried += 1) {
        try {
          reader = await makeReader();
        } catch (error) {
          const wait = READER_RETRY_MS[tried];
          if (wait === undefined) return giveUp('The ticket reader could not be loaded', error);
          await new Promise((resume) => {
            timer = setTimeout(resume, wait);
          });
        }
      }
      if (!reader) return;
      if (stopped) {
        reader.stop();
        return;
      }
      const { read } = reader;
      const look = async () => {
        if (stopped) return;
        if (!pausedRef.current && video.current) {
          let code: string | undefined;
          try {
            code = (await read(video.current))?.trim();
          } catch (error) {
            // Not a frame it could not read: the reader is gone.
            if (error instanceof ReaderFailed) return giveUp('The ticket reader failed', error);
          }
          const again =
            code === lastCode.current && performance.now() - resumedAt.current < SAME_CODE_AGAIN_MS;
          if (code && !again && !pausedRef.current) {
            lastCode.current = code;
            onCodeRef.current(code, performance.now());
          }
        }
        timer = setTimeout(() => void look(), FRAME_INTERVAL_MS);
      };
      void look();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      reader?.stop();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [attempt, onCodeRef]);

  return (
    <div className="door-scanner">
      {failure === 'reader' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('door.camera.noReader')}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setFailure(null);
              setAttempt((count) => count + 1);
            }}
          >
            {t('door.camera.tryAgain')}
          </button>
        </div>
      ) : failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure === 'denied' ? 'door.camera.denied' : 'door.camera.none')}
        </p>
      ) : (
        <video
          ref={video}
          className="door-scanner__video"
          muted
          playsInline
          aria-label={t('door.camera.label')}
        />
      )}
    </div>
  );
}
