import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CANCEL_REASON_MAX_LENGTH,
  INVITED_NAME_MAX_LENGTH,
  JOINING_NAME_MAX_LENGTH,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_RENAME_MAX_LENGTH,
  PASSPHRASE_MIN_LENGTH,
  SEARCH_MAX_LENGTH,
} from './console-bounds';

const document = JSON.parse(
  readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8'),
) as {
  components: {
    schemas: Record<
      string,
      { properties: Record<string, { minLength?: number; maxLength?: number }> }
    >;
  };
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; schema: { maxLength?: number } }[] }>
  >;
};
const field = (schema: string, name: string) =>
  document.components.schemas[schema]!.properties[name]!;

describe("the Command Center's inputs", () => {
  it("are held to the server's bounds, as the OpenAPI document declares them", () => {
    expect(INVITED_NAME_MAX_LENGTH).toBe(field('InviteOperatorRequestDto', 'name').maxLength);
    expect(JOINING_NAME_MAX_LENGTH).toBe(field('JoinRequestDto', 'name').maxLength);
    expect(PASSPHRASE_MIN_LENGTH).toBe(field('JoinRequestDto', 'passphrase').minLength);
    expect(PASSKEY_NAME_MAX_LENGTH).toBe(field('PasskeyRegistrationRequestDto', 'name').maxLength);
    expect(PASSKEY_RENAME_MAX_LENGTH).toBe(field('PasskeyNameRequestDto', 'name').maxLength);
    expect(CANCEL_REASON_MAX_LENGTH).toBe(
      field('CancelRegistrationRequestDto', 'reason').maxLength,
    );
    const search = document.paths['/api/admin/registrations']!.get!.parameters!.find(
      ({ name }) => name === 'q',
    )!;
    expect(SEARCH_MAX_LENGTH).toBe(search.schema.maxLength);
  });

  it('are each a number (a bound gone from the document fails here, not in a form)', () => {
    for (const bound of [
      INVITED_NAME_MAX_LENGTH,
      JOINING_NAME_MAX_LENGTH,
      PASSPHRASE_MIN_LENGTH,
      PASSKEY_NAME_MAX_LENGTH,
      PASSKEY_RENAME_MAX_LENGTH,
      CANCEL_REASON_MAX_LENGTH,
      SEARCH_MAX_LENGTH,
    ]) {
      expect(bound).toBeGreaterThan(0);
    }
  });
});
