import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ApiOperation, ApiResponse, DECORATORS } from '@nestjs/swagger';
import type { DeclaredErrors } from './domain-error';

/**
 * The operation's extension listing, by status, the codes its route may answer: common-answers.ts
 * turns it into each error answer's `code` enum (and adds the shared layers' codes).
 */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

type CodesByStatus = Record<string, string[]>;

function addCodes(target: object, declared: readonly DeclaredErrors[]): void {
  const extensions = (Reflect.getMetadata(DECORATORS.API_EXTENSION, target) ?? {}) as Record<
    string,
    unknown
  >;
  const codes: CodesByStatus = { ...((extensions[ERROR_CODES_EXTENSION] as CodesByStatus) ?? {}) };
  for (const errors of declared) {
    for (const [code, status] of Object.entries(errors.codes)) {
      const listed = new Set(codes[status] ?? []);
      listed.add(code);
      codes[status] = [...listed].sort();
    }
  }
  Reflect.defineMetadata(
    DECORATORS.API_EXTENSION,
    { ...extensions, [ERROR_CODES_EXTENSION]: codes },
    target,
  );
}

/**
 * The error classes a route may answer (each declares its codes and their statuses): the
 * document lists their codes on the route's error answers, declaring an answer for each status.
 * On a class, every route of it.
 */
export function ApiRefusals(...declared: readonly DeclaredErrors[]) {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      addCodes(descriptor.value as object, declared);
      return descriptor;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (
        name !== 'constructor' &&
        typeof method === 'function' &&
        Reflect.hasMetadata(METHOD_METADATA, method)
      ) {
        addCodes(method, declared);
      }
    }
    return target;
  };
}

/** What a route's decorators say of it: its operation, its success answer, its refusals. */
export interface RouteDoc {
  operationId: string;
  summary: string;
  description?: string;
  /**
   * The success answer's DTO ([DTO] for a list); none for one the route declares itself (its
   * headers, its media types), or for an answer without a body (204) when okDescription says it.
   */
  ok?: Type<unknown> | [Type<unknown>];
  /** The success status: 200 unless said (201 created, 204 no body). */
  status?: 200 | 201 | 204;
  okDescription?: string;
  /** The error classes the route may answer beyond the shared layers' (common-answers.ts). */
  refusals?: readonly DeclaredErrors[];
}

/** The operation, its success answer and its refusals: one decorator for what every route says. */
export function Route(doc: RouteDoc) {
  const [type, isArray] = Array.isArray(doc.ok) ? [doc.ok[0], true] : [doc.ok, false];
  return applyDecorators(
    ApiOperation({
      operationId: doc.operationId,
      summary: doc.summary,
      ...(doc.description === undefined ? {} : { description: doc.description }),
    }),
    ...(type || doc.okDescription !== undefined
      ? [
          ApiResponse({
            status: doc.status ?? 200,
            description: doc.okDescription ?? '',
            ...(type ? { type, isArray } : {}),
          }),
        ]
      : []),
    ApiRefusals(...(doc.refusals ?? [])),
  );
}

/** A public query (GET): anyone may read it. */
export function PublicQuery(doc: RouteDoc) {
  return Route(doc);
}

/** A visitor's command: anyone holding its link or id may send it; answered 200 unless said. */
export function VisitorCommand(doc: RouteDoc) {
  return applyDecorators(HttpCode(doc.status ?? 200), Route(doc));
}
