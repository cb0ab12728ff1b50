import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { THANKS_PATH } from './steps';

interface StepFrameProps {
  title: string;
  /** What the step is for, in a sentence or two. */
  purpose: ReactNode;
  /** "Step 2 of 5". */
  progress: string;
  step: number;
  of: number;
  backTo: string;
  onSkip: () => void;
  onContinue: () => void;
  /** Continue is saving the step's unsaved changes (saveOnContinue.tsx). */
  saving?: boolean;
  children?: ReactNode;
}

/** One onboarding step: heading, progress, purpose, its content, then Back, Skip, Continue. */
export function StepFrame({ title, purpose, progress, step, of, backTo, onSkip, onContinue, saving = false, children }: StepFrameProps) {
  return (
    <div className="page page--wide onboarding">
      <p className="onboarding__progress" id="onboarding-progress">
        {progress}
      </p>
      <progress className="onboarding__bar" value={step} max={of} aria-labelledby="onboarding-progress" />
      <PageHeading title={`${title} (${progress})`}>{title}</PageHeading>
      <p className="lead">{purpose}</p>
      {children}
      <nav className="onboarding__nav" aria-label="Onboarding steps">
        <Link className="button button--secondary" to={backTo}>
          Back
        </Link>
        <button type="button" className="button button--secondary" onClick={onSkip}>
          Skip
        </button>
        <Button onClick={onContinue} busy={saving}>
          Continue
        </Button>
      </nav>
      <p className="onboarding__later">
        <Link to={THANKS_PATH}>Skip the rest and finish</Link>
      </p>
    </div>
  );
}
