import 'reflect-metadata';
import fc from 'fast-check';
import { createValidationPipe } from '../../src/common/validation';
import { CreateRegistrationRequestDto } from '../../src/registrations/commands/create-registration/create-registration.request.dto';
import {
  acceptRegistrationBody,
  type RegistrationBody,
} from '../../src/registrations/commands/create-registration/registration-body';
import { registrationBodyOf } from '../../src/registrations/commands/create-registration/create-registration.http.controller';
import { A_DREAM } from '../http';

const pipe = createValidationPipe();

/** What the Nest route makes of a body: the command's input, or undefined when it refuses. */
async function throughTheDto(body: unknown): Promise<RegistrationBody | undefined> {
  try {
    const dto = (await pipe.transform(body, {
      type: 'body',
      metatype: CreateRegistrationRequestDto,
    })) as CreateRegistrationRequestDto;
    return registrationBodyOf(dto);
  } catch {
    return undefined;
  }
}

/** Field values near every rule's edges, good and bad. */
const text = fc.oneof(
  fc.constantFrom('', ' ', 'Ana', '  Ana  ', '\u0000', 'a\u0000b', '\t\n', 'ș', '🌙', 'e\u0301'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 97, max: 104 }).map((n) => 'n'.repeat(n)),
  fc.integer({ min: 29, max: 35 }).map((n) => 'p'.repeat(n)),
  fc.integer({ min: 98, max: 102 }).map((n) => ` ${'ț'.repeat(n)} `),
);
const email = fc.oneof(
  fc.constantFrom(
    'ana@example.com',
    ' Ana@Example.COM ',
    'ana@',
    '@x.y',
    'a b@c.d',
    'ana@x.y\u0000',
  ),
  fc.emailAddress(),
  fc.integer({ min: 246, max: 252 }).map((n) => `${'e'.repeat(n)}@x.ro`),
);
const dream = fc.oneof(
  fc.constantFrom(A_DREAM, ` ${A_DREAM} `, 'short', ' '.repeat(120), `${A_DREAM}\u0000`),
  fc.integer({ min: 97, max: 103 }).map((n) => 'ă'.repeat(n)),
  fc.integer({ min: 97, max: 103 }).map((n) => '🌙'.repeat(n)),
  fc.integer({ min: 4997, max: 5003 }).map((n) => 'd'.repeat(n)),
  fc.integer({ min: 97, max: 103 }).map((n) => 'e\u0301'.repeat(n)),
  fc.integer({ min: 48, max: 52 }).map((n) => 'a\r\n'.repeat(n)),
);
const anything = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);

/** Mostly a good value, often one at a rule's edge, sometimes anything at all. */
const field = <T>(good: fc.Arbitrary<T>, edges: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: good, weight: 12 },
    { arbitrary: edges, weight: 3 },
    { arbitrary: anything, weight: 1 },
  );

const body = fc
  .tuple(
    fc.record(
      {
        name: field(fc.constantFrom('Ana', ' Ana Popescu ', 'Ștefan'), text),
        email: field(fc.emailAddress(), email),
        whatsapp: field(fc.constantFrom('+40 712 345 678', '0712'), text),
        event: field(fc.constant('bucharest'), fc.constantFrom(' bucharest ', 'paris', '')),
        time: field(fc.constant('Oct 30 - 7:30pm'), fc.constantFrom('', ' ')),
        dream: field(fc.constant(A_DREAM), dream),
        dreamedCaptured: field(fc.boolean(), anything),
        locale: field(fc.constantFrom('en', 'it', 'ro'), fc.constantFrom('fr', 'EN', '')),
      },
      { requiredKeys: ['name', 'email', 'whatsapp', 'event', 'time', 'dream'] },
    ),
    fc.option(fc.tuple(fc.constantFrom('extra', 'Name', 'constructor'), anything), {
      freq: 8,
    }),
  )
  .map(([fields, extra]) => (extra ? { ...fields, [extra[0]]: extra[1] } : fields));

const valid = fc.record({
  name: fc.constantFrom('Ana', '  Ana Popescu ', 'Giulia Bianchi', 'Ștefan Ionescu'),
  email: fc.emailAddress(),
  whatsapp: fc.constantFrom('+40 712 345 678', '+39 333 1234567'),
  event: fc.constant('bucharest'),
  time: fc.constant('Oct 30 - 7:30pm'),
  dream: fc.constantFrom(A_DREAM, `${A_DREAM} Și apoi m-am trezit.`),
  dreamedCaptured: fc.boolean(),
  locale: fc.constantFrom('en', 'it', 'ro'),
});

describe('acceptRegistrationBody, the fast path’s check', () => {
  it('never accepts a body the DTO refuses, and reads what it accepts as the DTO does', async () => {
    let accepted = 0;
    let refusedByBoth = 0;
    await fc.assert(
      fc.asyncProperty(body, async (candidate) => {
        const json = JSON.stringify(candidate);
        const quick = acceptRegistrationBody(JSON.parse(json) as unknown);
        const nest = await throughTheDto(JSON.parse(json) as unknown);
        if (quick === undefined) {
          if (nest === undefined) refusedByBoth += 1;
          return;
        }
        accepted += 1;
        expect(nest).toEqual(quick);
      }),
      { numRuns: 3000 },
    );
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(100);
    expect(refusedByBoth).toBeGreaterThan(100);
  });

  it('accepts the registrations of an ordinary form as the DTO reads them', async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (candidate) => {
        const quick = acceptRegistrationBody(candidate);
        expect(quick).toBeDefined();
        expect(await throughTheDto(candidate)).toEqual(quick);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves an unknown field, a wrong type or a NUL to the DTO', () => {
    const ordinary = {
      name: 'Ana',
      email: 'ana@example.com',
      whatsapp: '+40 712',
      event: 'bucharest',
      time: 'Oct 30 - 7:30pm',
      dream: A_DREAM,
    };
    expect(acceptRegistrationBody(ordinary)).toBeDefined();
    expect(acceptRegistrationBody({ ...ordinary, admin: true })).toBeUndefined();
    expect(acceptRegistrationBody({ ...ordinary, dreamedCaptured: 'true' })).toBeUndefined();
    expect(acceptRegistrationBody({ ...ordinary, name: 'A\u0000na' })).toBeUndefined();
    expect(acceptRegistrationBody({ ...ordinary, dream: '🌙'.repeat(99) })).toBeUndefined();
    expect(acceptRegistrationBody([ordinary])).toBeUndefined();
    expect(acceptRegistrationBody(null)).toBeUndefined();
  });
});
