import { normalizePhoneName, phoneNameFault } from './phone-name';
import vectors from './phone-name-vectors.json';

describe('a door phone’s name', () => {
  it.each(vectors.vectors.map((vector) => [JSON.stringify(vector.name), vector] as const))(
    '%s as the server judges it',
    (_, vector) => {
      expect(phoneNameFault(vector.name) ?? null).toBe(vector.fault);
      if (vector.fault === null) expect(normalizePhoneName(vector.name)).toBe(vector.stored);
    },
  );
});
