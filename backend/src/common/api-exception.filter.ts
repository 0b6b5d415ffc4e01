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
import type { FieldError } from './validation';

export interface ApiErrorBody {
  statusCode: number;
  message: string;
  errors: FieldError[];
}

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  invalid: HttpStatus.BAD_REQUEST,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  'too-many': HttpStatus.TOO_MANY_REQUESTS,
  'provider-failed': HttpStatus.BAD_GATEWAY,
};

/** Counts the 503s answered for an unavailable database (the metrics implement it). */
export interface DatabaseUnavailableAnswers {
  databaseUnavailableAnswer(reason: DatabaseUnavailability): void;
}

/** Maps every error, ours or the framework's, to one JSON shape; a 500 never leaks details. */
export function toApiError(exception: unknown): ApiErrorBody {
  if (exception instanceof DomainError) {
    const statusCode = STATUS_BY_KIND[exception.kind];
    return {
      ...exception.details,
      statusCode,
      message: exception.message,
      errors: exception.field ? [{ field: exception.field, message: exception.message }] : [],
    };
  }
  if (exception instanceof ConcurrencyError) {
    return {
      statusCode: HttpStatus.CONFLICT,
      // The tour's store answers its own conflicts (a TourError); the registrations' reach here.
      message: 'The registration changed at the same moment; please try again.',
      errors: [],
    };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const bodyParserType = (exception.cause as { type?: string } | undefined)?.type;
    if (bodyParserType === 'entity.parse.failed' || exception.cause instanceof SyntaxError) {
      return { statusCode, message: 'The request body is not valid JSON', errors: [] };
    }
    if (bodyParserType === 'entity.too.large') {
      return { statusCode, message: 'The request body is too large', errors: [] };
    }
    const body = exception.getResponse();
    if (typeof body === 'object' && body !== null) {
      const { message, errors } = body as { message?: unknown; errors?: unknown };
      return {
        statusCode,
        message: Array.isArray(message)
          ? message.join('; ')
          : typeof message === 'string'
            ? message
            : exception.message,
        errors: Array.isArray(errors) ? (errors as FieldError[]) : [],
      };
    }
    return { statusCode, message: String(body), errors: [] };
  }
  const status = (exception as { status?: unknown; type?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser's errors: malformed JSON, a body over the limit, a bad charset.
    const type = (exception as { type?: string }).type;
    const message =
      type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : type === 'entity.too.large'
          ? 'The request body is too large'
          : (exception as Error).message;
    return { statusCode: status, message, errors: [] };
  }
  if (databaseUnavailability(exception)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      message: 'The service is briefly unavailable; please try again in a moment.',
      errors: [],
    };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
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
    if (body.statusCode >= 500 && !(exception instanceof HttpException)) {
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
    if (response.headersSent) return;
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && !response.hasHeader('Retry-After')) {
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    response.status(body.statusCode).json(body);
  }
}
