import { OperatorConflict, StepUpRequired } from '../../auth/admin-errors';
import { only } from '../../common/domain-error';

/** The owner's refusal on every route of second factors: the password is theirs. */
export const OWNER_HAS_NO_FACTORS = only(OperatorConflict, 'owner-has-no-factors');

/** A change of what signs the operator in: a session proved lately, never the owner's. */
export const PROVED_LATELY = [StepUpRequired, OWNER_HAS_NO_FACTORS];
