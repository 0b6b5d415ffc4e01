import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useRenewRecoveryCodes, useStepUpRefusal } from '../api/operator-keys';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { RecoveryCodes } from './recovery-codes';
import { FieldError } from '../../../components/field';

/** Ten new recovery codes in place of the earlier ones, shown once. */
export function NewRecoveryCodes() {
  const t = useAdminText();
  const renew = useRenewRecoveryCodes();
  const queryClient = useQueryClient();
  const steppedDown = useStepUpRefusal();
  const { sessionExpired } = useAdminFailure();
  const [problem, setProblem] = useState(false);

  if (renew.data) {
    return (
      <RecoveryCodes
        codes={renew.data.recoveryCodes}
        onKept={() => {
          renew.reset();
          void queryClient.invalidateQueries({ queryKey: adminKeys.account() });
        }}
      />
    );
  }
  return (
    <div className="second-factor__way">
      <button
        type="button"
        className="button"
        disabled={renew.isPending}
        onClick={() => {
          setProblem(false);
          renew.mutate(undefined, {
            onError: (error) => {
              if (isUnauthorized(error)) return sessionExpired();
              if (!steppedDown(error)) setProblem(true);
            },
          });
        }}
      >
        {t('admin.account.newRecoveryCodes')}
      </button>
      {problem && <FieldError alert>{t('admin.account.newRecoveryCodesFailed')}</FieldError>}
    </div>
  );
}
