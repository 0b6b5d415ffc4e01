import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Drawer } from '../../components/drawer';
import { FieldError } from '../../components/field';
import { isUnauthorized } from './admin-request';
import { useAdminFailure } from './use-admin-feedback';
import { useAdminText } from './use-admin-text';
import './history-frame.css';

/**
 * A history in its drawer (a registration's, the tour's): the entries (`children`, an ordered
 * list of `history-item`s) once read, or what stands in their place: loading, the failure, or
 * that there is none yet. A 401 on reading it takes the operator back to the gate.
 */
export function HistoryFrame({
  title,
  description,
  onClose,
  state,
  error,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onClose: () => void;
  state: 'loading' | 'failed' | 'empty' | 'shown';
  error: unknown;
  children?: ReactNode;
}) {
  const t = useAdminText();
  const { sessionExpired } = useAdminFailure();
  useEffect(() => {
    if (isUnauthorized(error)) sessionExpired();
  }, [error, sessionExpired]);

  return (
    <Drawer
      className="history-drawer"
      title={title}
      description={description}
      closeLabel={t('admin.history.close')}
      onClose={onClose}
    >
      {state === 'loading' ? (
        <p role="status">{t('admin.history.loading')}</p>
      ) : state === 'failed' ? (
        <FieldError alert>{t('admin.history.error')}</FieldError>
      ) : state === 'empty' ? (
        <p>{t('admin.history.empty')}</p>
      ) : (
        children
      )}
    </Drawer>
  );
}
