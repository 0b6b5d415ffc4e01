import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { LogoutButton } from '../../../lib/admin-session/logout-button';
import { SecondFactorSetup } from './second-factor-setup';
import './account.css';

/**
 * Any Command Center page while the session waits for its second factor (joined, then left
 * before adding one): the server opens nothing else until it is added.
 */
export function SecondFactorRequired() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  const titleId = useId();
  return (
    <section className="command-center second-factor-page" aria-labelledby={titleId}>
      <header className="command-center__head">
        <h1 id={titleId}>{t('admin.secondFactor.title')}</h1>
        <LogoutButton />
      </header>
      <p className="notice notice--warning">{t('admin.secondFactor.required')}</p>
      <SecondFactorSetup
        onDone={() => void queryClient.invalidateQueries({ queryKey: adminKeys.session() })}
      />
    </section>
  );
}
