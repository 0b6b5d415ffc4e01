// Named imports, so that the build keeps only the requests read here.
import { CreateRegistrationRequestDto } from './api-bounds.json';

/**
 * The dream's bounds, in characters a person sees: the server's, read from the OpenAPI document
 * (the `dream` of the registration's, the dream editor's and the shared dream's requests, their
 * minLength and maxLength, written to api-bounds.json by `npm run generate:api`). The
 * catalogues' texts take them as `{min}` and `{max}`.
 */
export const DREAM_MIN_LENGTH = CreateRegistrationRequestDto.dream.minLength;
export const DREAM_MAX_LENGTH = CreateRegistrationRequestDto.dream.maxLength;

/** The values of the catalogues' `{min}` and `{max}` in the dream's texts. */
export const DREAM_BOUNDS = { min: DREAM_MIN_LENGTH, max: DREAM_MAX_LENGTH } as const;
