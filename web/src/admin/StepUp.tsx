/**
 * Step-up for sensitive actions: `useStepUp()` wraps an action; when the server answers 403
 * reauthentication-required, a dialog asks for a fresh code, confirms it with the server, and
 * the action is tried once more (stepUp.ts has the rule).
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { ModalDialog } from '../ui/ModalDialog';
import { TextField } from '../ui/TextField';
import { useDialogAction } from '../ui/useDialogAction';
import { adminKeys, confirmCode } from './data';
import { withStepUp } from './stepUp';

type AskForCode = () => Promise<boolean>;

const StepUpContext = createContext<AskForCode | null>(null);

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback<AskForCode>(
    () =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false); // a second ask while one is open: the first gives up
        answer.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const finish = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpen(false);
  };

  return (
    <StepUpContext.Provider value={ask}>
      {children}
      <StepUpDialog open={open} onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
    </StepUpContext.Provider>
  );
}

/** Runs a sensitive action, asking for a fresh code when the server wants one. */
export function useStepUp(): <T>(action: () => Promise<T>) => Promise<T> {
  const ask = useContext(StepUpContext);
  if (!ask) throw new Error('useStepUp needs a StepUpProvider (the console wraps signed-in screens in one)');
  return useCallback(<T,>(action: () => Promise<T>) => withStepUp(action, ask), [ask]);
}

const CODE = /^\d{6}$/;

export function StepUpDialog({ open, onConfirmed, onCancel }: { open: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const { error, setError, busy, run } = useDialogAction(open, () => setCode(''));

  const submit = () => {
    const typed = code.replace(/\s+/g, '');
    if (!CODE.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    void run(async () => {
      await confirmCode(typed);
      // The header and screens read reauthenticated_until from here.
      await queryClient.invalidateQueries({ queryKey: adminKeys.me });
      onConfirmed();
    });
  };

  return (
    <ModalDialog
      open={open}
      title="Confirm it is you"
      description="This change needs a fresh code. Enter the newest code from your authenticator app; it is good for 5 minutes of changes."
      error={error}
      busy={busy}
      onClose={() => {
        if (open) onCancel();
      }}
      onSubmit={submit}
    >
      <TextField
        label="Code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        value={code}
        invalid={Boolean(error)}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          Confirm
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
