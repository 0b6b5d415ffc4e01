import { useEffect, useRef, useState } from 'react';
import { useDoorText } from '../hooks/use-door-text';

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

/**
 * Fetches the JS decoder now where the browser has no QR detector of its own, so that it is
 * among the files the door page keeps for opening offline before the first scan.
 */
export async function preloadQrReader(): Promise<void> {
  if (!(await nativeQrDetector())) await import('@paulmillr/qr/decode.js');
}

/**
 * The browser's BarcodeDetector when it reads QR codes (Android's Chrome, Safari on macOS), or
 * else the JS decoder (@paulmillr/qr), loaded only when needed, over a frame drawn to a canvas.
 */
async function makeReader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (
    Native &&
    (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')
  ) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: decodeQR } = await import('@paulmillr/qr/decode.js');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    try {
      return decodeQR({ width: frame.width, height: frame.height, data: frame.data });
    } catch {
      return null;
    }
  };
}

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
  const [failure, setFailure] = useState<'denied' | 'none' | null>(null);
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  const lastCode = useRef<string | null>(null);
  const resumedAt = useRef(0);

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused) resumedAt.current = performance.now();
  }, [paused]);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
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
      const read = await makeReader();
      const look = async () => {
        if (stopped) return;
        if (!pausedRef.current && video.current) {
          const code = (await read(video.current).catch(() => null))?.trim();
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
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="door-scanner">
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure === 'denied' ? 'admin.door.camera.denied' : 'admin.door.camera.none')}
        </p>
      ) : (
        <video
          ref={video}
          className="door-scanner__video"
          muted
          playsInline
          aria-label={t('admin.door.camera.label')}
        />
      )}
    </div>
  );
}
