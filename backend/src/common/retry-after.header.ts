import type { HeaderObject } from '@nestjs/swagger';

/** The Retry-After header of an answer that asks to wait (429, 503), as the document declares it. */
export const RETRY_AFTER: Record<string, HeaderObject> = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
};
