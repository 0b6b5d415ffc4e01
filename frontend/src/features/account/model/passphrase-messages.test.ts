import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSPHRASE_MESSAGES } from './passphrase-messages';

// The server's passphrase rules and their words, written once there (the join form's refusals).
const rules = readFileSync(
  join(__dirname, '../../../../../backend/src/auth/operators/passphrase.ts'),
  'utf8',
);

function serverMessage(name: string): string | undefined {
  return new RegExp(`export const ${name} =\\s*'([^']+)';`).exec(rules)?.[1];
}

describe("the join form's passphrase messages", () => {
  it("are the server's refusals, each said in the console's words", () => {
    const server = [
      serverMessage('PASSPHRASE_TOO_SHORT'),
      serverMessage('PASSPHRASE_TOO_COMMON'),
      serverMessage('PASSPHRASE_PERSONAL'),
      serverMessage('PASSPHRASE_GUESSABLE'),
    ];
    expect(server).not.toContain(undefined);
    expect(Object.keys(PASSPHRASE_MESSAGES).sort()).toEqual([...server].sort());
  });
});
