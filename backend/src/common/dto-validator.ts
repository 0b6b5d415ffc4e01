import {
  getMetadataStorage,
  ValidationError,
  ValidationTypes,
  type ValidationArguments,
  type ValidatorConstraintInterface,
  type ValidatorOptions,
} from 'class-validator';

/**
 * class-validator's rules, checked by a plan made once per class.
 *
 * class-validator's `validate` looks up a class's rules on every call: it filters the metadata of
 * every class it knows, groups them by property, and sorts each property's by kind, then builds
 * the arguments of each rule and strips the empty errors of every property. On a process just
 * started that generic pass is most of what validation costs, and the largest code V8 compiles on
 * a registration's path (backend/bench/RESULTS.md). Here the same rules, read once per class from
 * class-validator's public metadata (`getMetadataStorage`), are checked by the same constraint
 * objects, in the same order, with the same messages, contexts and errors; the test in
 * test/common/dto-validator.spec.ts holds every request DTO's answers equal to class-validator's.
 *
 * The app's pipe (validation.ts) calls it where Nest's ValidationPipe calls class-validator, by
 * overriding the pipe's `validate`; the pipe, class-transformer and every DTO stay as they are.
 */

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
/** A class whose rules are read, as class-validator's storage types it. */
type Target = Parameters<MetadataStorage['getTargetValidationMetadatas']>[0];

/**
 * A constraint object that checks a rule, and the name its broken constraint is kept under (the
 * constraint's name, else the rule's type).
 */
interface Check {
  type: string;
  instance: ValidatorConstraintInterface;
}

/** A rule with the constraint objects that check it (one, but for a class registered twice). */
interface Rule {
  metadata: ValidationMetadata;
  checks: Check[];
}

/** A rule with a context, and the name its broken constraint is kept under. */
interface Contextual {
  type: string;
  context: unknown;
}

/**
 * One property's rules, sorted by kind as class-validator sorts them on each call (the same
 * plan, without a name, for each item of a list validated by ValidateNested).
 */
interface Rules {
  /** IsDefined: checked even where a missing value would skip the others. */
  defined: Rule[];
  /** IsOptional, ValidateIf: all must hold for the rest to be checked. */
  conditions: ValidationMetadata[];
  custom: Rule[];
  /** ValidateNested. */
  nested: ValidationMetadata[];
  /**
   * The contexts of IsDefined, then of every other rule but Allow. (class-validator assigns the
   * custom rules' contexts once more after these: the same objects in the same order onto the
   * same entries, which changes nothing.)
   */
  definedContexts: Contextual[];
  otherContexts: Contextual[];
  /** What each item of a list held here is held to: the nested rules alone (their own items too). */
  items: Rules;
}

interface PropertyPlan extends Rules {
  name: string;
  awaitsPromise: boolean;
}

interface ClassPlan {
  /** No rule at all: refused when unknown values are forbidden. */
  empty: boolean;
  /** The rules by property name, as class-validator groups them (a plain object, looked up alike). */
  grouped: Record<string, ValidationMetadata[]>;
  properties: PropertyPlan[];
}

/** A class's plan (and a nested value's, by the schema name class-validator gives it). */
type PlanOf = (target: Target, schema: string | undefined) => ClassPlan;

/** class-validator's wording of an error: `$constraintN`, `$value`, `$property`, `$target`. */
function withTokens(message: string, args: ValidationArguments): string {
  let text = message;
  if (text && Array.isArray(args.constraints)) {
    args.constraints.forEach((constraint: unknown, index) => {
      text = text.replace(new RegExp(`\\$constraint${index + 1}`, 'g'), constraintText(constraint));
    });
  }
  const value: unknown = args.value;
  if (
    text &&
    value !== undefined &&
    value !== null &&
    (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number')
  )
    text = text.replace(/\$value/g, String(value));
  if (text) text = text.replace(/\$property/g, args.property);
  if (text) text = text.replace(/\$target/g, args.targetName);
  return text;
}

function constraintText(constraint: unknown): string {
  if (Array.isArray(constraint)) return constraint.join(', ');
  if (typeof constraint === 'symbol') return `${constraint.description}`;
  return `${constraint as string}`;
}

function isPromise(value: unknown): value is Promise<unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Promise<unknown>).then === 'function'
  );
}

function isArrayLike(value: unknown): value is unknown[] | Set<unknown> | Map<unknown, unknown> {
  return Array.isArray(value) || value instanceof Set || value instanceof Map;
}

function toArray(value: unknown[] | Set<unknown> | Map<unknown, unknown>): unknown[] {
  if (value instanceof Map) return Array.from(value.values());
  return Array.isArray(value) ? value : Array.from(value);
}

export class DtoValidator {
  private readonly storage = getMetadataStorage();
  /** Plans by the options that choose rules (groups, always, strictGroups). */
  private readonly plansByGroups = new Map<string, PlanOf>();

  /** class-validator's `validate(object, options)`, answered in the same errors. */
  validate(
    object: object,
    options: ValidatorOptions = {},
  ): ValidationError[] | Promise<ValidationError[]> {
    const run = new ValidationRun(options, this.plansFor(options));
    const errors: ValidationError[] = [];
    run.execute(object, undefined, errors);
    if (run.awaiting.length === 0) return stripEmptyErrors(errors);
    return Promise.all(run.awaiting).then(() => stripEmptyErrors(errors));
  }

  /** The plans of the rules `options` choose, made as each class is first met. */
  private plansFor(options: ValidatorOptions): PlanOf {
    const key =
      options.groups === undefined && !options.always && !options.strictGroups
        ? ''
        : JSON.stringify([options.groups ?? null, !!options.always, !!options.strictGroups]);
    let planOf = this.plansByGroups.get(key);
    if (!planOf) {
      const plans = new Map<Target, Map<string | undefined, ClassPlan>>();
      planOf = (target, schema) => {
        let bySchema = plans.get(target);
        if (!bySchema) {
          bySchema = new Map();
          plans.set(target, bySchema);
        }
        let plan = bySchema.get(schema);
        if (!plan) {
          plan = this.plan(target, schema, options);
          bySchema.set(schema, plan);
        }
        return plan;
      };
      this.plansByGroups.set(key, planOf);
    }
    return planOf;
  }

  private plan(target: Target, schema: string | undefined, options: ValidatorOptions): ClassPlan {
    const metadatas = this.storage.getTargetValidationMetadatas(
      target,
      schema as string,
      options.always ?? false,
      options.strictGroups ?? false,
      options.groups,
    );
    const grouped = this.storage.groupByPropertyName(metadatas);
    const storage = this.storage;
    const checksOf = (metadata: ValidationMetadata): Check[] =>
      storage.getTargetValidatorConstraints(metadata.constraintCls).map((constraint) => ({
        type: constraint.name ? constraint.name : metadata.type,
        instance: constraint.instance,
      }));
    const rule = (metadata: ValidationMetadata): Rule => ({ metadata, checks: checksOf(metadata) });
    // A custom rule's context is kept under its first constraint's name, any other's under its type.
    const contexts = (metadatas: ValidationMetadata[]): Contextual[] =>
      metadatas
        .filter(({ context }) => context)
        .map((metadata) => ({
          type:
            (metadata.type === ValidationTypes.CUSTOM_VALIDATION
              ? checksOf(metadata)[0]?.type
              : undefined) ?? metadata.type,
          context: metadata.context,
        }));
    const properties = Object.keys(grouped).map((name): PropertyPlan => {
      const all = grouped[name];
      const others = all.filter(
        ({ type }) => type !== ValidationTypes.IS_DEFINED && type !== ValidationTypes.WHITELIST,
      );
      const defined = all.filter(({ type }) => type === ValidationTypes.IS_DEFINED);
      const nested = others.filter(({ type }) => type === ValidationTypes.NESTED_VALIDATION);
      const items = {
        defined: [],
        conditions: [],
        custom: [],
        nested,
        definedContexts: [],
        otherContexts: contexts(nested),
      } as Omit<Rules, 'items'> as Rules;
      items.items = items;
      return {
        name,
        defined: defined.map(rule),
        conditions: others.filter(({ type }) => type === ValidationTypes.CONDITIONAL_VALIDATION),
        custom: others.filter(({ type }) => type === ValidationTypes.CUSTOM_VALIDATION).map(rule),
        nested,
        definedContexts: contexts(defined),
        otherContexts: contexts(others),
        awaitsPromise: others.some(({ type }) => type === ValidationTypes.PROMISE_VALIDATION),
        items,
      };
    });
    return { empty: metadatas.length === 0, grouped, properties };
  }
}

/** A broken constraint's context, merged into what the error holds under its name. */
function addContext(error: ValidationError, type: string, context: unknown): void {
  error.contexts ??= {};
  error.contexts[type] = Object.assign(error.contexts[type] || {}, context);
}

/** The contexts of the rules an error broke, under the names of their constraints. */
function mapContexts(contextual: Contextual[], error: ValidationError): void {
  for (const { type, context } of contextual) {
    if (error.constraints![type]) addContext(error, type, context);
  }
}

/** What a rule and its message are given: the object, the value, the rule's constraints. */
function argumentsOf(
  object: object,
  value: unknown,
  metadata: ValidationMetadata,
): ValidationArguments {
  return {
    targetName: object.constructor ? object.constructor.name : (undefined as unknown as string),
    property: metadata.propertyName,
    object,
    value,
    constraints: metadata.constraints,
  };
}

/** An error's constraints are kept where it or one of its children has one. */
function stripEmptyErrors(errors: ValidationError[]): ValidationError[] {
  return errors.filter((error) => {
    if (error.children) error.children = stripEmptyErrors(error.children);
    if (Object.keys(error.constraints!).length === 0) {
      if (error.children!.length === 0) return false;
      delete error.constraints;
    }
    return true;
  });
}

/** One call of validate: its options, and the promises of asynchronous rules it waits for. */
class ValidationRun {
  readonly awaiting: Promise<unknown>[] = [];
  private readonly withTarget: boolean;
  private readonly withValue: boolean;
  private readonly forbidUnknownValues: boolean;

  constructor(
    private readonly options: ValidatorOptions,
    private readonly planOf: PlanOf,
  ) {
    const shape = options.validationError;
    this.withTarget = shape?.target === undefined || shape.target === true;
    this.withValue = shape?.value === undefined || shape.value === true;
    this.forbidUnknownValues = options.forbidUnknownValues !== false;
  }

  execute(object: object, schema: string | undefined, errors: ValidationError[]): void {
    const plan = this.planOf(object.constructor, schema);
    if (this.forbidUnknownValues && plan.empty) {
      const error = new ValidationError();
      if (this.withTarget) error.target = object;
      error.value = undefined;
      error.property = undefined as unknown as string;
      error.children = [];
      error.constraints = { unknownValue: 'an unknown value was passed to the validate function' };
      errors.push(error);
      return;
    }
    if (this.options.whitelist) this.whitelist(object, plan, errors);
    const values = object as Record<string, unknown>;
    for (const property of plan.properties) {
      const value = values[property.name];
      if (value instanceof Promise && property.awaitsPromise) {
        this.awaiting.push(
          value.then((resolved) => {
            this.performValidations(object, resolved, property.name, property, errors);
          }),
        );
      } else {
        this.performValidations(object, value, property.name, property, errors);
      }
    }
  }

  private whitelist(object: object, plan: ClassPlan, errors: ValidationError[]): void {
    const values = object as Record<string, unknown>;
    const notAllowed = Object.keys(object).filter((name) => {
      const rules = plan.grouped[name] as ValidationMetadata[] | undefined;
      return !rules || rules.length === 0;
    });
    if (notAllowed.length === 0) return;
    for (const name of notAllowed) {
      if (this.options.forbidNonWhitelisted) {
        const error = this.errorFor(object, values[name], name);
        error.constraints = { [ValidationTypes.WHITELIST]: `property ${name} should not exist` };
        error.children = undefined;
        errors.push(error);
      } else {
        delete values[name];
      }
    }
  }

  private performValidations(
    object: object,
    value: unknown,
    name: string,
    property: Rules,
    errors: ValidationError[],
  ): void {
    const error = this.errorFor(object, value, name);
    errors.push(error);
    let holds = true;
    for (const condition of property.conditions) {
      const result = (condition.constraints[0] as (object: object, value: unknown) => boolean)(
        object,
        value,
      );
      holds = holds && result;
    }
    if (!holds) return;
    this.customValidations(object, value, property.defined, error);
    mapContexts(property.definedContexts, error);
    const options = this.options;
    if (value === undefined && options.skipUndefinedProperties === true) return;
    if (value === null && options.skipNullProperties === true) return;
    if ((value === null || value === undefined) && options.skipMissingProperties === true) return;
    this.customValidations(object, value, property.custom, error);
    this.nestedValidations(value, property, error);
    mapContexts(property.otherContexts, error);
  }

  private errorFor(object: object, value: unknown, property: string): ValidationError {
    const error = new ValidationError();
    if (this.withTarget) error.target = object;
    if (this.withValue) error.value = value;
    error.property = property;
    error.children = [];
    error.constraints = {};
    return error;
  }

  private customValidations(
    object: object,
    value: unknown,
    rules: Rule[],
    error: ValidationError,
  ): void {
    for (const { metadata, checks } of rules) {
      if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
      for (const check of checks) {
        if (this.options.stopAtFirstError && Object.keys(error.constraints ?? {}).length > 0)
          continue;
        const args = argumentsOf(object, value, metadata);
        const broken = () => {
          error.constraints![check.type] = this.messageOf(metadata, args, check);
        };
        // An asynchronous rule's context is added as it breaks, after mapContexts has run.
        const brokenLater = () => {
          broken();
          if (metadata.context) addContext(error, check.type, metadata.context);
        };
        if (!metadata.each || !isArrayLike(value)) {
          const valid = check.instance.validate(value, args);
          if (isPromise(valid)) {
            this.awaiting.push(valid.then((isValid) => !isValid && brokenLater()));
          } else if (!valid) {
            broken();
          }
          continue;
        }
        const results = toArray(value).map((item) => check.instance.validate(item, args));
        if (results.some(isPromise)) {
          this.awaiting.push(
            Promise.all(results).then((all) => !all.every((isValid) => isValid) && brokenLater()),
          );
          continue;
        }
        if (!results.every((isValid) => isValid)) broken();
      }
    }
  }

  private nestedValidations(value: unknown, property: Rules, error: ValidationError): void {
    if (value === undefined) return;
    for (const metadata of property.nested) {
      if (this.options.stopAtFirstError && Object.keys(error.constraints ?? {}).length > 0)
        continue;
      if (isArrayLike(value)) {
        const items = value instanceof Set ? Array.from(value) : value;
        items.forEach((item: unknown, index: unknown) => {
          this.performValidations(value, item, String(index), property.items, error.children!);
        });
      } else if (value instanceof Object) {
        const schema =
          typeof metadata.target === 'string' ? metadata.target : (metadata.target as Target).name;
        this.execute(value, schema, error.children!);
      } else {
        const args = argumentsOf(metadata.target as object, value, metadata);
        error.constraints![metadata.type] = this.messageOf(metadata, args);
      }
    }
  }

  /** A broken rule's message: its own, else its constraint's default, with the tokens filled. */
  private messageOf(
    metadata: ValidationMetadata,
    args: ValidationArguments,
    check?: Check,
  ): string {
    let message: string | ((args: ValidationArguments) => string) = metadata.message || '';
    if (!metadata.message && !this.options.dismissDefaultMessages) {
      if (check && check.instance.defaultMessage instanceof Function) {
        message = check.instance.defaultMessage(args);
      }
    }
    return withTokens(typeof message === 'function' ? message(args) : message, args);
  }
}
