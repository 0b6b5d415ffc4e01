import { applyDecorators } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';

/** The environment as the process gets it: every value a string, or absent. */
export type Env = Record<string, string | undefined>;

/** A variable's value when it is unset or empty: a constant, or one that follows other variables. */
export type Default<T> = T | ((env: Env) => T);

/** The one line a bad value stops the boot with: the variable, what it expects, what it got. */
export function describeProblem(name: string, expectation: string, shown: string): string {
  return `${name} ${expectation} (got "${shown}")`;
}

interface VariableOptions<T> {
  /** Without a default the variable is optional and reads as undefined when unset. */
  default?: Default<T>;
  /** The typed value of the string given; a string it cannot read is returned as is, for the rules to refuse. */
  parse?: (raw: string) => unknown;
  /** The expectation the error line states: "must be ...". */
  expects: string;
  /** The class-validator rules the parsed value must pass; each one reports the same line. */
  rules: (options: ValidationOptions) => PropertyDecorator[];
  /** Keeps the value given out of the error line. */
  secret?: boolean;
}

/**
 * One environment variable: a property of the schema named as the variable, read from the
 * environment (an empty value counts as unset), parsed, defaulted and validated.
 */
export function Variable<T>(options: VariableOptions<T>): PropertyDecorator {
  const { default: fallback, parse = (raw) => raw, expects, rules, secret = false } = options;
  const validation: ValidationOptions = {
    message: ({ property, value }) =>
      describeProblem(property, expects, secret ? '<hidden>' : String(value ?? '')),
  };
  return applyDecorators(
    Expose(),
    Transform(
      ({ value, obj }: { value: string | undefined; obj: Env }) => {
        if (value !== undefined && value !== '') return parse(value);
        return typeof fallback === 'function' ? (fallback as (env: Env) => T)(obj) : fallback;
      },
      { toClassOnly: true },
    ),
    ...(fallback === undefined ? [IsOptional()] : []),
    ...rules(validation),
  );
}

/** Digits only, within bounds: "1.5", "-5" and " 5" are refused, not rounded. */
export function WholeNumber(options: {
  min: number;
  max: number;
  default?: Default<number>;
  /** The unit the error line names, e.g. "minutes". */
  of?: string;
}): PropertyDecorator {
  const { min, max, of } = options;
  return Variable({
    default: options.default,
    parse: (raw) => (/^\d+$/.test(raw) ? Number(raw) : raw),
    expects: `must be a whole number${of ? ` of ${of}` : ''} from ${min} to ${max}`,
    rules: (validation) => [IsInt(validation), Min(min, validation), Max(max, validation)],
  });
}

/** true or 1, false or 0. */
export function Flag(options: { default: Default<boolean> }): PropertyDecorator {
  return Variable({
    default: options.default,
    parse: (raw) =>
      raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw,
    expects: 'must be true or false',
    rules: (validation) => [IsBoolean(validation)],
  });
}

export function OneOf<T extends string>(
  values: readonly T[],
  options: { default: Default<T> },
): PropertyDecorator {
  const [first, second] = values;
  return Variable({
    default: options.default,
    expects:
      values.length === 2 ? `must be ${first} or ${second}` : `must be one of ${values.join(', ')}`,
    rules: (validation) => [IsIn(values, validation)],
  });
}

/**
 * An optional URL with one of the given protocols ("https:"), read by the WHATWG parser: the one
 * pg and Node itself read these URLs with, so what passes here is what they can open.
 */
export function Url(protocols: readonly string[]): PropertyDecorator {
  return Variable<string>({
    expects: `must be a URL (${protocols.join(', ')})`,
    rules: (validation) => [
      ValidateBy(
        {
          name: 'isUrlWithProtocol',
          constraints: [protocols],
          validator: {
            validate: (value: unknown) =>
              typeof value === 'string' &&
              URL.canParse(value) &&
              protocols.includes(new URL(value).protocol),
          },
        },
        validation,
      ),
    ],
  });
}

/** An address, bare or with a display name ("Dream Darkroom <tickets@example.org>"). */
export function Email(options: { default: Default<string> }): PropertyDecorator {
  return Variable({
    default: options.default,
    expects: 'must be an email address',
    rules: (validation) => [IsEmail({ allow_display_name: true, require_tld: false }, validation)],
  });
}

/** Free text (a path, a code, a secret), optionally held to a pattern. */
export function Text(
  options: { default?: Default<string>; matches?: RegExp; expects?: string; secret?: boolean } = {},
): PropertyDecorator {
  const { matches } = options;
  return Variable({
    default: options.default,
    expects: options.expects ?? 'must be text',
    secret: options.secret,
    rules: (validation) => [
      IsString(validation),
      ...(matches ? [Matches(matches, validation)] : []),
    ],
  });
}
