import type { Type } from '@nestjs/common';
import { createValidationPipe } from '../../src/common/validation';
import type { FieldError } from '../../src/common/validation';
import { ValidationFailed } from '../../src/common/request-errors';
import {
  CANCELLATION_NOTE_MAX_LENGTH,
  CancelRegistrationRequestDto,
} from '../../src/operator-actions/commands/cancel-registration/cancel-registration.request.dto';
import { PasskeyRegistrationRequestDto } from '../../src/operators/commands/add-passkey/add-passkey.request.dto';
import { OperatorLoginRequestDto } from '../../src/operators/commands/log-in-as-operator/log-in-as-operator.request.dto';
import { PASSPHRASE_MAX_LENGTH } from '../../src/operators/domain/passphrase';
import { StepUpRequestDto } from '../../src/operators/commands/step-up/step-up.request.dto';
import { RegistrationExportRequestDto } from '../../src/registrations/queries/registration-page/registration-export.request.dto';

const pipe = createValidationPipe({});

/** The field errors the pipe answers `value` with, as the DTO `metatype` is checked. */
async function refusals(metatype: Type<unknown>, value: object): Promise<FieldError[]> {
  try {
    await pipe.transform(value, { type: 'body', metatype });
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors ?? [];
    throw error;
  }
  return [];
}

/**
 * The optional text fields bounded by TextOfAtMost: each refuses what is not text and what is
 * longer than its bound, in words naming the field, with the field's code (and the bound).
 */
describe('a text field of at most so many characters (TextOfAtMost)', () => {
  const fields: [string, Type<unknown>, object, string, number][] = [
    [
      'reason',
      CancelRegistrationRequestDto,
      { refund: false },
      'reason',
      CANCELLATION_NOTE_MAX_LENGTH,
    ],
    ['passkey name', PasskeyRegistrationRequestDto, {}, 'name', 60],
    ['second factor code', OperatorLoginRequestDto, {}, 'code', 20],
    ['step-up passphrase', StepUpRequestDto, {}, 'passphrase', PASSPHRASE_MAX_LENGTH],
    ['export word', RegistrationExportRequestDto, {}, 'unknownName', 100],
  ];

  it.each(fields)('%s', async (_name, dto, rest, field, bound) => {
    const own = async (value: unknown) =>
      (await refusals(dto, { ...rest, [field]: value })).filter((error) => error.field === field);
    expect(await own(42)).toEqual([{ field, code: 'not-text', message: `${field} must be text` }]);
    expect(await own('a'.repeat(bound + 1))).toEqual([
      {
        field,
        code: 'too-long',
        limit: bound,
        message: `${field} must be at most ${bound} characters`,
      },
    ]);
    expect(await own('a'.repeat(bound))).toEqual([]);
  });
});
