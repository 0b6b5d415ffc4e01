import type { ReactNode } from 'react';
import JoinPage from '../features/account/components/join-page';
import { ConsoleShell } from './command-center/console-shell';

/** The console's shell without its sections: the one who joins is not signed in yet. */
function SignedOutShell({ children }: { children: ReactNode }) {
  return <ConsoleShell sections={false}>{children}</ConsoleShell>;
}

/** /admin/join: joining as an operator, in the Command Center's shell. */
export default function JoinRoute() {
  return <JoinPage frame={SignedOutShell} />;
}
