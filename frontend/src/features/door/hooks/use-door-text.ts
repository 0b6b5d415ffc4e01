import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type en from '../../../lang/admin/en.json';

/** The door page's texts live in the Command Center's catalogue, under the admin.door prefix. */
export type DoorMessageId = Extract<keyof typeof en, `admin.door.${string}`>;

export type DoorText = (
  key: DoorMessageId,
  values?: Record<string, string | number | boolean | null | undefined | Date>,
) => string;

export function useDoorText(): DoorText {
  const intl = useIntl();
  return useCallback<DoorText>((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
