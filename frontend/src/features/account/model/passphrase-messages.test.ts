import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSPHRASE_MESSAGES } from './passphrase-messages';

// The join route's refusals as the generated OpenAPI document lists them (the server's rules).
const document = JSON.parse(
  readFileSync(join(__dirname, '../../../../../openapi/openapi.json'), 'utf8'),
) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

function joinCodes(): string[] {
  const refusal = JSON.stringify(document.paths['/api/operators/join']!.post!.responses['400']);
  const codes = /"enum":\[([^\]]*)\]/.exec(refusal)?.[1] ?? '';
  return (JSON.parse(`[${codes}]`) as string[]).filter((code) => code.startsWith('passphrase-'));
}

describe("the join form's passphrase messages", () => {
  it('say each passphrase refusal of the join route by its code, in the console’s words', () => {
    const codes = joinCodes();
    expect(codes.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(PASSPHRASE_MESSAGES).sort()).toEqual(codes.sort());
  });
});
