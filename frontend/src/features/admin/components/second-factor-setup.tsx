import { PasskeyAdder } from './passkey-adder';
import { TotpSetup } from './totp-setup';

/**
 * The second factor a new operator adds before anything else opens: a passkey on this device,
 * or an authenticator app (with its recovery codes).
 */
export function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  return (
    <div className="second-factor">
      <PasskeyAdder onAdded={onDone} />
      <TotpSetup onDone={onDone} />
    </div>
  );
}
