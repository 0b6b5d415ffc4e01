import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { NormalizeText } from '../common/normalize-text';
import { TextField } from '../common/validation';
import {
  DREAM_MAX_CHARACTERS,
  DREAM_MIN_CHARACTERS,
  DREAM_RULE,
} from './domain/registration-rules';
import { DREAM_EXAMPLE } from './openapi-examples';

/** What a dream refused is told, in the API's words: registering and the operator's editor alike. */
export const DREAM_MESSAGE =
  'Please share your dream with at least 100 characters - it will be part of the performance';
const DREAM_TOO_LONG = 'Your dream must be at most 5000 characters';

export const DREAM_MESSAGES = {
  blank: DREAM_MESSAGE,
  short: DREAM_MESSAGE,
  control: 'Your dream must not contain control characters',
  long: DREAM_TOO_LONG,
};

/**
 * A request's `dream`: what registering and the operator's editor both accept, declared in the
 * document and checked by one rule (DREAM_RULE) with the words above.
 */
export function DreamText(): (object: object, propertyName: string) => void {
  const rest = applyDecorators(
    IsString({ message: DREAM_MESSAGE }),
    NormalizeText(),
    ApiProperty({
      example: DREAM_EXAMPLE,
      description: `Between ${DREAM_MIN_CHARACTERS} and ${DREAM_MAX_CHARACTERS} characters as a person counts them (what shows nothing counts as none), after NFC and trimming; no control characters but line breaks and tabs`,
      minLength: DREAM_MIN_CHARACTERS,
      maxLength: DREAM_MAX_CHARACTERS,
    }),
  );
  // In the order decorators written above a property apply (bottom up): the text's rule first.
  return (object, propertyName) => {
    TextField(DREAM_RULE, DREAM_MESSAGES)(object, propertyName);
    rest(object, propertyName);
  };
}
