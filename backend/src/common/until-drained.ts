import type { Writable } from 'node:stream';

/**
 * Waits until a streamed answer takes more (`drain`) or its client leaves (`close`), whichever
 * comes first: what a writer does when `write` said the answer holds enough for now.
 */
export function untilDrainedOrClosed(answer: Pick<Writable, 'on' | 'off'>): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      answer.off('drain', done);
      answer.off('close', done);
      resolve();
    };
    answer.on('drain', done);
    answer.on('close', done);
  });
}
