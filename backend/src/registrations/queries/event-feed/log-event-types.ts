import { OPERATOR_EVENT_TYPES, OWNER_ACCESS_EVENT_TYPES } from '../../../auth/operator';
import { TOUR_FACT_TYPES } from '../../../tour/domain/tour';
import { REGISTRATION_EVENT_TYPES } from '../../domain/registration-events';
import { RECEIPT_EVENT_TYPES } from '../../domain/money';

/**
 * Every kind of fact the log holds, from the lists each stream's codec reads: the feed's `type`
 * filter offers them, and the console has a sentence for each in every language (a test holds
 * its catalogues to this list through the OpenAPI document).
 */
export const LOG_EVENT_TYPES: readonly string[] = [
  ...REGISTRATION_EVENT_TYPES,
  ...TOUR_FACT_TYPES,
  ...OPERATOR_EVENT_TYPES,
  ...OWNER_ACCESS_EVENT_TYPES,
  ...RECEIPT_EVENT_TYPES,
];
