/** The onboarding's first screens: welcome splash, welcome back, and the subscriber thank-you. */
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { DEFAULT_BRAND } from '../config';
import { useIdentity } from '../state/IdentityProvider';
import { STEP_TITLES } from './StepContent';
import { stepPath, THANKS_PATH, type StepSlug } from './steps';

function StepList({ steps }: { steps: readonly StepSlug[] }) {
  return (
    <ol>
      {steps.map((step) => (
        <li key={step}>{STEP_TITLES[step]}</li>
      ))}
    </ol>
  );
}

function SkipSetup() {
  return (
    <Link className="button button--secondary" to={THANKS_PATH}>
      Skip setup
    </Link>
  );
}

/** A new reader's first screen, before step 1. */
export function WelcomeSplash({ steps }: { steps: readonly StepSlug[] }) {
  const { config } = useIdentity();
  const brand = config.brand ?? DEFAULT_BRAND;
  return (
    <div className="page onboarding">
      <PageHeading title="Welcome">Welcome to {brand.name}</PageHeading>
      <div className="card">
        <p>Your account is ready. A few quick steps make it yours; each one can be skipped.</p>
        <StepList steps={steps} />
        <p className="onboarding__actions">
          <Link className="button button--primary" to={stepPath(steps[0] ?? 'customize')}>
            Get started
          </Link>
          <SkipSetup />
        </p>
      </div>
    </div>
  );
}

/** A reader returning to /account/onboarding with steps left. */
export function WelcomeBack({ steps, resumeTo, onRestart }: { steps: readonly StepSlug[]; resumeTo: string; onRestart: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="page onboarding">
      <PageHeading title="Welcome back">Welcome back</PageHeading>
      <div className="card">
        <p>You have a few steps left to set up your account.</p>
        <p className="onboarding__actions">
          <Link className="button button--primary" to={resumeTo}>
            Pick up where you left off
          </Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              onRestart();
              void navigate(stepPath(steps[0] ?? 'customize'));
            }}
          >
            Start over
          </button>
          <SkipSetup />
        </p>
      </div>
    </div>
  );
}

/** The first screen of the subscriber set, right after subscribing (the payflow links here). */
export function SubscriberThankYou({ steps, resumeTo }: { steps: readonly StepSlug[]; resumeTo: string }) {
  return (
    <div className="page onboarding">
      <PageHeading title="Thank you for becoming a member">Thank you for becoming a member</PageHeading>
      <div className="card">
        <p>Your membership is active. Set up what members get, in a few steps you can skip:</p>
        <StepList steps={steps} />
        <p className="onboarding__actions">
          <Link className="button button--primary" to={resumeTo}>
            Set up my membership
          </Link>
          <SkipSetup />
        </p>
      </div>
    </div>
  );
}
