import CommandCenterPage from './command-center/command-center-page';
import { DoorPage } from '../features/door/components/door-page';

/** /admin/door: the door page inside the Command Center's gate, texts and header. */
export default function DoorRoute() {
  return (
    <CommandCenterPage
      section="door"
      worksOffline
      page={({ consoleHeader, onSignedOut, operatorName }) => (
        <DoorPage
          consoleHeader={consoleHeader}
          onSignedOut={onSignedOut}
          operatorName={operatorName}
        />
      )}
    />
  );
}
