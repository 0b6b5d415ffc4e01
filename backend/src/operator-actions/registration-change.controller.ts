import type { Command } from '@nestjs/cqrs';
import { ChangeController } from '../common/change-controller';
import type { AdminRegistrationDto } from '../registrations/queries/list-registrations/admin-registration.response.dto';
import { GetAdminRegistrationQuery } from '../registrations/queries/list-registrations/get-admin-registration.query';

/** A command of the operator's on one registration, named by its id. */
export type RegistrationChange = Command<void> & { readonly registrationId: string };

/** An operator's change of one registration, answered with the registration as it now stands. */
export abstract class RegistrationChangeController extends ChangeController<
  RegistrationChange,
  AdminRegistrationDto
> {
  protected answerTo(change: RegistrationChange): GetAdminRegistrationQuery {
    return new GetAdminRegistrationQuery(change.registrationId);
  }
}
