/** A dream as a visitor writes one, for the document's examples: 100 characters at least. */
export const DREAM_EXAMPLE =
  'I was walking through a city made of glass, and every window showed a different night sky; my grandmother waved from a tram.';
