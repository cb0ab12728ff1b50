import { useId, useState } from 'react';
import type { RawPlan } from '../../api/billing';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { useDialogAction } from '../../ui/useDialogAction';
import { chargeWording } from './changeTexts';

interface ChangePlanDialogProps {
  open: boolean;
  /** The plans the reader can move to (not the current one). */
  plans: RawPlan[];
  /** When the new plan starts and is first charged: the next billing date, formatted. */
  startsOn: string | null;
  onClose: () => void;
  onConfirm: (planId: string) => Promise<void>;
}

/** "Change plan": the new plan starts when the paid period ends, without a free trial. */
export function ChangePlanDialog({ open, plans, startsOn, onClose, onConfirm }: ChangePlanDialogProps) {
  const id = useId();
  const [planId, setPlanId] = useState('');
  const { error, setError, busy, run } = useDialogAction(open, () => setPlanId(''));
  const submit = async () => {
    if (!planId) setError('Please choose a plan.');
    else await run(() => onConfirm(planId));
  };

  return (
    <ModalDialog
      open={open}
      title="Change your plan"
      description={`Your new plan starts ${startsOn ? `on ${startsOn}, when your paid period ends` : 'when your paid period ends'}. It is charged that day to your default payment method. Free trials do not apply to plan changes.`}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <fieldset className="dialog__reasons">
        <legend className="field__label">Choose your new plan</legend>
        {plans.map((plan) => (
          <div className="checkbox" key={plan.id}>
            <input
              id={`${id}-${plan.id}`}
              className="checkbox__input"
              type="radio"
              name="plan"
              value={plan.id}
              checked={planId === plan.id}
              onChange={() => setPlanId(plan.id)}
            />
            <label htmlFor={`${id}-${plan.id}`} className="checkbox__label">
              {plan.name}: {chargeWording(plan.amount, plan.frequency)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          Change plan
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Keep my plan
        </Button>
      </div>
    </ModalDialog>
  );
}
