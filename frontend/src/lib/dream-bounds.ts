/**
 * The dream's bounds, in characters a person sees: the server's (the `dream` of the registration's
 * and the dream editor's request in the OpenAPI document, minLength and maxLength), which
 * dream-bounds.test.ts holds equal. The catalogues' texts take them as `{min}` and `{max}`.
 */
export const DREAM_MIN_LENGTH = 100;
export const DREAM_MAX_LENGTH = 5000;

/** The values of the catalogues' `{min}` and `{max}` in the dream's texts. */
export const DREAM_BOUNDS = { min: DREAM_MIN_LENGTH, max: DREAM_MAX_LENGTH } as const;

/** The bounds of a dream shared after the performance (the share-dream form). */
export const SHARED_DREAM_MIN_LENGTH = 10;
export const SHARED_DREAM_MAX_LENGTH = 2000;
