import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ConcurrencyError } from '../event-store/concurrency-error';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  type DatabaseUnavailability,
  databaseUnavailability,
} from '../database/database-unavailable';
import { scrubUrl } from '../logging/personal-data-redaction';
import { DomainError } from './domain-error';
import { fallbackCode } from './request-errors';
import type { FieldError } from './validation';

export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors: FieldError[];
}

/** Counts the 503s answered for an unavailable database (the metrics implement it). */
export interface DatabaseUnavailableAnswers {
  databaseUnavailableAnswer(reason: DatabaseUnavailability): void;
}

/** body-parser's refusals, by their type: the code and the words of each. */
const BODY_PARSER_REFUSALS: Record<string, { code: string; message?: string }> = {
  'entity.parse.failed': { code: 'invalid-json', message: 'The request body is not valid JSON' },
  'entity.too.large': { code: 'body-too-large', message: 'The request body is too large' },
  'charset.unsupported': { code: 'unsupported-media-type' },
  'encoding.unsupported': { code: 'unsupported-media-type' },
};

/** A field error as the answer carries it: with a code, `invalid` when its thrower gave none. */
function withCode(error: FieldError): FieldError {
  return { ...error, code: error.code ?? 'invalid' };
}

/** The router's refusal of a path parameter that is not percent-encoded UTF-8. */
function isUndecodablePath(exception: unknown): boolean {
  return String((exception as Error).message).startsWith('Failed to decode param');
}

/** Maps every error, ours or the framework's, to one JSON shape; a 500 never leaks details. */
export function toApiError(exception: unknown): ApiErrorBody {
  if (exception instanceof DomainError) {
    const errors =
      exception.errors ??
      (exception.field
        ? [{ field: exception.field, code: exception.code, message: exception.message }]
        : []);
    return {
      ...exception.details,
      statusCode: exception.status,
      code: exception.code,
      message: exception.message,
      errors,
    };
  }
  if (exception instanceof ConcurrencyError) {
    return {
      statusCode: HttpStatus.CONFLICT,
      code: 'concurrent-change',
      // The tour's store answers its own conflicts (a TourError); the registrations' reach here.
      message: 'The registration changed at the same moment; please try again.',
      errors: [],
    };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const cause = exception.cause as { type?: string } | undefined;
    const bodyParser =
      exception.cause instanceof SyntaxError
        ? BODY_PARSER_REFUSALS['entity.parse.failed']
        : BODY_PARSER_REFUSALS[cause?.type ?? ''];
    if (bodyParser?.message) {
      return { statusCode, code: bodyParser.code, message: bodyParser.message, errors: [] };
    }
    if (isUndecodablePath(exception)) {
      return { statusCode, code: 'invalid-path', message: exception.message, errors: [] };
    }
    const body = exception.getResponse();
    if (typeof body === 'object' && body !== null) {
      const { message, errors, code } = body as {
        message?: unknown;
        errors?: unknown;
        code?: unknown;
      };
      return {
        statusCode,
        code: typeof code === 'string' ? code : (bodyParser?.code ?? fallbackCode(statusCode)),
        message: Array.isArray(message)
          ? message.join('; ')
          : typeof message === 'string'
            ? message
            : exception.message,
        errors: Array.isArray(errors) ? (errors as FieldError[]).map(withCode) : [],
      };
    }
    return { statusCode, code: fallbackCode(statusCode), message: String(body), errors: [] };
  }
  const status = (exception as { status?: unknown; type?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser's errors: malformed JSON, a body over the limit, a bad charset.
    const refusal = BODY_PARSER_REFUSALS[(exception as { type?: string }).type ?? ''];
    return {
      statusCode: status,
      code: refusal?.code ?? (isUndecodablePath(exception) ? 'invalid-path' : fallbackCode(status)),
      message: refusal?.message ?? (exception as Error).message,
      errors: [],
    };
  }
  if (databaseUnavailability(exception)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'service-unavailable',
      message: 'The service is briefly unavailable; please try again in a moment.',
      errors: [],
    };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    code: 'internal-error',
    message: 'Internal server error',
    errors: [],
  };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly metrics?: DatabaseUnavailableAnswers) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const response = context.getResponse<Response>();
    const request = context.getRequest<Request>();
    const body = toApiError(exception);
    // A 5xx that a controller answers on purpose (readiness while shutting down) is no fault:
    // the access log has its line. Everything else that ends in a 5xx is logged with its stack.
    const onPurpose =
      exception instanceof HttpException ||
      (exception instanceof DomainError && exception.status === HttpStatus.SERVICE_UNAVAILABLE);
    if (body.statusCode >= 500 && !onPurpose) {
      this.logger.error(
        `${request.method} ${scrubUrl(request.path)} -> ${body.statusCode}: ${
          exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)
        }`,
      );
    }
    const unavailable = databaseUnavailability(exception);
    if (unavailable && body.statusCode === HttpStatus.SERVICE_UNAVAILABLE) {
      this.metrics?.databaseUnavailableAnswer(unavailable);
    }
    answerApiError(response, exception, body);
  }
}

/**
 * Answers `exception` in the one JSON shape (`body`, its toApiError), with Retry-After when the
 * database is briefly away or the error names a wait; nothing once the answer has begun.
 */
export function answerApiError(
  response: Response,
  exception: unknown,
  body: ApiErrorBody = toApiError(exception),
): void {
  if (response.headersSent) return;
  if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && !response.hasHeader('Retry-After')) {
    response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  }
  if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
    response.setHeader('Retry-After', String(exception.retryAfterSeconds));
  }
  response.status(body.statusCode).json(body);
}
