import {
  applyDecorators,
  type ArgumentMetadata,
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  Max,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { parameterFault, type ParameterRule } from './parameter-rule';
import { textFault, type TextFault, type TextRule } from './text';

export interface FieldError {
  field: string;
  message: string;
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
        message: name === 'whitelistValidation' ? `Unknown field: ${field}` : constraints[name],
      });
    }
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

export function validationException(errors: FieldError[]): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    message: errors.map((error) => error.message).join('; '),
    errors,
  });
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
  constructor(
    private readonly parameters: NamedParameterRules,
    options: ConstructorParameters<typeof ValidationPipe>[0],
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const name = metadata.data;
    if ((metadata.type === 'param' || metadata.type === 'query') && typeof name === 'string') {
      // A parameter with no rule is caught by the document's test: each one declares a bound.
      const rule = this.parameters[name];
      const fault = rule && parameterFault(name, value, rule);
      if (fault) throw validationException([{ field: name, message: fault }]);
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      const fields = fieldsWithNul(value, '');
      if (fields.length > 0) {
        throw validationException(
          fields.map((field) => ({ field, message: `${field} must not contain NUL characters` })),
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
    validationError: { target: false, value: false },
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
      maxLength: rule.maxLength,
      pattern: rule.pattern?.source,
    })(object, propertyName);
    registerDecorator({
      name: 'parameterRule',
      target: object.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => parameterFault(propertyName, value, rule) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          parameterFault(propertyName, args.value, rule) ?? '',
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
    if (fault) throw validationException([{ field: name, message: fault }]);
    return value as string;
  },
);
