// Apart from the registration's dream bounds, so that the home page does not carry these.
import { ShareDreamRequestDto } from './api-bounds.json';

/** The bounds of a dream shared after the performance (the share-dream form). */
export const SHARED_DREAM_MIN_LENGTH = ShareDreamRequestDto.dream.minLength;
export const SHARED_DREAM_MAX_LENGTH = ShareDreamRequestDto.dream.maxLength;
