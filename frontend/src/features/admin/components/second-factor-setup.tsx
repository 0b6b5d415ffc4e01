import { useState } from 'react';
import { useAdminText } from '../hooks/use-admin-text';
import { PasskeyAdder } from './passkey-adder';
import { TotpSetup } from './totp-setup';

/**
 * The second factor a new operator adds before anything else opens: a passkey on this device,
 * or an authenticator app (with its recovery codes).
 */
export function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  const t = useAdminText();
  const [way, setWay] = useState<'passkey' | 'totp'>('passkey');
  return (
    <div className="second-factor">
      <div
        className="second-factor__choice"
        role="group"
        aria-label={t('admin.secondFactor.choice')}
      >
        <button
          type="button"
          className="button button--small"
          aria-pressed={way === 'passkey'}
          onClick={() => setWay('passkey')}
        >
          {t('admin.secondFactor.usePasskey')}
        </button>
        <button
          type="button"
          className="button button--small"
          aria-pressed={way === 'totp'}
          onClick={() => setWay('totp')}
        >
          {t('admin.secondFactor.useApp')}
        </button>
      </div>
      {way === 'passkey' ? <PasskeyAdder onAdded={onDone} /> : <TotpSetup onDone={onDone} />}
    </div>
  );
}
