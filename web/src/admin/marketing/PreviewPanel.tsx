import { useId, useState } from 'react';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';
import { failureText } from '../signIn/failure';
import { usePreview, type Preview, type PreviewIn } from './data';
import { decisionText, featureName } from './ruleTexts';

const FIELDS = ['email', 'path', 'country'] as const;
const LABELS = { email: 'Reader’s email address', path: 'Page', country: 'Country' } as const;

const schema = z.object({
  email: z.union([z.literal(''), z.string().trim().regex(/^[^@\s]+@[^@\s]+$/, 'Enter an email address like name@example.com, or leave it empty.')]),
  path: z.string().trim().regex(/^\/\S*$/, 'A page is a path such as /account/subscribe.').max(2048, 'At most 2048 characters.'),
  country: z.union([z.literal(''), z.string().trim().regex(/^[A-Za-z]{2}$/, 'Two letters, such as US, or leave it empty.')]),
});
type Values = z.infer<typeof schema>;

/** A draft to preview with, or why there is none (the rule's fields do not fit yet). */
export type DraftSource = () => { draft: PreviewIn['draft']; replaces: number | null } | { problem: string };

/**
 * "What would this reader be offered": the decision engine's answers for a reader (or a
 * signed-out visitor) on a page, each with the rule that decided, and the payflow's plans.
 * With `draft`, the rule being edited is decided as if it were saved.
 */
export function PreviewPanel({ draft }: { draft?: DraftSource }) {
  const headingId = useId();
  const preview = usePreview();
  const [withDraft, setWithDraft] = useState(true);
  const [shown, setShown] = useState<Preview | null>(null);
  const form = useAccountForm<(typeof FIELDS)[number], Values>({
    fields: FIELDS,
    schema,
    defaultValues: { email: '', path: '/account/subscribe', country: '' },
    summary: (invalid) => <p>Check {invalid.map((field) => LABELS[field].toLowerCase()).join(' and ')} below.</p>,
    submit: async (values) => {
      setShown(null);
      const body: PreviewIn = { email: values.email.trim() || null, path: values.path.trim(), country: values.country.trim().toUpperCase() || null };
      if (draft && withDraft) {
        const source = draft();
        if ('problem' in source) throw new Error(source.problem);
        body.draft = source.draft;
        body.replaces = source.replaces;
      }
      setShown(await preview.mutateAsync(body));
    },
    failure: failureText,
  });

  return (
    <section className="card marketing-preview" aria-labelledby={headingId}>
      <h2 id={headingId}>Preview what a reader is offered</h2>
      <p>What the site decides now for a reader (or a signed-out visitor) on a page, and which rule decides it. Nothing is changed.</p>
      <FormError form={form} />
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label={LABELS.email} hint="Empty: a signed-out visitor." type="email" autoComplete="off" {...form.field('email')} />
        <div className="marketing-pair">
          <TextField label={LABELS.path} hint="The payflow is /account/subscribe." autoComplete="off" {...form.field('path')} />
          <TextField label={LABELS.country} hint="Two letters, such as US. Empty: unknown." autoComplete="off" maxLength={2} {...form.field('country')} />
        </div>
        {draft && <Checkbox label="With the changes above, not saved yet" checked={withDraft} onChange={(event) => setWithDraft(event.target.checked)} />}
        <SubmitButton form={form}>{form.submitting ? 'Deciding…' : 'Show the decisions'}</SubmitButton>
      </form>
      <div aria-live="polite">{shown && <PreviewResult preview={shown} />}</div>
    </section>
  );
}

function PreviewResult({ preview }: { preview: Preview }) {
  const reader = preview.reader;
  return (
    <div className="marketing-result">
      <h3>Decisions</h3>
      <p>
        For {reader ? reader.email : 'a signed-out visitor'} on {preview.path}
        {preview.country ? ` from ${preview.country}` : ''}
        {preview.inSupportedRegion ? '.' : ': memberships are not sold there, so no plan is offered.'}
      </p>
      {reader && (
        <p className="marketing-note">
          Status {reader.status}
          {reader.plans.length ? `, on ${reader.plans.join(', ')}` : ''}
          {reader.products.length ? `, with ${reader.products.join(', ')}` : ''}, {reader.hadTrial ? 'had a free trial' : 'never had a free trial'}.{' '}
          {reader.entitled ? 'A member: may read members-only stories unless a rule withholds it.' : 'Not a member: no rule can open members-only stories.'}
        </p>
      )}
      <dl className="marketing-decisions">
        {preview.decisions.map((decision) => (
          <div key={decision.feature}>
            <dt>{featureName(decision.feature)}</dt>
            <dd>
              {decisionText(decision.feature, decision.outputValue)}
              <span className="marketing-decided-by">
                {decision.draft
                  ? 'Decided by the changes not saved yet.'
                  : decision.ruleId !== null
                    ? `Decided by rule ${decision.ruleId}${decision.ruleDescription ? `: ${decision.ruleDescription}` : ''}.`
                    : 'No rule decided: the built-in answer.'}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <h3>The payflow’s plans</h3>
      {preview.plans.length === 0 ? (
        <p>None.</p>
      ) : (
        <ol className="marketing-cards" aria-label="Plans the payflow lists">
          {preview.plans.map((plan) => (
            <li key={plan.id} className="marketing-card">
              <p className="marketing-card__name">
                {plan.name} {plan.badge && <span className="marketing-badge">{plan.badge}</span>}
              </p>
              <p>{plan.cta_text}</p>
              {plan.curation && <p className="marketing-note">{plan.curation}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
