import { PasskeyAdder } from './passkey-adder';
import { StepUpGate } from './step-up-gate';
import { TotpSetup } from './totp-setup';

/**
 * The second factor a new operator adds before anything else opens: a passkey on this device,
 * or an authenticator app (with its recovery codes), from a session that proved who holds it in
 * the last few minutes (its sign-in, or the passphrase again).
 */
export function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  return (
    <div className="second-factor">
      <StepUpGate>
        <PasskeyAdder onAdded={onDone} />
        <TotpSetup onDone={onDone} />
      </StepUpGate>
    </div>
  );
}
