import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A request whose answer's body is left as sent (fetch would decode a compressed one). */
export function rawAnswer(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}
