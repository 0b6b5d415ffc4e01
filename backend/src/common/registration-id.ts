import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, IsUUID, MaxLength } from 'class-validator';
import type { ParameterRule } from './parameter-rule';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether a text can be a registration's id (a UUID): links and webhooks check it before looking. */
export function isRegistrationId(id: string): boolean {
  return UUID.test(id);
}

/** A registration's id as a request names it (`{id}`): a UUID. */
export const REGISTRATION_ID: ParameterRule = {
  maxLength: 36,
  pattern: UUID,
  shape: 'a registration id (a UUID)',
};

/** A request body's `registrationId`: a registration's id (a UUID), refused in one word otherwise. */
export function RegistrationIdField(): PropertyDecorator {
  const refused = { message: 'registrationId must be a registration id' };
  return applyDecorators(
    // In the order decorators written above a property apply (bottom up).
    IsUUID('all', refused),
    MaxLength(36, refused),
    IsString(refused),
    IsDefined(refused),
    ApiProperty({ format: 'uuid', maxLength: 36, example: '4b1f7c2e-8d0a-4c55-9e3b-2f6a1d9c0e11' }),
  );
}
