import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useStepUp } from '../StepUp';
import { StepUpCancelled } from '../stepUp';
import { useChangeTenant, useDeleteTenant, useProgrammes, useRotateKey, useTenant, type Programme, type Tenant } from './data';
import { codesText, MAX_JS_OPTIONS_CHARS, TENANT_FIELDS, tenantChange, tenantSchema, tenantValues, type TenantValues } from './forms';
import { KeyPanel } from './KeyPanel';
import { Loaded } from '../Loaded';
import { Breadcrumbs } from './Breadcrumbs';
import { ModeChoice } from './ModeChoice';
import { ORIGINS_HINT } from './TenantsScreen';
import './referrals.css';

const LABELS = { name: 'Name', mode: 'Mode', origins: 'Allowed origins', jsOptions: 'Widget options (JSON)' } as const;

export const tenantPath = (alias: string) => `/admin/referrals/${encodeURIComponent(alias)}`;

/** /admin/referrals/:alias: one tenant: its settings, its API key, its programmes. */
export default function TenantScreen() {
  const alias = useParams().alias ?? '';
  const tenant = useTenant(alias);
  const title = tenant.data?.name ?? 'Referral tenant';
  return (
    <div className="page page--wide">
      <Breadcrumbs>
        <li>
          <Link to="/admin/referrals">Referral programmes</Link>
        </li>
        <li aria-current="page">{title}</li>
      </Breadcrumbs>
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <Loaded query={tenant} what="tenant">
        {(found) => <TenantParts tenant={found} />}
      </Loaded>
    </div>
  );
}

function TenantParts({ tenant }: { tenant: Tenant }) {
  return (
    <>
      <p className="lead">
        Alias <code>{tenant.alias}</code>: merchant pages call <code>squatch.init({`{ tenantAlias: '${tenant.alias}' }`})</code>. Added{' '}
        {formatMoment(tenant.created_at)}.
      </p>
      <TenantForm key={tenant.alias} tenant={tenant} />
      <ApiKey tenant={tenant} />
      <Programmes alias={tenant.alias} />
      <section className="card" aria-labelledby="referrals-link-heading">
        <h2 id="referrals-link-heading">Referrals</h2>
        <p>Who referred whom, when, whether it converted and the rewards given.</p>
        <Link className="button button--secondary" to={`${tenantPath(tenant.alias)}/referrals`}>
          See the referrals of {tenant.name}
        </Link>
      </section>
      <DeleteTenant tenant={tenant} />
    </>
  );
}

function TenantForm({ tenant }: { tenant: Tenant }) {
  const change = useChangeTenant(tenant.alias);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useAccountForm<(typeof TENANT_FIELDS)[number], TenantValues>({
    fields: TENANT_FIELDS,
    schema: tenantSchema,
    defaultValues: tenantValues(tenant),
    summary: (invalid) => <p>Check the {invalid.map((field) => LABELS[field].toLowerCase()).join(' and ')} below.</p>,
    submit: async (values) => {
      setSaved(null);
      const stored = await change.mutateAsync(tenantChange(values));
      form.reset(tenantValues(stored));
      setSaved('The tenant is saved. Other servers take up new origins within a second.');
    },
    failure: failureText,
  });
  return (
    <section className="card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <FormError form={form} />
      <StatusMessage>{saved && <p>{saved}</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label={LABELS.name} maxChars={200} autoComplete="off" {...form.field('name')} />
        <ModeChoice radio={form.register('mode')} />
        <TextArea label={LABELS.origins} hint={ORIGINS_HINT} rows={3} spellCheck={false} {...form.field('origins')} />
        <div className="referrals-code-field">
          <TextArea
            label={LABELS.jsOptions}
            hint="What squatch-js reads: widget.defaultWidgetType, widgetUrlMappings, conversionUrls, fuelTankAutofillUrls, cta. Empty for none."
            maxChars={MAX_JS_OPTIONS_CHARS}
            rows={6}
            spellCheck={false}
            {...form.field('jsOptions')}
          />
        </div>
        <SubmitButton form={form}>{form.submitting ? 'Saving…' : 'Save the settings'}</SubmitButton>
      </form>
    </section>
  );
}

/** The key's last characters and age; rotation asks to be sure, then for a fresh code. */
function ApiKey({ tenant }: { tenant: Tenant }) {
  const rotate = useRotateKey(tenant.alias, useStepUp());
  const [asking, setAsking] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const rotateNow = async () => {
    setError(null);
    try {
      const { api_key } = await rotate.mutateAsync();
      setAsking(false);
      setNewKey(api_key);
    } catch (failure) {
      setError(failure instanceof StepUpCancelled ? failure.message : failureText(failure));
    }
  };

  return (
    <>
      {newKey && (
        <KeyPanel apiKey={newKey} title="The new API key: copy it now">
          <p>The old key stopped working at once. Give the new one to the merchant&apos;s server.</p>
          <Button variant="secondary" onClick={() => setNewKey(null)}>
            I have copied it
          </Button>
        </KeyPanel>
      )}
      <section className="card" aria-labelledby="key-section-heading">
        <h2 id="key-section-heading">API key</h2>
        <dl className="admin-facts">
          <div>
            <dt>Ends with</dt>
            <dd>
              <code>…{tenant.key_ends_with}</code>
            </dd>
          </div>
          <div>
            <dt>{tenant.key_rotated_at ? 'Rotated' : 'Made'}</dt>
            <dd>{formatMoment(tenant.key_rotated_at ?? tenant.created_at)}</dd>
          </div>
        </dl>
        <p>Masthead shows a key only once, when it is made. Rotate it when it may have leaked, or was lost.</p>
        <ErrorAlert>{error && <p>{error}</p>}</ErrorAlert>
        {asking ? (
          <div className="referrals-confirm" role="group" aria-labelledby="rotate-question">
            <p id="rotate-question">
              <strong>The current key stops working at once</strong>, for the merchant&apos;s server and for every user JWT signed with it. Rotate it
              now?
            </p>
            <div className="admin-actions">
              <Button busy={rotate.isPending} onClick={() => void rotateNow()}>
                {rotate.isPending ? 'Rotating…' : 'Rotate the key now'}
              </Button>
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={rotate.isPending}>
                Keep the current key
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Rotate the key
          </Button>
        )}
      </section>
    </>
  );
}

function Programmes({ alias }: { alias: string }) {
  const programmes = useProgrammes(alias);
  return (
    <section aria-labelledby="programmes-heading" className="referrals-section">
      <div className="admin-card-head">
        <h2 id="programmes-heading" className="referrals-heading">
          Programmes and rewards
        </h2>
        <Link className="button button--secondary button--small" to={`${tenantPath(alias)}/programmes/new`}>
          Add a programme
        </Link>
      </div>
      <Loaded query={programmes} what="programmes">
        {(data) =>
          data.items.length === 0 ? (
            <p>No programmes yet: widgets of this tenant answer “program not found” until it has one.</p>
          ) : (
            <ul className="admin-list">
              {data.items.map((programme) => (
                <ProgrammeItem key={programme.slug} alias={alias} programme={programme} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function ProgrammeItem({ alias, programme }: { alias: string; programme: Programme }) {
  const headingId = `programme-${programme.slug}`;
  const codes = codesText(programme.codes);
  return (
    <li className="card" aria-labelledby={headingId}>
      <h3 id={headingId} className="referrals-item__title">
        <Link to={`${tenantPath(alias)}/programmes/${encodeURIComponent(programme.slug)}`}>{programme.name}</Link>{' '}
        <span className="referrals-item__id">
          {programme.slug}
          {programme.default ? ' (default)' : ''}
        </span>
      </h3>
      <dl className="admin-facts">
        <div>
          <dt>Referrer gets</dt>
          <dd>{programme.referrer_reward}</dd>
        </div>
        <div>
          <dt>Friend gets</dt>
          <dd>{programme.referred_reward}</dd>
        </div>
        <div>
          <dt>Code bank</dt>
          <dd>{codes.text}</dd>
        </div>
      </dl>
      {codes.warning && <p className="referrals-warning">{codes.warning}</p>}
    </li>
  );
}

function DeleteTenant({ tenant }: { tenant: Tenant }) {
  const remove = useDeleteTenant(tenant.alias, useStepUp());
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const deleteNow = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      await navigate('/admin/referrals', { state: { deleted: `${tenant.name} is deleted.` } });
    } catch (failure) {
      setError(failure instanceof StepUpCancelled ? failure.message : failureText(failure));
    }
  };

  return (
    <section className="card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete the tenant</h2>
      <p>
        Every widget and API call of {tenant.name} stops at once. Its referrals and rewards are kept, and its alias is never given to another
        tenant.
      </p>
      <ErrorAlert>{error && <p>{error}</p>}</ErrorAlert>
      {asking ? (
        <div className="referrals-confirm" role="group" aria-labelledby="delete-question">
          <p id="delete-question">
            <strong>Delete {tenant.name}?</strong> This cannot be undone in the console.
          </p>
          <div className="admin-actions">
            <Button busy={remove.isPending} onClick={() => void deleteNow()}>
              {remove.isPending ? 'Deleting…' : `Delete ${tenant.name}`}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={remove.isPending}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Delete the tenant
        </Button>
      )}
    </section>
  );
}
