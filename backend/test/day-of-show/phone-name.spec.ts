import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeText, textFault } from '../../src/common/text';
import { PHONE_NAME_RULE } from '../../src/day-of-show/door/domain/phone-name';

/** The door page's rule for a phone's name and the server's, held equal by the same vectors. */
const { vectors } = JSON.parse(
  readFileSync(
    join(__dirname, '../../../frontend/src/features/door/model/phone-name-vectors.json'),
    'utf8',
  ),
) as { vectors: { name: string; fault: string | null; stored?: string }[] };

describe('a door phone’s name, as the server judges it', () => {
  it.each(vectors.map((vector) => [JSON.stringify(vector.name), vector] as const))(
    '%s',
    (_, vector) => {
      const stored = normalizeText(vector.name);
      expect(textFault(stored, PHONE_NAME_RULE) ?? null).toBe(vector.fault);
      if (vector.fault === null) expect(stored).toBe(vector.stored);
    },
  );
});
