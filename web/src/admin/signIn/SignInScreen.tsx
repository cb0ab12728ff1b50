/**
 * Staff sign-in: email and password, then a code from the authenticator app (or a recovery
 * code); the first time, enrolment instead: the QR code, the key as text, then the recovery
 * codes, shown once, with a step that says they were saved.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { fetchMe, switchPerson, useMe, type Me } from '../data';
import { consolePath } from '../format';
import { CONSOLE } from '../guards';
import { CodeStep } from './CodeStep';
import { EnrolStep } from './EnrolStep';
import { PasswordStep } from './PasswordStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';

type Step = { kind: 'password'; notice: string | null } | { kind: 'code' } | { kind: 'enrol' } | { kind: 'recovery-codes'; codes: string[] };

export default function SignInScreen() {
  const queryClient = useQueryClient();
  const me = useMe();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = consolePath(searchParams.get('next'));
  const [step, setStep] = useState<Step>({ kind: 'password', notice: null });

  const startAgain = (error: unknown) =>
    setStep({ kind: 'password', notice: isApiError(error) ? error.message : 'Please sign in again.' });

  // After enrolment the server has not said who is signed in: ask before going in.
  const signedIn = async (who: Me | null) => {
    switchPerson(queryClient, who ?? (await fetchMe()));
    navigate(next, { replace: true });
  };

  let body;
  if (step.kind === 'password') {
    // Someone already signed in has nothing to do here (decided before a sign-in starts).
    if (me.isPending) return <Spinner />;
    if (me.data) return <Navigate to={next} replace />;
    body = <PasswordStep notice={step.notice} onNext={(kind) => setStep({ kind })} />;
  } else if (step.kind === 'code') {
    body = <CodeStep onSignedIn={(who) => void signedIn(who)} onPendingEnded={startAgain} onEnrol={() => setStep({ kind: 'enrol' })} />;
  } else if (step.kind === 'enrol') {
    body = (
      <EnrolStep
        onEnrolled={(codes) => setStep({ kind: 'recovery-codes', codes })}
        onPendingEnded={startAgain}
        onEnrolledAlready={() => setStep({ kind: 'code' })}
      />
    );
  } else {
    body = <RecoveryCodesStep codes={step.codes} onDone={() => signedIn(null)} />;
  }

  return (
    <div className="page">
      <PageHeading title="Sign in" area={CONSOLE}>
        Staff sign-in
      </PageHeading>
      {body}
    </div>
  );
}
