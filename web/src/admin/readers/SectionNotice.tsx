import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import type { ActionAnswer, ReaderPage } from './data';
import type { Notice, Section } from './actions';

/** What every section of a reader's page is given. */
export interface SectionProps {
  page: ReaderPage;
  /** Runs an action of the section; rejects with the server's refusal (a dialog shows it). */
  act: (section: Section, action: () => Promise<ActionAnswer>) => Promise<void>;
  /** Runs an action without a dialog: its refusal is said in the section. */
  actNow: (section: Section, action: () => Promise<ActionAnswer>) => void;
  notice: Notice | null;
}

/** The result of the section's last action, where the person took it (both regions are
 * always there, so screen readers announce what appears in them). */
export function SectionNotice({ notice, section }: { notice: Notice | null; section: Section }) {
  const mine = notice?.section === section ? notice : null;
  return (
    <>
      <StatusMessage>{mine?.tone === 'done' && <p>{mine.text}</p>}</StatusMessage>
      <ErrorAlert>{mine?.tone === 'failed' && <p>{mine.text}</p>}</ErrorAlert>
    </>
  );
}
