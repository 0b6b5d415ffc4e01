import { HttpException, HttpStatus } from '@nestjs/common';

function apiError(statusCode: number, message: string): HttpException {
  return new HttpException({ statusCode, message, errors: [] }, statusCode);
}

export function notLoggedIn(): HttpException {
  return apiError(HttpStatus.UNAUTHORIZED, 'Log in as the operator to do this.');
}

export function wrongPassword(): HttpException {
  return apiError(HttpStatus.UNAUTHORIZED, 'Invalid password. Please try again.');
}

export function tooManyAttempts(): HttpException {
  return apiError(
    HttpStatus.TOO_MANY_REQUESTS,
    'Too many failed login attempts; please try again later.',
  );
}

export function crossSiteRequest(): HttpException {
  return apiError(HttpStatus.FORBIDDEN, 'Cross-site requests are not accepted.');
}

export function notJson(): HttpException {
  return apiError(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'The request body must be JSON (Content-Type: application/json).',
  );
}
