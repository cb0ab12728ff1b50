import { Link, useParams } from 'react-router';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { CodeBank } from './CodeBank';
import { useProgramme, useSaveProgramme, useTenant, type Programme } from './data';
import { NEW_PROGRAMME, PROGRAMME_FIELDS, SLUG_RULE, programmeBody, programmeSchema, programmeValues, type ProgrammeValues } from './forms';
import { Loaded } from '../Loaded';
import { Breadcrumbs } from './Breadcrumbs';
import { tenantPath } from './TenantScreen';
import { useSavedMessage } from '../useSavedMessage';
import './referrals.css';

const LABELS: Record<(typeof PROGRAMME_FIELDS)[number], string> = {
  slug: 'Programme id',
  name: 'Name',
  referrer_reward: 'Referrer’s reward',
  referred_reward: 'Friend’s reward',
  conversion_keys: 'Conversion events',
  landing_url: 'Landing page',
};

/** /admin/referrals/:alias/programmes/new and …/:slug: a programme, its rewards, its code bank. */
export default function ProgrammeScreen() {
  const params = useParams();
  const alias = params.alias ?? '';
  const slug = params.slug ?? null;
  const tenant = useTenant(alias);
  const programme = useProgramme(alias, slug);
  const title = slug ? (programme.data?.name ?? 'Programme') : 'Add a programme';
  const tenantName = tenant.data?.name ?? alias;
  return (
    <div className="page page--wide">
      <Breadcrumbs>
        <li>
          <Link to="/admin/referrals">Referral programmes</Link>
        </li>
        <li>
          <Link to={tenantPath(alias)}>{tenantName}</Link>
        </li>
        <li aria-current="page">{title}</li>
      </Breadcrumbs>
      <PageHeading title={`${title} (${tenantName})`} area={CONSOLE}>
        {title}
      </PageHeading>
      {slug ? (
        <Loaded query={programme} what="programme">
          {(found) => (
            <>
              <ProgrammeForm key={found.slug} alias={alias} programme={found} />
              <CodeBank alias={alias} programme={found} />
            </>
          )}
        </Loaded>
      ) : (
        <ProgrammeForm alias={alias} programme={null} />
      )}
    </div>
  );
}

function ProgrammeForm({ alias, programme }: { alias: string; programme: Programme | null }) {
  const save = useSaveProgramme(alias, programme?.slug ?? null);
  const { saved, clear, announce } = useSavedMessage();
  const form = useAccountForm<(typeof PROGRAMME_FIELDS)[number], ProgrammeValues>({
    fields: PROGRAMME_FIELDS,
    schema: programmeSchema,
    defaultValues: programme ? programmeValues(programme) : NEW_PROGRAMME,
    summary: (invalid) => <p>Check {invalid.map((field) => LABELS[field].toLowerCase()).join(', ')} below.</p>,
    submit: async (values) => {
      clear();
      const stored = await save.mutateAsync(programmeBody(values));
      const message = `The programme ${stored.name} is saved.`;
      if (programme !== null) form.reset(programmeValues(stored));
      await announce(message, programme === null ? `${tenantPath(alias)}/programmes/${encodeURIComponent(stored.slug)}` : null);
    },
    failure: failureText,
  });
  const field = form.field;

  return (
    <section className="card" aria-labelledby="programme-form-heading">
      <h2 id="programme-form-heading">{programme ? 'The programme and its rewards' : 'The new programme and its rewards'}</h2>
      <FormError form={form} />
      <StatusMessage>{saved && <p>{saved}</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        {programme ? (
          <p>
            Programme id: <code>{programme.slug}</code>
            {programme.default ? ', the tenant’s default programme: share links land on it.' : '.'}
          </p>
        ) : (
          <TextField label={LABELS.slug} hint={SLUG_RULE} maxChars={64} autoComplete="off" spellCheck={false} {...field('slug')} />
        )}
        <TextField label={LABELS.name} maxChars={200} autoComplete="off" {...field('name')} />
        <TextArea label={LABELS.referrer_reward} hint="What the person who shares gets, in words." maxChars={255} rows={2} {...field('referrer_reward')} />
        <TextArea
          label={LABELS.referred_reward}
          hint="What the friend gets, in words; with a code from the code bank while it has any."
          maxChars={255}
          rows={2}
          {...field('referred_reward')}
        />
        <TextField
          label={LABELS.conversion_keys}
          hint="The events that turn a referral into a conversion, separated by commas, such as purchase. Only the merchant’s server may send them."
          autoComplete="off"
          spellCheck={false}
          {...field('conversion_keys')}
        />
        <TextField
          label={LABELS.landing_url}
          hint="Where a share link takes the friend, such as https://shop.example/join."
          type="url"
          maxChars={2048}
          autoComplete="off"
          spellCheck={false}
          {...field('landing_url')}
        />
        <div className="admin-actions">
          <SubmitButton form={form}>{form.submitting ? 'Saving…' : programme ? 'Save the programme' : 'Add the programme'}</SubmitButton>
          <Link className="button button--secondary" to={tenantPath(alias)}>
            {programme ? 'Back to the tenant' : 'Cancel'}
          </Link>
        </div>
      </form>
    </section>
  );
}
