// Named imports, so that the build keeps only the requests read here.
import {
  CancelRegistrationRequestDto,
  InviteOperatorRequestDto,
  JoinRequestDto,
  PasskeyNameRequestDto,
  PasskeyRegistrationRequestDto,
  listRegistrationPage,
} from './api-bounds.json';

/**
 * The Command Center's inputs held to the server's bounds, read from the OpenAPI document
 * (written to api-bounds.json by `npm run generate:api`): an operator's name as invited and as
 * joining, the new passphrase's least and most characters, a passkey's name as added and as
 * renamed, a cancellation's reason, and the registrations' search.
 */
export const INVITED_NAME_MAX_LENGTH = InviteOperatorRequestDto.name.maxLength;
export const JOINING_NAME_MAX_LENGTH = JoinRequestDto.name.maxLength;
export const PASSPHRASE_MIN_LENGTH = JoinRequestDto.passphrase.minLength;
export const PASSKEY_NAME_MAX_LENGTH = PasskeyRegistrationRequestDto.name.maxLength;
export const PASSKEY_RENAME_MAX_LENGTH = PasskeyNameRequestDto.name.maxLength;
export const CANCEL_REASON_MAX_LENGTH = CancelRegistrationRequestDto.reason.maxLength;
export const SEARCH_MAX_LENGTH = listRegistrationPage.q.maxLength;
