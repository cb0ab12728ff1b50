import { useId, useState } from 'react';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { failureText } from './failure';
import { StepHeading } from './StepHeading';

/** The codes as a file to keep: one a line, with what they are for. */
export function recoveryCodesFile(codes: readonly string[]): string {
  return `Masthead staff console recovery codes\nEach code signs you in once, instead of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
}

export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => Promise<void> }) {
  const errorId = useId();
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('The codes are copied.');
    } catch {
      setCopied('Your browser did not let the page copy them: select the codes and copy them yourself, or download them.');
    }
  };

  const finish = async () => {
    if (!saved) {
      setProblem('Tick the box once you have saved the codes: you will not see them again.');
      return;
    }
    setBusy(true);
    try {
      await onDone();
    } catch (error) {
      setProblem(failureText(error));
      setBusy(false);
    }
  };

  return (
    <div className="card">
      <StepHeading>Save your recovery codes</StepHeading>
      <p>
        Two-step sign-in is on. If you lose your phone, each of these codes signs you in once instead of a code from the app. This is the only time
        they are shown: keep them somewhere safe, such as a password manager.
      </p>
      <ol className="admin-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="admin-actions">
        <a
          className="button button--secondary button--small"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(codes))}`}
          download="masthead-recovery-codes.txt"
        >
          Download the codes
        </a>
        <Button variant="secondary" className="button--small" onClick={() => void copy()}>
          Copy the codes
        </Button>
      </p>
      <StatusMessage>{copied}</StatusMessage>
      <ErrorAlert id={errorId}>{problem}</ErrorAlert>
      <Checkbox
        label="I have saved these codes"
        checked={saved}
        aria-invalid={problem ? true : undefined}
        aria-errormessage={problem ? errorId : undefined}
        onChange={(event) => {
          setSaved(event.target.checked);
          if (event.target.checked) setProblem(null);
        }}
      />
      <Button className="button--block" busy={busy} onClick={() => void finish()}>
        Continue to the console
      </Button>
    </div>
  );
}
