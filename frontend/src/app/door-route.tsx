import CommandCenterPage from './command-center/command-center-page';
import { DoorPage } from '../features/door/components/door-page';

/** /admin/door: the door page inside the Command Center's gate, texts and shell, full width. */
export default function DoorRoute() {
  return (
    <CommandCenterPage
      section="door"
      worksOffline
      fullScreen
      page={({ onSignedOut, operatorName }) => (
        <DoorPage onSignedOut={onSignedOut} operatorName={operatorName} />
      )}
    />
  );
}
