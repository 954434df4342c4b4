import { z } from 'zod';

/**
 * The one catalog of validation messages the API sends, worded as Laravel's (`lang/en/validation.php`)
 * so that clients written against it read the same sentences: "The email field is required.",
 * "The first name may not be greater than 80 characters.". A schema that gives its own message keeps
 * it: zod asks this map only for issues that have none (see `installValidationMessages`).
 */

type Issue = z.core.$ZodRawIssue;
type Path = readonly PropertyKey[];

/** Laravel's displayable attribute: `first_name` → "first name", `answers.0.mode` as is. */
export function attributeName(path: Path | undefined): string {
  if (!path || path.length === 0) return 'input';
  return path
    .map((key) => String(key))
    .join('.')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replaceAll('_', ' ');
}

const plural = (count: number | bigint, word: string) =>
  `${count} ${word}${Number(count) === 1 ? '' : 's'}`;

const isMissing = (input: unknown) => input === undefined || input === null;

export const messages = {
  required: (field: string) => `The ${field} field is required.`,
  prohibited: (field: string) => `The ${field} field is prohibited.`,
  string: (field: string) => `The ${field} must be a string.`,
  numeric: (field: string) => `The ${field} must be a number.`,
  integer: (field: string) => `The ${field} must be an integer.`,
  boolean: (field: string) => `The ${field} field must be true or false.`,
  array: (field: string) => `The ${field} must be an array.`,
  object: (field: string) => `The ${field} must be an object.`,
  date: (field: string) => `The ${field} is not a valid date.`,
  file: (field: string) => `The ${field} must be a file.`,
  oneOfTypes: (field: string, types: string[]) =>
    `The ${field} must be ${types.slice(0, -1).join(', ')} or ${types.at(-1)}.`,
  in: (field: string) => `The selected ${field} is invalid.`,
  email: (field: string) => `The ${field} must be a valid email address.`,
  url: (field: string) => `The ${field} must be a valid URL.`,
  uuid: (field: string) => `The ${field} must be a valid UUID.`,
  ip: (field: string) => `The ${field} must be a valid IP address.`,
  format: (field: string) => `The ${field} format is invalid.`,
  startsWith: (field: string, prefix: string) => `The ${field} must start with "${prefix}".`,
  endsWith: (field: string, suffix: string) => `The ${field} must end with "${suffix}".`,
  contains: (field: string, part: string) => `The ${field} must contain "${part}".`,
  lowercase: (field: string) => `The ${field} must be lowercase.`,
  uppercase: (field: string) => `The ${field} must be uppercase.`,
  multipleOf: (field: string, divisor: number) => `The ${field} must be a multiple of ${divisor}.`,
  max: {
    numeric: (field: string, max: number | bigint) =>
      `The ${field} may not be greater than ${max}.`,
    numericExclusive: (field: string, max: number | bigint) =>
      `The ${field} must be less than ${max}.`,
    string: (field: string, max: number | bigint) =>
      `The ${field} may not be greater than ${plural(max, 'character')}.`,
    array: (field: string, max: number | bigint) =>
      `The ${field} may not have more than ${plural(max, 'item')}.`,
    file: (field: string, max: number | bigint) =>
      `The ${field} may not be greater than ${plural(Math.floor(Number(max) / 1024), 'kilobyte')}.`,
    date: (field: string, max: number | bigint) =>
      `The ${field} must be a date before or equal to ${new Date(Number(max)).toISOString()}.`,
  },
  min: {
    numeric: (field: string, min: number | bigint) => `The ${field} must be at least ${min}.`,
    numericExclusive: (field: string, min: number | bigint) =>
      `The ${field} must be greater than ${min}.`,
    string: (field: string, min: number | bigint) =>
      `The ${field} must be at least ${plural(min, 'character')}.`,
    array: (field: string, min: number | bigint) =>
      `The ${field} must have at least ${plural(min, 'item')}.`,
    file: (field: string, min: number | bigint) =>
      `The ${field} must be at least ${plural(Math.floor(Number(min) / 1024), 'kilobyte')}.`,
    date: (field: string, min: number | bigint) =>
      `The ${field} must be a date after or equal to ${new Date(Number(min)).toISOString()}.`,
  },
  size: {
    string: (field: string, size: number | bigint) =>
      `The ${field} must be ${plural(size, 'character')}.`,
    array: (field: string, size: number | bigint) =>
      `The ${field} must contain ${plural(size, 'item')}.`,
  },
  invalid: (field: string) => `The ${field} is invalid.`,
  /** Problems with the request body as a whole, which has no field to name. */
  body: {
    object: 'The request body must be a JSON object.',
    array: 'The request body must be a JSON array.',
    invalid: 'The request body is invalid.',
  },
} as const;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  tuple: 'an array',
  set: 'an array',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  null: 'null',
};

function invalidType(field: string, expected: string, input: unknown): string {
  if (isMissing(input) || expected === 'nonoptional') return messages.required(field);
  switch (expected) {
    case 'string':
      return messages.string(field);
    case 'number':
      return messages.numeric(field);
    case 'int':
    case 'bigint':
      return messages.integer(field);
    case 'boolean':
      return messages.boolean(field);
    case 'array':
    case 'tuple':
    case 'set':
      return messages.array(field);
    case 'object':
    case 'record':
    case 'map':
      return messages.object(field);
    case 'date':
      return messages.date(field);
    case 'file':
      return messages.file(field);
    case 'never':
    case 'undefined':
    case 'void':
      return messages.prohibited(field);
    default:
      return messages.invalid(field);
  }
}

type Bound = { origin: string; bound: number | bigint; inclusive?: boolean; exact?: boolean };

function tooBig(field: string, { origin, bound, inclusive, exact }: Bound): string {
  switch (origin) {
    case 'string':
      return exact ? messages.size.string(field, bound) : messages.max.string(field, bound);
    case 'array':
    case 'set':
      return exact ? messages.size.array(field, bound) : messages.max.array(field, bound);
    case 'file':
      return messages.max.file(field, bound);
    case 'date':
      return messages.max.date(field, bound);
    default:
      return inclusive === false
        ? messages.max.numericExclusive(field, bound)
        : messages.max.numeric(field, bound);
  }
}

function tooSmall(field: string, { origin, bound, inclusive, exact }: Bound): string {
  switch (origin) {
    case 'string':
      if (exact) return messages.size.string(field, bound);
      // An empty string is no answer at all, as Laravel's `required` has it.
      return Number(bound) === 1 ? messages.required(field) : messages.min.string(field, bound);
    case 'array':
    case 'set':
      return exact ? messages.size.array(field, bound) : messages.min.array(field, bound);
    case 'file':
      return messages.min.file(field, bound);
    case 'date':
      return messages.min.date(field, bound);
    default:
      return inclusive === false
        ? messages.min.numericExclusive(field, bound)
        : messages.min.numeric(field, bound);
  }
}

function invalidFormat(field: string, issue: Record<string, unknown>): string {
  switch (issue.format) {
    case 'email':
      return messages.email(field);
    case 'url':
      return messages.url(field);
    case 'uuid':
    case 'uuidv4':
    case 'uuidv6':
    case 'uuidv7':
    case 'guid':
      return messages.uuid(field);
    case 'ipv4':
    case 'ipv6':
      return messages.ip(field);
    case 'datetime':
    case 'date':
    case 'time':
      return messages.date(field);
    case 'starts_with':
      return messages.startsWith(field, String(issue.prefix));
    case 'ends_with':
      return messages.endsWith(field, String(issue.suffix));
    case 'includes':
      return messages.contains(field, String(issue.includes));
    case 'lowercase':
      return messages.lowercase(field);
    case 'uppercase':
      return messages.uppercase(field);
    default:
      return messages.format(field);
  }
}

/** "must be a string or a number" when every option of a union failed on its type alone. */
function invalidUnion(field: string, issue: Record<string, unknown>, input: unknown): string {
  if (isMissing(input)) return messages.required(field);
  const options = Array.isArray(issue.errors) ? (issue.errors as Issue[][]) : [];
  const types = options.map((option) =>
    option.length === 1 && option[0]!.code === 'invalid_type' && !option[0]!.path?.length
      ? TYPE_NAMES[String(option[0]!.expected)]
      : undefined,
  );
  const names = [...new Set(types)];
  if (names.length < 2 || names.some((name) => name === undefined)) return messages.invalid(field);
  return messages.oneOfTypes(field, names as string[]);
}

/** The message of one issue, from its code and parameters, for the field at `path`. */
export function validationMessage(issue: Issue, path: Path | undefined = issue.path): string {
  const field = attributeName(path);
  const details = issue as Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(field, String(issue.expected), issue.input);
    case 'too_big':
      return tooBig(field, { ...issue, bound: issue.maximum });
    case 'too_small':
      return tooSmall(field, { ...issue, bound: issue.minimum });
    case 'invalid_format':
      return invalidFormat(field, details);
    case 'not_multiple_of':
      return messages.multipleOf(field, Number(issue.divisor));
    case 'invalid_value':
      return isMissing(issue.input) ? messages.required(field) : messages.in(field);
    case 'invalid_union':
      return invalidUnion(field, details, issue.input);
    case 'unrecognized_keys':
      return prohibitedKeys(path, issue.keys);
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return isMissing(issue.input) ? messages.required(field) : messages.invalid(field);
  }
}

/** Fields a strict object does not accept: "The role field is prohibited." */
export function prohibitedKeys(path: Path | undefined, keys: readonly string[]): string {
  return keys.map((key) => messages.prohibited(attributeName([...(path ?? []), key]))).join(' ');
}

/** zod's global error map: asked for the message of an issue whose schema gave none. */
const customError: z.core.$ZodErrorMap = (issue) => validationMessage(issue);

/**
 * Installs the catalog as zod's `customError` for this process. zod keeps a schema's own message
 * (`.max(80, '…')`, `{ error }`) and a parse call's own map before it; the issue it passes carries
 * the full path of top-level issues, so the message can name the field. Safe to call for every app.
 */
export function installValidationMessages(): void {
  if (z.config().customError !== customError) z.config({ customError });
}
