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
import { DISCOUNT_FIELDS, ID_RULE, MONEY_HINT, NEW_DISCOUNT, discountBody, discountSchema, discountValues, priceText, type DiscountValues } from './catalogForms';
import { useDiscount, usePlans, useSaveDiscount, type Discount, type Plan } from './data';
import { Loaded } from '../Loaded';
import { useSavedMessage } from '../useSavedMessage';
import './marketing.css';

const LABELS: Record<(typeof DISCOUNT_FIELDS)[number], string> = {
  id: 'Discount id',
  name: 'Name',
  description: 'What the member is told',
  amount: 'Off each discounted billing cycle',
  number_of_billing_cycles: 'Billing cycles discounted',
  plan_ids: 'Plans',
  enabled: 'Offered',
};

/** /admin/discounts/new and /admin/discounts/:discountId: a retention offer's terms. */
export default function DiscountEditScreen() {
  const { discountId } = useParams();
  const discount = useDiscount(discountId ?? null);
  const plans = usePlans();
  const title = discountId ? 'Edit a discount' : 'Add a discount';
  return (
    <div className="page page--wide">
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <p className="marketing-back">
        <Link to="/admin/plans">Back to plans &amp; discounts</Link>
      </p>
      <Loaded query={plans} what="plans">
        {({ plans: all }) =>
          discountId ? (
            <Loaded query={discount} what="discount">
              {(found) => <DiscountForm key={found.id} discount={found} plans={all} />}
            </Loaded>
          ) : (
            <DiscountForm discount={null} plans={all} />
          )
        }
      </Loaded>
    </div>
  );
}

function DiscountForm({ discount, plans }: { discount: Discount | null; plans: readonly Plan[] }) {
  const save = useSaveDiscount();
  const { saved, clear, announce } = useSavedMessage();
  const form = useAccountForm<(typeof DISCOUNT_FIELDS)[number], DiscountValues>({
    fields: DISCOUNT_FIELDS,
    schema: discountSchema,
    defaultValues: discount ? discountValues(discount) : NEW_DISCOUNT,
    summary: (invalid) => <p>Check {invalid.map((field) => LABELS[field].toLowerCase()).join(', ')} below.</p>,
    submit: async (values) => {
      clear();
      const stored = await save.mutateAsync({ discountId: discount?.id ?? null, body: discountBody(values) });
      const message = `The discount ${stored.name} is saved.`;
      if (discount !== null) form.reset(discountValues(stored));
      await announce(message, discount === null ? `/admin/discounts/${encodeURIComponent(stored.id)}` : null);
    },
    failure: failureText,
  });
  const field = form.field;
  const chosen = form.controls.watch('plan_ids');

  return (
    <>
      <FormError form={form} />
      <StatusMessage>{saved && <p>{saved}</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <section className="card" aria-labelledby="discount-terms-heading">
          <h2 id="discount-terms-heading">Terms</h2>
          <p className="marketing-note">
            Members who took this offer keep the terms they accepted: a change counts for offers taken from now on. A decision rule for the cancel dialog says who is
            offered it.
          </p>
          {discount ? (
            <p>
              Discount id: <code>{discount.id}</code>. It is also the payment gateway&apos;s discount id, so it never changes.
            </p>
          ) : (
            <TextField label={LABELS.id} hint={`${ID_RULE} With Braintree, set up a discount with this id in its control panel too.`} autoComplete="off" {...field('id')} />
          )}
          <TextField label={LABELS.name} hint="Short, such as “3 months at $2.99”." maxChars={200} autoComplete="off" {...field('name')} />
          <TextArea label={LABELS.description} maxChars={500} {...field('description')} />
          <div className="marketing-pair">
            <TextField label={LABELS.amount} hint={MONEY_HINT} inputMode="decimal" autoComplete="off" {...field('amount')} />
            <TextField label={LABELS.number_of_billing_cycles} hint="Empty: every cycle." inputMode="numeric" autoComplete="off" {...field('number_of_billing_cycles')} />
          </div>
          <fieldset className="marketing-choices">
            <legend className="field__label">{LABELS.plan_ids}</legend>
            <p className="field__hint">None ticked: every plan. The discount cannot be more than a plan&apos;s price.</p>
            {plans.map((plan) => (
              <Checkbox
                key={plan.id}
                label={`${plan.name} (${priceText(plan.amount, plan.frequency)})`}
                checked={chosen.includes(plan.id)}
                onChange={(event) => {
                  const others = chosen.filter((id) => id !== plan.id);
                  // Kept in the catalogue's order, whatever order they are ticked in.
                  const next = event.target.checked ? plans.map((item) => item.id).filter((id) => id === plan.id || others.includes(id)) : others;
                  form.controls.setValue('plan_ids', next, { shouldDirty: true });
                }}
              />
            ))}
          </fieldset>
          <Checkbox label={LABELS.enabled} hint="Untick to withdraw the offer: a cancel-dialog rule that names it then offers nothing." {...form.register('enabled')} />
        </section>
        <div className="admin-actions">
          <SubmitButton form={form}>{form.submitting ? 'Saving…' : discount ? 'Save the discount' : 'Add the discount'}</SubmitButton>
          <Link className="button button--secondary" to="/admin/plans">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
