import type { FieldProps } from '../../account/useAccountForm';
import { Checkbox } from '../../ui/Checkbox';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import type { Plan } from './data';
import { READERS, REGIONS, STATUSES, type RuleValues } from './ruleForm';
import { SelectField } from '../../ui/SelectField';

type Field = (name: keyof RuleValues) => FieldProps;

interface ListControl {
  chosen: readonly string[];
  flip: (value: string, on: boolean) => void;
}

/** "Who it is for": a rule's conditions as form fields (every one left empty holds for anyone). */
export function RuleConditionFields({ field, plans, statuses, planList }: { field: Field; plans: readonly Plan[]; statuses: ListControl; planList: ListControl }) {
  // Plans a stored rule names that are not in the catalogue are kept, and shown.
  const planIds = [...plans.map((plan) => plan.id), ...planList.chosen.filter((id) => !plans.some((plan) => plan.id === id))];
  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name ?? id;
  return (
    <section className="card" aria-labelledby="rule-who-heading">
      <h2 id="rule-who-heading">Who it is for</h2>
      <p className="marketing-note">Every condition given must hold. Leave one empty and it holds for anyone.</p>
      <SelectField label="Readers" options={READERS} {...field('readers')} />
      <TextArea
        label="Only these readers (email addresses)"
        hint="One per line. To try a rule on yourself or your team before everyone sees it."
        rows={3}
        {...field('emails')}
      />
      <fieldset className="marketing-choices">
        <legend className="field__label">Membership status</legend>
        <p className="field__hint">None ticked: any status. Signed-out visitors have none.</p>
        <div className="marketing-columns">
          {STATUSES.map((status) => (
            <Checkbox
              key={status.value}
              label={status.label}
              checked={statuses.chosen.includes(status.value)}
              onChange={(event) => statuses.flip(status.value, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="marketing-choices">
        <legend className="field__label">On the plan</legend>
        <p className="field__hint">None ticked: on any plan or none. Ticked: one of the reader’s running memberships is on it.</p>
        <div className="marketing-columns">
          {planIds.map((id) => (
            <Checkbox key={id} label={planName(id)} checked={planList.chosen.includes(id)} onChange={(event) => planList.flip(id, event.target.checked)} />
          ))}
        </div>
      </fieldset>
      <TextField label="Products" hint="Such as hd-sports-membership (home delivery readers). Several: separate them with commas." autoComplete="off" {...field('products')} />
      <TextField label="Page" hint="A path such as /account/subscribe: that page and those below it. Empty: every page." autoComplete="off" {...field('path')} />
      <SelectField label="Region" options={REGIONS} {...field('region')} />
      <TextField label="Countries" hint="Two-letter codes such as US, CA. Empty: any country." autoComplete="off" {...field('countries')} />
    </section>
  );
}
