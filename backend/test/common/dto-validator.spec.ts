import 'reflect-metadata';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DECORATORS } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import {
  getMetadataStorage,
  validate,
  ValidationTypes,
  type ValidationError,
  type ValidatorOptions,
} from 'class-validator';
import { DtoValidator } from '../../src/common/dto-validator';
import { createValidationPipe } from '../../src/common/validation';
import { CreateRegistrationRequestDto } from '../../src/checkout/commands/create-registration/create-registration.request.dto';

/**
 * DtoValidator stands in for class-validator's `validate` in the app's validation pipe: on every
 * request DTO of the app, on bodies drawn from each field's own rules (their bounds, allowed
 * values, examples) and from values of every other kind, under the pipe's options and others,
 * its errors must be class-validator's to the letter: properties, values, constraints and their
 * messages in order, contexts, children, targets.
 */

type Dto = new () => object;

const SOURCE = join(__dirname, '../../src');

function dtoFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return dtoFiles(path);
    return name.endsWith('.dto.ts') ? [path] : [];
  });
}

/** Every class a DTO file exports. */
const dtos: Dto[] = dtoFiles(SOURCE).flatMap((file) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  Object.values(require(file) as Record<string, unknown>).filter(
    (value): value is Dto => typeof value === 'function' && /^class\b/.test(value.toString()),
  ),
);

const storage = getMetadataStorage();
const rulesOf = (dto: Dto) => storage.getTargetValidationMetadatas(dto, '', true, false);
const validated = dtos.filter((dto) => rulesOf(dto).length > 0);

/** A small deterministic generator (mulberry32), so that a failure can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values of every kind, whatever the field. */
const ANY_VALUES: unknown[] = [
  null,
  '',
  '   ',
  'a',
  'Ana Popescu',
  'ana@example.com',
  'not an email',
  '+40 712 345 678',
  '12',
  'bell\u0007',
  'line\nbreak',
  '2026-12-06T10:00:00.000Z',
  '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11',
  'x'.repeat(5000),
  0,
  1,
  -1,
  1.5,
  Number.NaN,
  true,
  false,
  {},
  { a: 1 },
  [],
  ['a'],
  [1, 'b'],
  [{}],
];

interface SwaggerProperty {
  example?: unknown;
  type?: unknown;
}

/** The field's example and nested class, as the OpenAPI document declares them. */
function declared(dto: Dto, property: string): SwaggerProperty {
  return (
    (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, property) as
      SwaggerProperty | undefined) ?? {}
  );
}

function nestedClass(dto: Dto, property: string): Dto | undefined {
  let type = declared(dto, property).type;
  if (Array.isArray(type)) type = type[0];
  if (typeof type === 'function' && !/^class\b/.test(type.toString()) && type.length === 0) {
    type = (type as () => unknown)();
  }
  return typeof type === 'function' && validated.includes(type as Dto) ? (type as Dto) : undefined;
}

/** Values near each of a field's own rules: its bounds, its allowed values, its example. */
function ownValues(dto: Dto, property: string): unknown[] {
  const values: unknown[] = [];
  const example = declared(dto, property).example;
  if (example !== undefined) values.push(example, example, example);
  for (const rule of rulesOf(dto).filter((rule) => rule.propertyName === property)) {
    const [first] = (rule.constraints ?? []) as unknown[];
    if (Array.isArray(first)) values.push(...(first as unknown[]), first);
    if (typeof first === 'number' && Number.isFinite(first)) {
      values.push(first - 1, first, first + 1, 'x'.repeat(Math.max(0, Math.min(first + 1, 6000))));
      values.push('é'.repeat(Math.max(0, Math.min(first, 6000))));
    }
  }
  return values;
}

/**
 * A body for `dto`: a third of them its examples with at most one field changed (near a valid
 * body), the others each field drawn from its own values or from any.
 */
function body(dto: Dto, next: () => number, depth = 0): Record<string, unknown> {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const fields: Record<string, unknown> = {};
  const properties = [...new Set(rulesOf(dto).map((rule) => rule.propertyName))];
  const nearExamples = next() < 0.35;
  const changed = pick(properties);
  for (const property of properties) {
    const example = declared(dto, property).example;
    if (nearExamples && property !== changed) {
      if (example !== undefined) fields[property] = example;
      continue;
    }
    const roll = next();
    if (roll < 0.1) continue;
    const nested = nestedClass(dto, property);
    if (nested && depth < 2 && roll < 0.6) {
      const items = Array.from({ length: Math.floor(next() * 4) }, () =>
        next() < 0.8 ? body(nested, next, depth + 1) : pick(ANY_VALUES),
      );
      fields[property] = next() < 0.8 ? items : items[0];
      continue;
    }
    const own = ownValues(dto, property);
    fields[property] = own.length > 0 && roll < 0.7 ? pick(own) : pick(ANY_VALUES);
  }
  if (next() < 0.15) fields[pick(['extra', 'constructor', 'toString', 'admin'])] = pick(ANY_VALUES);
  return fields;
}

/** An error as a plain record: every own key, its target by class and content. */
function shape(errors: ValidationError[] | undefined): unknown {
  return errors?.map((error) => ({
    keys: Object.keys(error),
    property: error.property,
    value: error.value,
    constraints: error.constraints && Object.entries(error.constraints),
    contexts: error.contexts && Object.entries(error.contexts),
    target: error.target && { class: error.target.constructor.name, fields: { ...error.target } },
    children: shape(error.children),
  }));
}

/** The pipe's options as Nest hands them to the validator, and others a DTO could meet. */
const OPTIONS: [string, ValidatorOptions][] = [
  [
    "the app's pipe",
    {
      forbidUnknownValues: false,
      whitelist: true,
      forbidNonWhitelisted: true,
      validationError: { target: true, value: true },
    },
  ],
  ['the defaults', {}],
  ['whitelist stripping', { whitelist: true }],
  ['missing skipped, first error only', { skipMissingProperties: true, stopAtFirstError: true }],
  ['null and undefined skipped', { skipNullProperties: true, skipUndefinedProperties: true }],
  [
    'no target or value, no default messages',
    { validationError: { target: false, value: false }, dismissDefaultMessages: true },
  ],
  ['a group, strictly', { groups: ['operators'], strictGroups: true }],
  ['always', { always: true, forbidUnknownValues: false }],
];

/** Bodies for each DTO under the pipe's options, and under each of the others. */
const PIPE_BODIES = 200;
const OTHER_BODIES = 60;

describe('DtoValidator', () => {
  it('finds the request DTOs', () => {
    expect(validated.length).toBeGreaterThanOrEqual(30);
    expect(validated).toContain(CreateRegistrationRequestDto);
  });

  const validator = new DtoValidator();

  it.each(OPTIONS)('answers as class-validator, with %s', async (_name, options) => {
    const thePipes = options === OPTIONS[0][1];
    const broken = new Set<string>();
    let valid = 0;
    let cases = 0;
    // The DTOs with rules, and a few without (refused as unknown values, where that is asked).
    const withoutRules = dtos.filter((dto) => !validated.includes(dto)).slice(0, 3);
    for (const [index, dto] of [...validated, ...withoutRules].entries()) {
      const next = random(index + 1);
      for (let n = 0; n < (thePipes ? PIPE_BODIES : OTHER_BODIES); n += 1) {
        const plain = body(dto, next);
        const theirs = await validate(plainToInstance(dto, plain), options);
        const ours = await validator.validate(plainToInstance(dto, plain), options);
        // The body as text: a body with a field named "constructor" is no object to compare.
        const which = `${dto.name} ${JSON.stringify(plain)}`;
        expect([which, shape(ours)]).toStrictEqual([which, shape(theirs)]);
        cases += 1;
        if (theirs.length === 0) valid += 1;
        if (process.env.DTO_VALIDATOR_COUNTS) console.log(dto.name, theirs.length);
        const collect = (errors: ValidationError[]) =>
          errors.forEach((error) => {
            Object.keys(error.constraints ?? {}).forEach((name) => broken.add(name));
            collect(error.children ?? []);
          });
        collect(theirs);
      }
    }
    if (thePipes) {
      // The corpus reaches both answers, and breaks every kind of rule the DTOs declare.
      expect(valid).toBeGreaterThan(cases * 0.05);
      expect(cases - valid).toBeGreaterThan(cases * 0.5);
      const declaredNames = new Set(
        validated.flatMap((dto) =>
          rulesOf(dto)
            .filter(
              ({ type }) => type === ValidationTypes.CUSTOM_VALIDATION || type === 'isDefined',
            )
            .flatMap((rule) => storage.getTargetValidatorConstraints(rule.constraintCls))
            .map((constraint) => constraint.name),
        ),
      );
      expect([...declaredNames].filter((name) => !broken.has(name))).toEqual([]);
    }
  });

  it('waits for asynchronous rules and values, as class-validator does', async () => {
    // Checked on a class of the test's own: no DTO of the app has an asynchronous rule.
    const { registerDecorator, ValidatePromise, IsString } = await import('class-validator');
    class Later {
      @ValidatePromise()
      @IsString({ message: '$property must be text, not $value' })
      promised: unknown;

      checked: unknown;
    }
    registerDecorator({
      name: 'slowly',
      target: Later,
      propertyName: 'checked',
      async: true,
      options: { context: { why: 'late' } },
      validator: {
        validate: (value: unknown) =>
          new Promise((resolve) => setTimeout(() => resolve(value === 'ok'), 5)),
        defaultMessage: () => '$property is not ok ($value)',
      },
    });
    for (const [promised, checked] of [
      [Promise.resolve(3), 'no'],
      [Promise.resolve('text'), 'ok'],
      ['plain', 'no'],
    ]) {
      const make = () => Object.assign(new Later(), { promised, checked });
      const theirs = await validate(make());
      const ours = await validator.validate(make());
      expect(shape(ours)).toStrictEqual(shape(theirs));
    }
  });

  it("is the app's pipe's validator", async () => {
    const spy = jest.spyOn(DtoValidator.prototype, 'validate');
    try {
      await expect(
        createValidationPipe({}).transform(
          { name: '' },
          { type: 'body', metatype: CreateRegistrationRequestDto },
        ),
      ).rejects.toThrow();
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
