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
