import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useCreateTenant, useTenants, type Tenant, type TenantWithKey } from './data';
import { ALIAS_RULE, NEW_TENANT, NEW_TENANT_FIELDS, newTenantBody, newTenantSchema, type NewTenantValues } from './forms';
import { KeyPanel } from './KeyPanel';
import { Loaded } from '../Loaded';
import { ModeChoice } from './ModeChoice';
import './referrals.css';

export const ORIGINS_HINT = 'One a line, such as https://shop.example: the pages that may show the widget. No paths.';
const LABELS = { alias: 'Alias', name: 'Name', mode: 'Mode', origins: 'Allowed origins' } as const;

/** Referral programmes (marketing): the merchants (tenants) of the referral widget. */
export default function TenantsScreen() {
  const tenants = useTenants();
  const [made, setMade] = useState<TenantWithKey | null>(null);
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted ?? null;
  const items = tenants.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="page page--wide">
      <PageHeading title="Referral programmes" area={CONSOLE}>
        Referral programmes
      </PageHeading>
      <p className="lead">
        Each merchant that shows the referral widget is a tenant: the pages it may run on, its API key, its programmes with their rewards and code
        banks, and the referrals it has.
      </p>
      <StatusMessage>{deleted && <p>{deleted}</p>}</StatusMessage>
      {made ? (
        <KeyPanel apiKey={made.api_key} title={`${made.tenant.name} is added: copy its API key`}>
          <p className="admin-actions">
            <Link className="button" to={`/admin/referrals/${encodeURIComponent(made.tenant.alias)}`}>
              Go to {made.tenant.name}
            </Link>
            <Button variant="secondary" onClick={() => setMade(null)}>
              Add another tenant
            </Button>
          </p>
        </KeyPanel>
      ) : (
        <NewTenantForm onMade={setMade} />
      )}
      <section aria-labelledby="tenants-heading" aria-busy={tenants.isFetching || undefined}>
        <h2 id="tenants-heading" className="admin-section-heading">
          Tenants
        </h2>
        <Loaded query={tenants} what="tenants">
          {() =>
            items.length === 0 ? (
              <p>There are no tenants yet.</p>
            ) : (
              <ul className="admin-list">
                {items.map((tenant) => (
                  <TenantItem key={tenant.alias} tenant={tenant} />
                ))}
              </ul>
            )
          }
        </Loaded>
        {tenants.hasNextPage && (
          <Button variant="secondary" busy={tenants.isFetchingNextPage} onClick={() => void tenants.fetchNextPage()}>
            {tenants.isFetchingNextPage ? 'Loading more tenants…' : 'More tenants'}
          </Button>
        )}
      </section>
    </div>
  );
}

function TenantItem({ tenant }: { tenant: Tenant }) {
  const headingId = `tenant-${tenant.alias}`;
  return (
    <li className="card" aria-labelledby={headingId}>
      <h3 id={headingId} className="referrals-item__title">
        <Link to={`/admin/referrals/${encodeURIComponent(tenant.alias)}`}>{tenant.name}</Link> <span className="referrals-item__id">{tenant.alias}</span>
      </h3>
      <dl className="admin-facts">
        <div>
          <dt>Mode</dt>
          <dd>{tenant.mode === 'live' ? 'Live' : 'Test'}</dd>
        </div>
        <div>
          <dt>Allowed origins</dt>
          <dd>{tenant.allowed_origins.length ? tenant.allowed_origins.join(', ') : 'None'}</dd>
        </div>
        <div>
          <dt>Programmes</dt>
          <dd>{tenant.programmes}</dd>
        </div>
      </dl>
    </li>
  );
}

function NewTenantForm({ onMade }: { onMade: (made: TenantWithKey) => void }) {
  const create = useCreateTenant();
  const form = useAccountForm<(typeof NEW_TENANT_FIELDS)[number], NewTenantValues>({
    fields: NEW_TENANT_FIELDS,
    schema: newTenantSchema,
    defaultValues: NEW_TENANT,
    summary: (invalid) => <p>Check the {invalid.map((field) => LABELS[field].toLowerCase()).join(' and ')} below.</p>,
    submit: async (values) => {
      onMade(await create.mutateAsync(newTenantBody(values)));
    },
    failure: failureText,
  });
  return (
    <section className="card" aria-labelledby="new-tenant-heading">
      <h2 id="new-tenant-heading">Add a tenant</h2>
      <p>Its API key is made for it and shown once, when it is added.</p>
      <FormError form={form} />
      <form noValidate onSubmit={form.onSubmit}>
        <div className="referrals-pair">
          <TextField label={LABELS.alias} hint={ALIAS_RULE} maxChars={64} autoComplete="off" spellCheck={false} {...form.field('alias')} />
          <TextField label={LABELS.name} hint="The merchant's name, as staff know it." maxChars={200} autoComplete="off" {...form.field('name')} />
        </div>
        <ModeChoice radio={form.register('mode')} />
        <TextArea label={LABELS.origins} hint={ORIGINS_HINT} rows={3} spellCheck={false} {...form.field('origins')} />
        <SubmitButton form={form}>{form.submitting ? 'Adding…' : 'Add the tenant'}</SubmitButton>
      </form>
    </section>
  );
}
