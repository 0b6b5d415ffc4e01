import bounds from './api-bounds.json';

/**
 * The dream's bounds, in characters a person sees: the server's, read from the OpenAPI document
 * (the `dream` of the registration's, the dream editor's and the shared dream's requests, their
 * minLength and maxLength, written to api-bounds.json by `npm run generate:api`). The
 * catalogues' texts take them as `{min}` and `{max}`.
 */
export const DREAM_MIN_LENGTH = bounds.CreateRegistrationRequestDto.dream.minLength;
export const DREAM_MAX_LENGTH = bounds.CreateRegistrationRequestDto.dream.maxLength;

/** The values of the catalogues' `{min}` and `{max}` in the dream's texts. */
export const DREAM_BOUNDS = { min: DREAM_MIN_LENGTH, max: DREAM_MAX_LENGTH } as const;

/** The bounds of a dream shared after the performance (the share-dream form). */
export const SHARED_DREAM_MIN_LENGTH = bounds.ShareDreamRequestDto.dream.minLength;
export const SHARED_DREAM_MAX_LENGTH = bounds.ShareDreamRequestDto.dream.maxLength;
