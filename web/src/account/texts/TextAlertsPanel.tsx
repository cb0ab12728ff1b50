import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../api/client';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/dates';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { FormError } from '../FormParts';
import { messages } from '../messages';
import { LoadError } from '../settings/LoadError';
import { useAccountForm } from '../useAccountForm';
import { checkPhone, turnOffTextAlerts, turnOnTextAlerts, type TextAlerts } from './textsApi';
import { useTextAlerts } from './useTextAlerts';
import './texts.css';

export const TURNED_ON = 'Text alerts are on. We sent a text to confirm.';
export const TURNED_OFF = 'Text alerts are off. We sent a text to confirm.';

/**
 * Text alerts: one form, in the settings (/account/settings/texts) and in the subscriber
 * onboarding (/account/onboarding/texts). The server decides who may turn them on (members
 * and home delivery readers: `eligible`) and gives the consent wording, which is shown beside
 * the button and stored with the opt-in word for word. Turning them off is never gated.
 * On an onboarding step it says what changed and stays: the step's Continue moves on (never
 * turning alerts on by itself: that takes the consent beside the button).
 */
export function TextAlertsPanel() {
  // Kept with the consent: where the reader agreed.
  const source = useLocation().pathname.startsWith('/account/onboarding') ? 'onboarding' : 'settings';
  const { alerts, error, retry, replace } = useTextAlerts();
  const [status, setStatus] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);

  const saved = (next: TextAlerts, said: string) => {
    replace(next);
    setChanging(false);
    setStatus(said);
  };

  if (error) return <LoadError error={error} onRetry={retry} />;
  if (!alerts) return <Spinner label="Loading your text alerts…" />;
  return (
    // No heading of its own: both pages around it (settings, onboarding) are named Text alerts.
    <section className="card text-alerts" aria-label="Text alerts">
      <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
      {alerts.opted_in && !changing ? (
        <OptedIn alerts={alerts} onOff={(next) => saved(next, TURNED_OFF)} onChange={() => setChanging(true)} />
      ) : alerts.eligible ? (
        <OptInForm alerts={alerts} source={source} onSaved={(next) => saved(next, TURNED_ON)} onCancel={changing ? () => setChanging(false) : undefined} />
      ) : (
        <div>
          <p>{alerts.gate_message}</p>
          <p>
            <Link className="button button--primary" to="/account/subscribe">
              Join the membership
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

function OptedIn({ alerts, onOff, onChange }: { alerts: TextAlerts; onOff: (next: TextAlerts) => void; onChange: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const turnOff = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onOff(await turnOffTextAlerts());
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };
  const since = formatDate(alerts.consented_at);
  return (
    <>
      <ErrorAlert>{problem}</ErrorAlert>
      <p>
        Text alerts go to <strong className="text-alerts__number">{alerts.phone_display}</strong>
        {since ? `, as you agreed on ${since}.` : '.'}
      </p>
      <div className="text-alerts__actions">
        <Button variant="secondary" busy={busy} onClick={() => void turnOff()}>
          Turn off text alerts
        </Button>
        {alerts.eligible && (
          <Button variant="link" onClick={onChange}>
            Change number
          </Button>
        )}
      </div>
    </>
  );
}

function OptInForm({
  alerts,
  source,
  onSaved,
  onCancel,
}: {
  alerts: TextAlerts;
  source: 'settings' | 'onboarding';
  onSaved: (next: TextAlerts) => void;
  onCancel?: (() => void) | undefined;
}) {
  const form = useAccountForm({
    fields: ['phone'] as const,
    check: checkPhone,
    submit: async ({ phone }) => onSaved(await turnOnTextAlerts(phone.trim(), source)),
    failure,
  });
  const consentId = 'text-alerts-consent';
  const prefill = alerts.phone_display ?? '';
  const { reset } = form.controls; // react-hook-form's own: the same function every render
  useEffect(() => {
    // The number alerts went to, else the profile's: the reader confirms it rather than types it.
    if (prefill) reset({ phone: prefill });
  }, [prefill, reset]);
  return (
    <>
      <p>Get breaking news and member updates by text message.</p>
      <FormError form={form} />
      <form noValidate onSubmit={form.onSubmit}>
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="In international format, like +1 212 555 0100."
          {...form.field('phone')}
        />
        <p id={consentId} className="text-alerts__consent">
          {alerts.consent_text}
        </p>
        <div className="text-alerts__actions">
          <Button type="submit" busy={form.submitting} aria-describedby={consentId}>
            Turn on text alerts
          </Button>
          {onCancel && (
            <Button variant="link" onClick={onCancel}>
              Keep my number
            </Button>
          )}
        </div>
      </form>
    </>
  );
}

function failure(error: unknown): string {
  if (!isApiError(error)) return messages.unknownError;
  if ([0, 400, 403, 429, 503].includes(error.status)) return error.message;
  return messages.unknownError;
}
