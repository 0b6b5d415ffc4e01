import type { RegistrationCursor } from './registration-cursor';
import { statusesListedAs, type StatusFilter } from '../../domain/registration';

/** What the Command Center asks of its list: everything but the page size is optional. */
export interface RegistrationFilter {
  q?: string;
  status?: StatusFilter;
  event?: string;
  time?: string;
}

/** A WHERE clause and its parameters, numbered from $1. */
export interface SqlCondition {
  where: string;
  parameters: unknown[];
}

/** LIKE's own characters in the needle match themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The needle as search_text holds it: lower case; a phone typed with spaces, brackets, dashes
 * or a plus is also looked for by its digits alone.
 */
function searchNeedles(q: string): string[] {
  const needle = q.toLowerCase();
  const digits = needle.replace(/[\s()+-]/g, '');
  return /^\d+$/.test(digits) && digits !== needle ? [needle, digits] : [needle];
}

/**
 * The conditions of a filter (and of the rows after a cursor), in the shape the list's indexes
 * answer: (created_at, id) compared as a row, so a page starts where the last one ended.
 */
export function filterCondition(
  filter: RegistrationFilter,
  after?: RegistrationCursor,
): SqlCondition {
  return conditionOf(filter, after, true);
}

/** The conditions of a filter but its status: what each status filter's count is taken over. */
export function filterConditionAnyStatus(filter: RegistrationFilter): SqlCondition {
  return conditionOf(filter, undefined, false);
}

function conditionOf(
  filter: RegistrationFilter,
  after: RegistrationCursor | undefined,
  withStatus: boolean,
): SqlCondition {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  const parameter = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  if (filter.event !== undefined) clauses.push(`event = ${parameter(filter.event)}`);
  if (filter.time !== undefined) clauses.push(`time = ${parameter(filter.time)}`);
  if (withStatus && filter.status !== undefined) {
    clauses.push(`status = ANY(${parameter(statusesListedAs(filter.status))}::text[])`);
  }
  const q = filter.q?.trim();
  if (q) {
    const needles = searchNeedles(q).map(
      (needle) => `search_text LIKE ${parameter(`%${likeLiteral(needle)}%`)}`,
    );
    clauses.push(needles.length === 1 ? needles[0] : `(${needles.join(' OR ')})`);
  }
  if (after) {
    clauses.push(
      `(created_at, id) < (${parameter(after.createdAt)}::timestamp AT TIME ZONE 'UTC', ${parameter(after.id)}::uuid)`,
    );
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', parameters };
}
