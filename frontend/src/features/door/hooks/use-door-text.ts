import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type en from '../../../lang/door/en.json';

/** The door page's texts: its own catalogue (lang/door/), loaded with the Command Center's. */
export type DoorMessageId = keyof typeof en;

export type DoorText = (
  key: DoorMessageId,
  values?: Record<string, string | number | boolean | null | undefined | Date>,
) => string;

export function useDoorText(): DoorText {
  const intl = useIntl();
  return useCallback<DoorText>((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}

/** The password login's name in the door's answers (the server's OWNER_ACTOR_NAME). */
const OWNER_NAME = 'owner';
const FORMER_OPERATOR = /^former operator #(\d+)$/;

/**
 * Who checked a person in, as the door says it: the operator by name, and the phone they used
 * when it has one ("Bianca Box on Door phone 1"); the owner and an erased operator in words.
 */
export function useCheckedInBy() {
  const t = useDoorText();
  return useCallback(
    (check: { checkedInBy?: string | null; checkedInDevice?: string | null }) => {
      const by = check.checkedInBy ?? null;
      const former = by === null ? null : FORMER_OPERATOR.exec(by);
      const operator =
        by === OWNER_NAME
          ? t('door.by.owner')
          : former
            ? t('door.by.former', { number: Number(former[1]) })
            : by;
      const phone = check.checkedInDevice ?? null;
      if (operator === null) return phone ?? '—';
      return phone && phone !== operator ? t('door.by.onPhone', { operator, phone }) : operator;
    },
    [t],
  );
}
