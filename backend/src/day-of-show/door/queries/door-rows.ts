import { actorNames } from '../../../auth/operator-view';
import type { SqlExecutor } from '../../../event-store/sql-executor';
import { checkInNames } from '../domain/check-in-names';
import { inSeatOrder } from '../../../registrations/queries/seat-order';
import {
  doorState,
  type DoorState,
  type RegistrationStatus,
} from '../../../registrations/domain/registration';

/** A registration of a slot as the door reads it from registration_view. */
export interface DoorRow {
  id: string;
  door_handle: string;
  name: string | null;
  status: RegistrationStatus;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  checked_in_operator: string | null;
  no_show: boolean;
}

/** Every registration of a slot, in seat order (inSeatOrder), with what the door shows. */
export function slotDoorRows(
  sql: SqlExecutor,
  event: string,
  time: string,
): Promise<(DoorRow & { seat: number | null })[]> {
  return inSeatOrder<DoorRow>(sql, { event, time }, [
    'id',
    'door_handle',
    'name',
    'status',
    'checked_in_at',
    'checked_in_by',
    'checked_in_operator',
    'no_show',
  ]);
}

export function doorStateOf(row: DoorRow): DoorState {
  return doorState({
    checkedInAt: row.checked_in_at === null ? null : new Date(row.checked_in_at).toISOString(),
    noShow: row.no_show,
  });
}

/** The names of the operators who checked these rows in, read once for a whole list. */
export function operatorNamesOf(
  sql: SqlExecutor,
  rows: readonly Pick<DoorRow, 'checked_in_operator'>[],
): Promise<Map<string, string>> {
  return actorNames(
    sql,
    rows.flatMap((row) => row.checked_in_operator ?? []),
  );
}

/** Who checked a row in, in the door's words (checkInNames): the operator, and the phone. */
export function checkInByOf(
  row: Pick<DoorRow, 'checked_in_by' | 'checked_in_operator'>,
  names: ReadonlyMap<string, string>,
) {
  return checkInNames({
    operatorName:
      row.checked_in_operator === null ? null : (names.get(row.checked_in_operator) ?? null),
    device: row.checked_in_by,
  });
}
