/**
 * /account/onboarding/*: the root decides the reader's step set (steps.ts) and shows the
 * start screen (welcome splash, welcome back, or the subscriber thank-you after subscribing);
 * each step has Back, Skip and Continue; /account/onboarding/thanks ends it and marks the
 * profile `onboarded`. Progress is kept per reader in local storage (progress.ts).
 */
import { useRef, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { LoadError } from '../settings/LoadError';
import { SubscriberThankYou, WelcomeBack, WelcomeSplash } from './StartScreens';
import { StepContent, STEP_PURPOSES, STEP_TITLES } from './StepContent';
import { savePending, StepSave, type PendingSave } from './saveOnContinue';
import { StepFrame } from './StepFrame';
import { backPath, forwardPath, isStep, ONBOARDING_ROOT, progressText, resumePath, startOf, THANKS_PATH, type StepSlug } from './steps';
import { ThanksScreen } from './ThanksScreen';
import { useOnboarding, type OnboardingPlan } from './useOnboarding';
import './onboarding.css';

/** Router state the payflow's confirmation sends: the subscriber thank-you comes first. */
export interface JustSubscribed {
  justSubscribed: true;
}

function justSubscribed(state: unknown): boolean {
  return (state as Partial<JustSubscribed> | null)?.justSubscribed === true;
}

function Start({ plan }: { plan: OnboardingPlan }) {
  const location = useLocation();
  const resumeTo = resumePath(plan.steps, plan.done);
  if (plan.subscriber && justSubscribed(location.state)) return <SubscriberThankYou steps={plan.steps} resumeTo={resumeTo} />;
  switch (startOf(plan.steps, plan.done)) {
    case 'splash':
      return <WelcomeSplash steps={plan.steps} />;
    case 'welcome-back':
      return <WelcomeBack steps={plan.steps} resumeTo={resumeTo} onRestart={plan.restart} />;
    case 'finished':
      return <Navigate to={THANKS_PATH} replace />;
  }
}

function Step({ plan }: { plan: OnboardingPlan }) {
  const { step } = useParams();
  // A step outside this reader's set (say events, with none coming up): back to the start.
  if (!isStep(plan.steps, step)) return <Navigate to={ONBOARDING_ROOT} replace />;
  return <StepScreen key={step} plan={plan} step={step} />;
}

function StepScreen({ plan, step }: { plan: OnboardingPlan; step: StepSlug }) {
  const navigate = useNavigate();
  const pending = useRef<PendingSave | null>(null);
  const [saving, setSaving] = useState(false);
  const next = () => {
    plan.markDone(step);
    void navigate(forwardPath(plan.steps, step));
  };
  // Continue keeps what the step's form holds unsaved (saveOnContinue.tsx); Skip leaves it.
  // Busy until the next step shows, so a second press cannot move on twice.
  const saveThenNext = async () => {
    setSaving(true);
    if (await savePending(pending).catch(() => false)) next();
    else setSaving(false);
  };
  const index = plan.steps.indexOf(step);
  return (
    <StepFrame
      title={STEP_TITLES[step]}
      purpose={STEP_PURPOSES[step]}
      progress={progressText(plan.steps, step)}
      step={index + 1}
      of={plan.steps.length}
      backTo={backPath(plan.steps, step)}
      onSkip={next}
      onContinue={() => void saveThenNext()}
      saving={saving}
    >
      <StepSave.Provider value={pending}>
        <StepContent step={step} events={plan.events} />
      </StepSave.Provider>
    </StepFrame>
  );
}

export default function OnboardingRoutes() {
  const { plan, error, retry } = useOnboarding();
  if (error) return <LoadError error={error} onRetry={retry} />;
  if (!plan) return <Spinner label="Loading your account…" />;
  return (
    <Routes>
      <Route index element={<Start plan={plan} />} />
      <Route path="thanks" element={<ThanksScreen subscriber={plan.subscriber} />} />
      <Route path=":step" element={<Step plan={plan} />} />
    </Routes>
  );
}
