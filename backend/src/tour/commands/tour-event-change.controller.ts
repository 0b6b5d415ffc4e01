import type { Command } from '@nestjs/cqrs';
import { ChangeController } from '../../common/change-controller';
import { GetTourEventQuery } from '../queries/tour-admin/get-tour-event.query';
import type { TourEventAdminDto } from '../queries/tour-admin/tour-admin.response.dto';

/** An operator's command changing one event of the tour, named by its slug. */
export type TourEventChange = Command<void> & { readonly change: { readonly slug: string } };

/** An operator's change of the tour, answered with the event as it now stands. */
export abstract class TourEventChangeController extends ChangeController<
  TourEventChange,
  TourEventAdminDto
> {
  protected answerTo(change: TourEventChange): GetTourEventQuery {
    return new GetTourEventQuery(change.change.slug);
  }
}
