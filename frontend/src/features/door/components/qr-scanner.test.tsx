import encodeQR from '@paulmillr/qr';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import messages from '../../../lang/door/en.json';
import { renderWithProviders } from '../../../test/render';
import { readQrFrame } from '../model/qr-frame-reader';
import { QR_READER_READY, type QrFrame } from '../model/qr-reader-protocol';
import { QrScanner } from './qr-scanner';

// The reader's worker, as jsdom has none: it starts (or fails to load, as many times as the test
// says: a network gone before the page kept its file), then reads each frame it is sent with the
// same reader the real worker runs (model/qr-frame-reader.ts).
let failuresLeft = 0;
/** The worker crashes instead of answering this frame (counted from 1), when set. */
let crashesOnFrame: number | null = null;
let workers: FakeWorker[] = [];

class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  constructor(readonly url: string) {
    workers.push(this);
    const fails = failuresLeft > 0;
    if (fails) failuresLeft -= 1;
    setTimeout(() => {
      if (this.terminated) return;
      if (fails) this.onerror?.(new ErrorEvent('error', { message: 'Failed to fetch' }));
      else this.onmessage?.(new MessageEvent('message', { data: QR_READER_READY }));
    });
  }

  frames = 0;

  postMessage(frame: QrFrame): void {
    this.frames += 1;
    const crashes = this.frames === crashesOnFrame;
    setTimeout(() => {
      if (this.terminated) return;
      if (crashes) this.onerror?.(new ErrorEvent('error', { message: 'Out of memory' }));
      else this.onmessage?.(new MessageEvent('message', { data: { code: readQrFrame(frame) } }));
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** A ticket's code (its signature made up): @paulmillr/qr's decoder, used before, fails on it. */
const TICKET =
  'T1.eyJrIjoiZG9vci10ZXN0LWtleSIsInIiOiJyZWdpc3RyYXRpb24tMjIiLCJlIjoiYnVjaGFyZXN0IiwicyI6Ik9jdCAzMCAtIDc6MzBwbSIsInUiOjE3NjE4OTA0MDB9.atJ10mwgDoFTTZmWGDyHSN36vHsKARqQ9GMBYm1wmSNHRwPKyrD_i2fNhGtstVsjo5sD-9-1IY7sM3PPcBChZg';

/**
 * The camera's frame, 640×480, of `code`'s QR code held up to it: dark modules on white, with the
 * standard quiet zone, filling most of the frame's height.
 */
function frameOf(code: string, width = 640, height = 480): Uint8ClampedArray {
  const modules = encodeQR(code, 'raw', { ecc: 'medium', border: 4 });
  const scale = Math.floor((height - 40) / modules.length);
  const left = Math.floor((width - modules.length * scale) / 2);
  const top = Math.floor((height - modules.length * scale) / 2);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dark = modules[Math.floor((y - top) / scale)]?.[Math.floor((x - left) / scale)];
      if (dark) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return data;
}

/** A camera as the browser gives one: its tracks, each stopped when the scanner lets go. */
function fakeCamera() {
  const opened: { stopped: boolean }[] = [];
  const getUserMedia = jest.fn(async () => {
    const track = { stopped: false, stop: () => (track.stopped = true) };
    opened.push(track);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  return { opened, getUserMedia };
}

beforeEach(() => {
  workers = [];
  failuresLeft = 0;
  crashesOnFrame = null;
  Object.defineProperty(globalThis, 'Worker', { configurable: true, value: FakeWorker });
  // What jsdom does not draw: a playing video 640×480 and a canvas to copy its frames to.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  jest.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  const frame = frameOf(TICKET);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => undefined,
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      width,
      height,
      data: frame,
    }),
  } as unknown as CanvasRenderingContext2D);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function renderScanner(onCode: (code: string) => void) {
  return renderWithProviders(
    <IntlProvider locale="en" messages={messages}>
      <QrScanner paused={false} onCode={(code) => onCode(code)} />
    </IntlProvider>,
  );
}

describe('QrScanner', () => {
  it('reads a ticket held up to the camera in its worker, and stops both when closed', async () => {
    const camera = fakeCamera();
    const onCode = jest.fn();
    const { unmount } = renderScanner(onCode);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(TICKET));
    expect(workers).toHaveLength(1);
    expect(workers[0]?.url).toBe('/assets/test.worker.js');
    unmount();
    expect(workers[0]?.terminated).toBe(true);
    expect(camera.opened[0]?.stopped).toBe(true);
  });

  it('tries the reader again after a failed load, and reads with the camera it kept open', async () => {
    failuresLeft = 1;
    const camera = fakeCamera();
    const onCode = jest.fn();
    renderScanner(onCode);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(TICKET));
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
    expect(camera.getUserMedia).toHaveBeenCalledTimes(1);
    expect(camera.opened[0]?.stopped).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the reader crashes while scanning, and lets go of the camera', async () => {
    crashesOnFrame = 1;
    const camera = fakeCamera();
    const onCode = jest.fn();
    renderScanner(onCode);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The scanner's reader is not working, so it cannot read tickets.",
    );
    expect(onCode).not.toHaveBeenCalled();
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(true);
    expect(camera.opened[0]?.stopped).toBe(true);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when the reader cannot be loaded, lets go of the camera, and starts again on Try again', async () => {
    failuresLeft = 3;
    const camera = fakeCamera();
    const onCode = jest.fn();
    renderScanner(onCode);
    const notice = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(notice).toHaveTextContent(
      "The scanner's reader is not working, so it cannot read tickets.",
    );
    expect(workers).toHaveLength(3);
    expect(workers.every((worker) => worker.terminated)).toBe(true);
    expect(camera.opened[0]?.stopped).toBe(true);
    expect(onCode).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Camera view for scanning tickets')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(TICKET));
    expect(camera.getUserMedia).toHaveBeenCalledTimes(2);
    expect(camera.opened[1]?.stopped).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Camera view for scanning tickets')).toBeInTheDocument();
  });
});
