import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { FieldProps } from '../../account/useAccountForm';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import type { Discount, Plan } from './data';
import { RadioGroup } from './RadioGroup';
import { CATALOGUE_CHOICES, type RuleValues } from './ruleForm';
import { SelectField } from '../../ui/SelectField';

type Field = (name: keyof RuleValues) => FieldProps;

const TEXT_MODES = (what: string) => [
  { value: 'page', label: `The page’s own ${what}` },
  { value: 'hide', label: `No ${what}` },
  { value: 'text', label: 'These words:' },
];

/** "What it answers": the feature's output as form fields. */
export function RuleOutputFields({
  form,
  field,
  plans,
  discounts,
}: {
  form: UseFormReturn<RuleValues>;
  field: Field;
  plans: readonly Plan[];
  discounts: readonly Discount[];
}) {
  const feature = form.watch('feature');
  return (
    <section className="card" aria-labelledby="rule-what-heading">
      <h2 id="rule-what-heading">What it answers</h2>
      {feature === 'available-plans' && <PlanChoices form={form} plans={plans} />}
      {feature === 'membership-entitlement-check' && (
        <RadioGroup
          legend="Members-only stories"
          hint="A rule can only withhold members-only stories from members: it never opens them to anyone else."
          options={[
            { value: 'yes', label: 'Members may read them' },
            { value: 'no', label: 'Withhold them' },
          ]}
          radio={form.register('entitled')}
        />
      )}
      {feature === 'cancel-flow-offer' && (
        <>
          <SelectField
            label="Discount offered"
            hint="Only offered on the plans the discount names, once per membership."
            options={[{ value: '', label: 'No offer' }, ...discounts.map((discount) => ({ value: discount.id, label: `${discount.name}${discount.enabled ? '' : ' (withdrawn)'}` }))]}
            {...field('discountId')}
          />
          <TextField label="Heading" hint="Empty: “Before you go:” and the discount’s name." maxChars={200} autoComplete="off" {...field('heading')} />
          <TextArea label="Text" hint="Empty: the discount’s description." maxChars={1000} rows={3} {...field('text')} />
          <TextField label="Button" hint="Empty: “Accept offer”." maxChars={60} autoComplete="off" {...field('acceptLabel')} />
        </>
      )}
      {feature === 'text-campaigns' && (
        <>
          <p className="marketing-note">In both texts, {'{membership}'} becomes the site’s membership name and {'{action}'} the offered plan’s call to action.</p>
          <RadioGroup legend="Call to action heading" options={TEXT_MODES('heading')} radio={form.register('ctaHeadingMode')} />
          {form.watch('ctaHeadingMode') === 'text' && <TextField label="Heading" maxChars={200} autoComplete="off" {...field('ctaHeading')} />}
          <RadioGroup legend="Subtext" options={TEXT_MODES('subtext')} radio={form.register('subtextMode')} />
          {form.watch('subtextMode') === 'text' && <TextArea label="Subtext" maxChars={500} rows={3} {...field('subtext')} />}
        </>
      )}
    </section>
  );
}

function PlanChoices({ form, plans }: { form: UseFormReturn<RuleValues>; plans: readonly Plan[] }) {
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'choices' });
  const errors = form.formState.errors.choices;
  const listed = form.watch('catalogue') === 'list';
  const offered = plans.filter((plan) => plan.enabled);
  const options = [{ value: '', label: 'Choose a plan' }, ...offered.map((plan) => ({ value: plan.id, label: plan.name }))];
  const focusRow = (index: number) => setTimeout(() => document.getElementById(`choice-${index}-plan`)?.focus(), 0);

  return (
    <>
      <RadioGroup legend="Plans offered" options={CATALOGUE_CHOICES} radio={form.register('catalogue')} />
      {listed && (
        <fieldset className="marketing-choices">
          <legend className="field__label">The plans, in the payflow’s order</legend>
          {typeof errors?.message === 'string' && <p className="field__error">{errors.message}</p>}
          <ol className="marketing-plan-list">
            {fields.map((item, index) => {
              const rowErrors = errors?.[index];
              return (
                <li key={item.id} className="marketing-plan-row">
                  <SelectField
                    id={`choice-${index}-plan`}
                    label={`Plan ${index + 1}`}
                    options={options}
                    error={rowErrors?.id?.message}
                    {...form.register(`choices.${index}.id`)}
                  />
                  <SelectField
                    label={`Badge of plan ${index + 1}`}
                    options={[
                      { value: 'plan', label: 'As the plan says' },
                      { value: 'yes', label: 'Featured (Best Value!)' },
                      { value: 'no', label: 'Not featured' },
                    ]}
                    {...form.register(`choices.${index}.featured`)}
                  />
                  <TextField
                    label={`Curation line of plan ${index + 1}`}
                    hint="Empty: the plan’s own."
                    autoComplete="off"
                    error={rowErrors?.curation?.message}
                    {...form.register(`choices.${index}.curation`)}
                  />
                  <div className="admin-actions">
                    {index > 0 && (
                      <Button variant="secondary" className="button--small" onClick={() => (swap(index, index - 1), focusRow(index - 1))}>
                        Move plan {index + 1} up
                      </Button>
                    )}
                    {index < fields.length - 1 && (
                      <Button variant="secondary" className="button--small" onClick={() => (swap(index, index + 1), focusRow(index + 1))}>
                        Move plan {index + 1} down
                      </Button>
                    )}
                    <Button variant="secondary" className="button--small" onClick={() => (remove(index), focusRow(Math.max(0, index - 1)))}>
                      Remove plan {index + 1}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          {fields.length < 50 && (
            <Button variant="secondary" onClick={() => (append({ id: '', featured: 'plan', curation: '' }), focusRow(fields.length))}>
              Add a plan to the list
            </Button>
          )}
        </fieldset>
      )}
    </>
  );
}
