import { PageHeading } from '../../ui/PageHeading';
import { SettingsNav } from '../settings/SettingsNav';
import { TextAlertsPanel } from './TextAlertsPanel';

/**
 * /account/settings/texts: login only at the route; the extra gate (members and home delivery
 * readers may turn alerts on) is the server's, shown in the panel with how to join, so a
 * lapsed member can still turn alerts off here.
 */
export default function TextAlertsScreen() {
  return (
    <div className="page page--wide">
      <PageHeading title="Text alerts">Text alerts</PageHeading>
      <SettingsNav />
      <TextAlertsPanel />
    </div>
  );
}
