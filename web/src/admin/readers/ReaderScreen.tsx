import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/ModalDialog';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { CONSOLE } from '../guards';
import { AccountSection, ProfileSection } from './AccountSection';
import type { Notice, Section } from './actions';
import { useReader, useReaderAction, type ActionAnswer } from './data';
import { HomeDeliverySection, ReferralsSection } from './DeliveryAndReferrals';
import { READERS_PATH, readerIdOf, readerName } from './format';
import { MembershipSection } from './MembershipSection';
import './readers.css';
import { PaymentsSection } from './PaymentsSection';

/** A reader's page (support): what Masthead knows of them, and what support can do. */
export default function ReaderScreen() {
  const readerId = readerIdOf(useParams().readerId);
  if (readerId === null) return <NoReader />;
  return <ReaderPageScreen readerId={readerId} />;
}

function NoReader() {
  return (
    <div className="page">
      <PageHeading title="No such reader" area={CONSOLE}>
        No such reader
      </PageHeading>
      <p>There is no reader at this address.</p>
      <p>
        <Link to={READERS_PATH}>Find a reader</Link>
      </p>
    </div>
  );
}

function ReaderPageScreen({ readerId }: { readerId: number }) {
  const reader = useReader(readerId);
  const action = useReaderAction(readerId);
  const [notice, setNotice] = useState<Notice | null>(null);

  const act = async (section: Section, run: () => Promise<ActionAnswer>) => {
    setNotice(null);
    const answer = await action.mutateAsync(run);
    setNotice({ section, text: answer.message, tone: 'done' });
  };
  const actNow = (section: Section, run: () => Promise<ActionAnswer>) => {
    act(section, run).catch((caught: unknown) => setNotice({ section, text: errorText(caught), tone: 'failed' }));
  };

  if (reader.isPending) return <Spinner label="Loading the reader…" />;
  if (reader.isError) {
    if (isApiError(reader.error) && reader.error.status === 404) return <NoReader />;
    return (
      <div className="page">
        <PageHeading title="Reader" area={CONSOLE}>
          Reader
        </PageHeading>
        <div role="alert" className="alert alert--error">
          <p>{reader.error.message}</p>
        </div>
        <Button onClick={() => void reader.refetch()}>Try again</Button>
      </div>
    );
  }

  const page = reader.data;
  const name = readerName(page.reader);
  const sections = { page, act, actNow, notice };
  return (
    <div className="page page--wide">
      <p className="admin-back">
        <Link to={READERS_PATH}>Readers</Link>
      </p>
      <PageHeading title={name} area={CONSOLE}>
        {name}
      </PageHeading>
      {name !== page.reader.email && <p className="lead">{page.reader.email}</p>}
      <div className="admin-reader" aria-busy={reader.isFetching || undefined}>
        <MembershipSection {...sections} />
        <PaymentsSection {...sections} />
        <AccountSection {...sections} />
        <HomeDeliverySection {...sections} />
        <ReferralsSection page={page} />
        <ProfileSection page={page} />
      </div>
    </div>
  );
}
