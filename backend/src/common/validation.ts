import {
  applyDecorators,
  type ArgumentMetadata,
  createParamDecorator,
  type ExecutionContext,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  type ValidationArguments,
  type ValidatorOptions,
} from 'class-validator';
import { documentedBounds, parameterFault, type ParameterRule } from './parameter-rule';
import { textFault, type TextFault, type TextRule } from './text';
import { ValidationFailed } from './request-errors';
import { DtoValidator } from './dto-validator';

/**
 * What is wrong with one field, as a client chooses its words by it: each code stable (a
 * contract), with the bound it broke (`limit`) where there is one.
 */
export const FIELD_CODES = [
  'unknown-field',
  'required',
  'not-text',
  'not-boolean',
  'not-whole-number',
  'not-object',
  'not-list',
  'not-allowed',
  'invalid-email',
  'invalid-phone',
  'bad-format',
  'nul-character',
  'blank',
  'control-characters',
  'too-short',
  'too-long',
  'too-small',
  'too-large',
  'too-few',
  'too-many',
  'exactly-one',
  'invalid',
] as const;

export type FieldCode = (typeof FIELD_CODES)[number];

export interface FieldError {
  field: string;
  /** A field code (FIELD_CODES), or the code of the domain error that names the field. */
  code: string;
  message: string;
  limit?: number;
}

/** The field code of each class-validator rule the DTOs use; any other is `invalid`. */
const CODE_OF_RULE: Record<string, FieldCode> = {
  whitelistValidation: 'unknown-field',
  isDefined: 'required',
  isNotEmpty: 'required',
  isString: 'not-text',
  isBoolean: 'not-boolean',
  isInt: 'not-whole-number',
  isObject: 'not-object',
  isArray: 'not-list',
  isIn: 'not-allowed',
  isEmail: 'invalid-email',
  emailAddress: 'invalid-email',
  phoneNumber: 'invalid-phone',
  matches: 'bad-format',
  isUuid: 'bad-format',
  isRegistrationCursor: 'bad-format',
  isTimeZone: 'bad-format',
  maxLength: 'too-long',
  minLength: 'too-short',
  min: 'too-small',
  max: 'too-large',
  arrayMinSize: 'too-few',
  arrayMaxSize: 'too-many',
};

const CODE_OF_TEXT_FAULT: Record<TextFault, FieldCode> = {
  blank: 'blank',
  control: 'control-characters',
  short: 'too-short',
  long: 'too-long',
};

/** The first constraint (a number) of a rule declared on a field, for its `limit`. */
function limitOf(target: object | undefined, property: string, rule: string): number | undefined {
  if (!target) return undefined;
  const declared = getMetadataStorage()
    .getTargetValidationMetadatas(target.constructor, '', true, false)
    .find((metadata) => metadata.propertyName === property && metadata.name === rule);
  const limit: unknown = declared?.constraints?.[0];
  return typeof limit === 'number' ? limit : undefined;
}

/** A field's code and limit for the rule it broke first. */
function fieldFault(error: ValidationError, rule: string): Pick<FieldError, 'code' | 'limit'> {
  if (rule === 'textField' || rule === 'parameterRule') {
    const context = error.contexts?.[rule] as
      { fault: (value: unknown) => Pick<FieldError, 'code' | 'limit'> | undefined } | undefined;
    return context?.fault(error.value) ?? { code: 'invalid' };
  }
  const limit = limitOf(error.target, error.property, rule);
  return { code: CODE_OF_RULE[rule] ?? 'invalid', ...(limit === undefined ? {} : { limit }) };
}

/** When a field breaks several rules, the first of these that it breaks is the one reported. */
const PRIORITY = [
  'whitelistValidation',
  'isDefined',
  'isString',
  'isBoolean',
  'isNotEmpty',
  'isEmail',
  'isIn',
  'parameterRule',
  'textField',
];

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own: FieldError[] = [];
    const constraints = error.constraints ?? {};
    const names = Object.keys(constraints).sort((a, b) => {
      const rank = (name: string) => (PRIORITY.includes(name) ? PRIORITY.indexOf(name) : 99);
      return rank(a) - rank(b);
    });
    if (names.length > 0) {
      const name = names[0];
      own.push({
        field,
        ...fieldFault(error, name),
        message: name === 'whitelistValidation' ? `Unknown field: ${field}` : constraints[name],
      });
    }
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** The validation pipe's answer (400, `validation-failed`), naming each field with its code. */
export function validationException(errors: FieldError[]): ValidationFailed {
  return new ValidationFailed(errors);
}

/** One field refused, with its code (and limit), as the pipe answers it. */
export function fieldException(name: string, fault: Omit<FieldError, 'field'>): ValidationFailed {
  return validationException([{ field: name, ...fault }]);
}

/** Paths of the strings in a value that hold a NUL character, which PostgreSQL cannot store. */
function fieldsWithNul(value: unknown, path: string): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path || 'body'] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => fieldsWithNul(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      fieldsWithNul(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

/** The rules of the parameters a route names one by one (`@Param('id')`, `@Query('token')`). */
export type NamedParameterRules = Readonly<Record<string, ParameterRule>>;

class ApiValidationPipe extends ValidationPipe {
  /** class-validator's rules, checked by a plan made once per DTO (dto-validator.ts). */
  private readonly validator = new DtoValidator();

  constructor(
    private readonly parameters: NamedParameterRules,
    options: ConstructorParameters<typeof ValidationPipe>[0],
  ) {
    super(options);
  }

  protected override validate(
    object: object,
    validatorOptions?: ValidatorOptions,
  ): ValidationError[] | Promise<ValidationError[]> {
    return this.validator.validate(object, validatorOptions);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const name = metadata.data;
    if ((metadata.type === 'param' || metadata.type === 'query') && typeof name === 'string') {
      // A parameter with no rule is caught by the document's test: each one declares a bound.
      const rule = this.parameters[name];
      const fault = rule && parameterFault(name, value, rule);
      if (fault) throw fieldException(name, fault);
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      const fields = fieldsWithNul(value, '');
      if (fields.length > 0) {
        throw validationException(
          fields.map((field) => ({
            field,
            code: 'nul-character',
            message: `${field} must not contain NUL characters`,
          })),
        );
      }
    }
    return super.transform(value, metadata);
  }
}

/**
 * Every request body and query is checked here: unknown fields refused, one message per field;
 * and every parameter a route names by itself, under its rule in `parameters` (by name).
 */
export function createValidationPipe(parameters: NamedParameterRules): ValidationPipe {
  return new ApiValidationPipe(parameters, {
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // The target names the DTO whose rule gives a field's limit; the value, a text's fault.
    validationError: { target: true, value: true },
    exceptionFactory: (errors) => validationException(flatten(errors)),
  });
}

/**
 * A query field held to a parameter's rule: checked by the pipe with the DTO (one message, the
 * rule's), and declared in the document with the rule's maxLength and pattern.
 */
export function FollowsParameterRule(rule: ParameterRule) {
  return (object: object, propertyName: string) => {
    // Merged into the field's other ApiProperty options (its description, example, required).
    ApiProperty({
      type: 'string',
      minLength: 1,
      ...documentedBounds(rule),
    })(object, propertyName);
    registerDecorator({
      name: 'parameterRule',
      target: object.constructor,
      propertyName,
      options: {
        context: {
          fault: (value: unknown) => {
            const fault = parameterFault(propertyName, value, rule);
            return fault && { code: fault.code, limit: fault.limit };
          },
        },
      },
      validator: {
        validate: (value: unknown) => parameterFault(propertyName, value, rule) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          parameterFault(propertyName, args.value, rule)?.message ?? '',
      },
    });
  };
}

/** The message of each way a text field can break its rule. */
export type TextMessages = Record<TextFault, string>;

/**
 * A text field's rule (registration-rules.ts): a visible character at least, no control
 * characters (but line breaks and tabs where the rule is multiline), its length in visible
 * characters (and, for the upper bound, as stored). The message names the first fault.
 */
export function TextField(rule: TextRule, messages: TextMessages) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'textField',
      target: object.constructor,
      propertyName,
      options: {
        context: {
          fault: (value: unknown): Pick<FieldError, 'code' | 'limit'> => {
            const fault = typeof value === 'string' ? (textFault(value, rule) ?? 'blank') : 'blank';
            const limit =
              fault === 'short'
                ? rule.minCharacters
                : fault === 'long'
                  ? rule.maxCharacters
                  : undefined;
            return { code: CODE_OF_TEXT_FAULT[fault], ...(limit === undefined ? {} : { limit }) };
          },
        },
      },
      validator: {
        validate(value: unknown) {
          return typeof value === 'string' && textFault(value, rule) === undefined;
        },
        defaultMessage(args: ValidationArguments) {
          const value: unknown = args.value;
          return typeof value === 'string'
            ? messages[textFault(value, rule) ?? 'blank']
            : messages.blank;
        },
      },
    });
}

/**
 * A text field of at most `maxLength` characters, refused in words naming it: "<field> must be
 * text", "<field> must be at most <maxLength> characters" (codes not-text, too-long).
 */
export function TextOfAtMost(maxLength: number): PropertyDecorator {
  return (object, propertyName) => {
    const field = String(propertyName);
    // In the order decorators written above a property apply (bottom up): the type, then the length.
    MaxLength(maxLength, { message: `${field} must be at most ${maxLength} characters` })(
      object,
      propertyName,
    );
    IsString({ message: `${field} must be text` })(object, propertyName);
  };
}

/**
 * A whole number sent as a query parameter: its decimal digits are read as a number, and any other
 * text as NaN, which IsInt refuses. (class-transformer's Number() would read '' and ' ' as 0 and
 * 0x10 as 16.)
 */
export function WholeNumberParameter() {
  return Transform(({ value }: { value: unknown }) =>
    value === undefined
      ? undefined
      : typeof value === 'string' && /^-?\d+$/.test(value)
        ? Number(value)
        : NaN,
  );
}

/**
 * The `limit` query parameter of a paged list: a whole number from 1 to `max`, `fallback` when
 * absent; declared in the document and checked with the same bounds.
 */
export function PageLimit({
  max,
  fallback,
  description,
}: {
  max: number;
  fallback: number;
  description?: string;
}) {
  const bounds = { message: `limit must be from 1 to ${max}` };
  return applyDecorators(
    // In the order decorators written above a property apply (bottom up), so that a refusal
    // lists its messages in the same order as the other parameters' do.
    Max(max, bounds),
    Min(1, bounds),
    IsInt({ message: 'limit must be a whole number' }),
    WholeNumberParameter(),
    IsOptional(),
    ApiPropertyOptional({
      type: 'integer',
      description,
      default: fallback,
      minimum: 1,
      maximum: max,
    }),
  );
}

/**
 * A path parameter held to a rule of its route's own, where the parameter's name is another
 * owner's elsewhere (`sessionId`: a checkout's session on its routes, an operator's session on
 * one): read and checked here (a 400 naming it), not by the named rules, and declared in the
 * document by ROUTE_PARAMETERS (request-parameters.ts) with the same rule.
 */
export const RouteParam = createParamDecorator(
  ({ name, rule }: { name: string; rule: ParameterRule }, context: ExecutionContext): string => {
    const value: unknown = context.switchToHttp().getRequest<{ params: Record<string, unknown> }>()
      .params[name];
    const fault = parameterFault(name, value, rule);
    if (fault) throw fieldException(name, fault);
    return value as string;
  },
);
