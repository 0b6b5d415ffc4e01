import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { AdminMessageId } from './admin-catalogue';

export type AdminText = (
  key: AdminMessageId,
  values?: Record<string, string | number | boolean | null | undefined | Date>,
) => string;

/** The Command Center's texts, by a key the compiler checks against the English catalogue. */
export function useAdminText(): AdminText {
  const intl = useIntl();
  return useCallback<AdminText>((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
