import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text a PDF shows, page by page, as pdf.js (the reader Firefox uses) extracts it: run in a
 * node of its own, since pdf.js is an ES module.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const library = require.resolve('pdfjs-dist/legacy/build/pdf.mjs', {
    paths: [path.join(__dirname, '..', '..', '..', 'frontend')],
  });
  const script = `
    import { getDocument } from ${JSON.stringify(library)};
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
    const pages = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : ' ')).join(''));
    }
    process.stdout.write(pages.join('\\f'));
  `;
  const child = run(process.execPath, ['--input-type=module', '-e', script], {
    maxBuffer: 10 * 1024 * 1024,
  });
  child.child.stdin!.end(pdf);
  const { stdout } = await child;
  return stdout;
}

/** The PDF attached to an .eml file, and its file name. */
export function pdfAttachmentOf(eml: string): { filename: string; pdf: Buffer } {
  const part = /Content-Type: application\/pdf;[^\n]*\n([\s\S]*?)\n\n([\s\S]*?)\n--/.exec(eml);
  if (!part) throw new Error('no PDF attached');
  const headers = part[0];
  const filename = /filename=("?)([^"\n;]+)\1/.exec(headers)?.[2] ?? '';
  return { filename, pdf: Buffer.from(part[2].replace(/\s+/g, ''), 'base64') };
}
