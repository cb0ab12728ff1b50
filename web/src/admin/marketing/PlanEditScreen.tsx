import { Link, useParams } from 'react-router';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { PageHeading } from '../../ui/PageHeading';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { FREQUENCIES, ID_RULE, MONEY_HINT, NEW_PLAN, PLAN_FIELDS, membersNote, planBody, planSchema, planValues, type PlanValues } from './catalogForms';
import { usePlan, useSavePlan, type Plan } from './data';
import { Loaded } from '../Loaded';
import { SelectField } from '../../ui/SelectField';
import { useSavedMessage } from '../useSavedMessage';
import './marketing.css';

const LABELS: Record<(typeof PLAN_FIELDS)[number], string> = {
  id: 'Plan id',
  name: 'Name',
  product_id: 'Product id',
  frequency: 'Billed',
  amount: 'Price',
  normal_amount: 'Regular price',
  trial_duration: 'Free trial length',
  trial_duration_unit: 'Free trial counted in',
  step_up_amount: 'Step-up price',
  step_up_date: 'Step-up date',
  first_billing_date: 'First billing date',
  next_billing_date: 'Next billing date',
  featured: 'Featured',
  card_heading: 'Card heading',
  curation: 'Curation line',
  position: 'Order',
  enabled: 'Offered to new readers',
};

/** /admin/plans/new and /admin/plans/:planId: a plan's card, price and availability. */
export default function PlanEditScreen() {
  const { planId } = useParams();
  const plan = usePlan(planId ?? null);
  const title = planId ? 'Edit a plan' : 'Add a plan';
  return (
    <div className="page page--wide">
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <p className="marketing-back">
        <Link to="/admin/plans">Back to plans &amp; discounts</Link>
      </p>
      {planId ? (
        <Loaded query={plan} what="plan">
          {(found) => <PlanForm key={found.id} plan={found} />}
        </Loaded>
      ) : (
        <PlanForm plan={null} />
      )}
    </div>
  );
}

function PlanForm({ plan }: { plan: Plan | null }) {
  const save = useSavePlan();
  const { saved, clear, announce } = useSavedMessage();
  const form = useAccountForm<(typeof PLAN_FIELDS)[number], PlanValues>({
    fields: PLAN_FIELDS,
    schema: planSchema,
    defaultValues: plan ? planValues(plan) : NEW_PLAN,
    summary: (invalid) => <p>Check {invalid.map((field) => LABELS[field].toLowerCase()).join(', ')} below.</p>,
    submit: async (values) => {
      clear();
      const stored = await save.mutateAsync({ planId: plan?.id ?? null, body: planBody(values) });
      const message = `The plan ${stored.name} is saved.`;
      if (plan !== null) form.reset(planValues(stored));
      await announce(message, plan === null ? `/admin/plans/${encodeURIComponent(stored.id)}` : null);
    },
    failure: failureText,
  });
  const field = form.field;

  return (
    <>
      <FormError form={form} />
      <StatusMessage>{saved && <p>{saved}</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <section className="card" aria-labelledby="plan-card-heading">
          <h2 id="plan-card-heading">The card</h2>
          {plan ? (
            <p>
              Plan id: <code>{plan.id}</code>. It is also the payment gateway&apos;s plan id, so it never changes.
            </p>
          ) : (
            <TextField label={LABELS.id} hint={`${ID_RULE} With Braintree, set up a plan with this id in its control panel too.`} autoComplete="off" {...field('id')} />
          )}
          <TextField label={LABELS.name} maxChars={200} autoComplete="off" {...field('name')} />
          <TextField label={LABELS.card_heading} hint="Empty: “Flexible Monthly” and the like." maxChars={200} autoComplete="off" {...field('card_heading')} />
          <TextArea label={LABELS.curation} hint="A line under the price. A decision rule may say another for some readers." maxChars={1000} {...field('curation')} />
          <Checkbox label={LABELS.featured} hint="Shows the “Best Value!” badge." {...form.register('featured')} />
          <TextField label={LABELS.position} hint="Cards are shown from the lowest number." inputMode="numeric" autoComplete="off" {...field('position')} />
        </section>

        <section className="card" aria-labelledby="plan-price-heading">
          <h2 id="plan-price-heading">Price and trial</h2>
          <p className="marketing-note">{membersNote(plan?.members ?? 0)}</p>
          <SelectField label={LABELS.frequency} options={FREQUENCIES} hint={plan && plan.members > 0 ? 'Members are billed at this interval: it cannot change while they are on the plan.' : undefined} {...field('frequency')} />
          <div className="marketing-pair">
            <TextField label={LABELS.amount} hint={MONEY_HINT} inputMode="decimal" autoComplete="off" {...field('amount')} />
            <TextField label={LABELS.normal_amount} hint="The price it is compared with. Empty: the price." inputMode="decimal" autoComplete="off" {...field('normal_amount')} />
          </div>
          <div className="marketing-pair">
            <TextField label={LABELS.trial_duration} hint="0 for no free trial." inputMode="numeric" autoComplete="off" {...field('trial_duration')} />
            <SelectField
              label={LABELS.trial_duration_unit}
              options={[
                { value: 'day', label: 'Days' },
                { value: 'month', label: 'Months' },
              ]}
              {...field('trial_duration_unit')}
            />
          </div>
          <div className="marketing-pair">
            <TextField label={LABELS.step_up_amount} hint="The price from the step-up date on, for everyone on the plan." inputMode="decimal" autoComplete="off" {...field('step_up_amount')} />
            <TextField label={LABELS.step_up_date} hint="At least 30 days away: members are told by email first." type="date" {...field('step_up_date')} />
          </div>
        </section>

        <section className="card" aria-labelledby="plan-availability-heading">
          <h2 id="plan-availability-heading">Availability</h2>
          <Checkbox label={LABELS.enabled} hint="Untick to hide it from new readers; decision rules that name it then skip it. Members on it keep it." {...form.register('enabled')} />
          <TextField label={LABELS.product_id} hint="The product the plan sells." autoComplete="off" {...field('product_id')} />
          <div className="marketing-pair">
            <TextField label={LABELS.first_billing_date} hint="Optional." type="date" {...field('first_billing_date')} />
            <TextField label={LABELS.next_billing_date} hint="Optional." type="date" {...field('next_billing_date')} />
          </div>
        </section>
        <div className="admin-actions">
          <SubmitButton form={form}>{form.submitting ? 'Saving…' : plan ? 'Save the plan' : 'Add the plan'}</SubmitButton>
          <Link className="button button--secondary" to="/admin/plans">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
