import { Link, useParams, useSearchParams } from 'react-router';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useDiscounts, usePlans, useRule, useSaveRule, type Discount, type Feature, type Plan, type Rule } from './data';
import { Loaded } from '../Loaded';
import { PreviewPanel, type DraftSource } from './PreviewPanel';
import { RuleConditionFields } from './RuleConditionFields';
import { FEATURES, RULE_FIELDS, ruleBody, ruleSchema, ruleValues, type RuleValues } from './ruleForm';
import { RuleOutputFields } from './RuleOutputFields';
import { SelectField } from '../../ui/SelectField';
import { useSavedMessage } from '../useSavedMessage';
import './marketing.css';

const LABELS: Record<(typeof RULE_FIELDS)[number], string> = {
  feature: 'Feature',
  description: 'Description',
  priority: 'Priority',
  enabled: 'Switched on',
  path: 'Page',
  readers: 'Readers',
  statuses: 'Membership status',
  products: 'Products',
  plans: 'On the plan',
  region: 'Region',
  countries: 'Countries',
  emails: 'Only these readers',
  catalogue: 'Plans offered',
  choices: 'The plans',
  entitled: 'Members-only stories',
  discountId: 'Discount offered',
  heading: 'Heading',
  text: 'Text',
  acceptLabel: 'Button',
  ctaHeadingMode: 'Call to action heading',
  ctaHeading: 'Heading',
  subtextMode: 'Subtext',
  subtext: 'Subtext',
};

function featureOf(value: string | null): Feature {
  return FEATURES.find((feature) => feature.slug === value)?.slug ?? 'available-plans';
}

/** /admin/decision-rules/new?feature=… and /admin/decision-rules/:ruleId: one rule, with a preview. */
export default function RuleEditScreen() {
  const { ruleId } = useParams();
  const [search] = useSearchParams();
  const id = ruleId && /^\d{1,10}$/.test(ruleId) ? Number(ruleId) : null;
  const rule = useRule(id);
  const plans = usePlans();
  const discounts = useDiscounts();
  const title = ruleId ? 'Edit a decision rule' : 'Add a decision rule';
  return (
    <div className="page page--wide">
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <p className="marketing-back">
        <Link to="/admin/decision-rules">Back to the decision rules</Link>
      </p>
      <Loaded query={plans} what="plans">
        {({ plans: allPlans }) => (
          <Loaded query={discounts} what="discounts">
            {({ discounts: allDiscounts }) =>
              ruleId ? (
                <Loaded query={id === null ? { ...rule, isPending: false, isError: true, error: new Error('There is no such rule.') } : rule} what="rule">
                  {(found) => <RuleForm key={found.id} rule={found} feature={found.feature} plans={allPlans} discounts={allDiscounts} />}
                </Loaded>
              ) : (
                <RuleForm rule={null} feature={featureOf(search.get('feature'))} plans={allPlans} discounts={allDiscounts} />
              )
            }
          </Loaded>
        )}
      </Loaded>
    </div>
  );
}

function RuleForm({ rule, feature, plans, discounts }: { rule: Rule | null; feature: Feature; plans: readonly Plan[]; discounts: readonly Discount[] }) {
  const save = useSaveRule();
  const { saved, clear, announce } = useSavedMessage();
  const form = useAccountForm<(typeof RULE_FIELDS)[number], RuleValues>({
    fields: RULE_FIELDS,
    schema: ruleSchema,
    defaultValues: ruleValues(rule, feature),
    summary: (invalid) => <p>Check {[...new Set(invalid.map((field) => LABELS[field].toLowerCase()))].join(', ')} below.</p>,
    submit: async (values) => {
      clear();
      const stored = await save.mutateAsync({ ruleId: rule?.id ?? null, body: ruleBody(values) });
      const message = 'The rule is saved. It decides on the site within a second.';
      if (rule !== null) form.reset(ruleValues(stored));
      await announce(message, rule === null ? `/admin/decision-rules/${stored.id}` : null);
    },
    failure: failureText,
  });
  const controls = form.controls;
  const list = (name: 'statuses' | 'plans') => ({
    chosen: controls.watch(name),
    flip: (value: string, on: boolean) => {
      const now = controls.getValues(name);
      controls.setValue(name, on ? [...now.filter((item) => item !== value), value] : now.filter((item) => item !== value), { shouldDirty: true });
    },
  });

  const draft: DraftSource = () => {
    const checked = ruleSchema.safeParse(controls.getValues());
    if (!checked.success) return { problem: 'The rule above has fields to fix before it can be previewed. Save it to see where, or preview without the changes.' };
    return { draft: ruleBody(checked.data), replaces: rule?.id ?? null };
  };

  return (
    <>
      <FormError form={form} />
      <StatusMessage>{saved && <p>{saved}</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <section className="card" aria-labelledby="rule-what-is-heading">
          <h2 id="rule-what-is-heading">The rule</h2>
          {rule === null ? (
            <SelectField label={LABELS.feature} options={FEATURES.map((item) => ({ value: item.slug, label: item.name }))} {...form.field('feature')} />
          ) : (
            <p>
              Feature: {FEATURES.find((item) => item.slug === rule.feature)?.name ?? rule.feature} · rule {rule.id}
            </p>
          )}
          <TextField label={LABELS.description} hint="For the people who read the rules later: who it is for and why." maxChars={300} autoComplete="off" {...form.field('description')} />
          <TextField
            label={LABELS.priority}
            hint="The lowest number is tried first (0 to 1000000). The list of rules can also move a rule up or down."
            inputMode="numeric"
            autoComplete="off"
            {...form.field('priority')}
          />
          <Checkbox label={LABELS.enabled} hint="A rule switched off decides nothing." {...form.register('enabled')} />
        </section>
        <RuleConditionFields field={form.field} plans={plans} statuses={list('statuses')} planList={list('plans')} />
        <RuleOutputFields form={controls} field={form.field} plans={plans} discounts={discounts} />
        <details className="marketing-advanced">
          <summary>The rule as data (for the operator API)</summary>
          <pre>{JSON.stringify(ruleBody(controls.watch()), null, 2)}</pre>
        </details>
        <div className="admin-actions">
          <SubmitButton form={form}>{form.submitting ? 'Saving…' : rule ? 'Save the rule' : 'Add the rule'}</SubmitButton>
          <Link className="button button--secondary" to="/admin/decision-rules">
            Cancel
          </Link>
        </div>
      </form>
      <PreviewPanel draft={draft} />
    </>
  );
}
