// A Chromium whose camera films a QR code: the door's scanner reads it as a phone's camera
// would. Shared by the door's browser scenarios and the phone's benchmark (make bench).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const { chromiumArgs, chromiumPath } = require('./chromium.cjs');

/**
 * A video (Y4M, grey) of QR codes' images (RGBA, as pngjs decodes them) held in front of the
 * camera one after the other, `framesEach` frames each at 10 a second, as Chromium's fake camera
 * plays it (in a loop): 640×480, each image scaled to 440 pixels square in the middle, its
 * modules no longer a whole number of pixels wide, as a camera sees them.
 */
function qrVideo(images, file, framesEach = 10) {
  const width = 640;
  const height = 480;
  const side = 440;
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frames = images.map((image) => {
    const luma = Buffer.alloc(width * height, 235);
    for (let y = 0; y < side; y += 1) {
      const from = Math.floor((y * image.height) / side) * image.width;
      for (let x = 0; x < side; x += 1) {
        const red = image.data[(from + Math.floor((x * image.width) / side)) * 4];
        luma[(top + y) * width + left + x] = red < 128 ? 16 : 235;
      }
    }
    return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  });
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(
    file,
    Buffer.concat([
      header,
      ...frames.flatMap((frame) => Array.from({ length: framesEach }, () => frame)),
    ]),
  );
}

/**
 * A Chromium of its own whose camera films `images` (QR codes', RGBA) one after the other, each
 * for a second; closed by the caller. `executablePath`: which Chromium (the tests' headless shell
 * unless named).
 */
export async function browserFilming(images, { executablePath = chromiumPath() } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'door-camera-'));
  const video = join(dir, 'tickets.y4m');
  qrVideo(images, video);
  const browser = await chromium.launch({
    executablePath,
    args: [
      ...chromiumArgs(),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
