import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { useProgrammes, useReferrals, useTenant, type Referral, type ReferralFilters } from './data';
import { Breadcrumbs } from './Breadcrumbs';
import { tenantPath } from './TenantScreen';
import './referrals.css';

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'CONVERTED', label: 'Converted' },
] as const;

/** The filters live in the address, so Back, a reload and a shared link keep them. */
export function filtersOf(params: URLSearchParams): ReferralFilters {
  const status = params.get('status');
  return { programme: params.get('programme') ?? '', status: status === 'PENDING' || status === 'CONVERTED' ? status : '' };
}

function person(who: Referral['referrer']): string {
  const named = who.name || who.email || who.user_id;
  return who.email && who.name ? `${named} (${who.email})` : named;
}

/** /admin/referrals/:alias/referrals: a tenant's referrals, newest first, read only. */
export default function ReferralsScreen() {
  const alias = useParams().alias ?? '';
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const tenant = useTenant(alias);
  const programmes = useProgrammes(alias);
  const referrals = useReferrals(alias, filters);
  const programmeId = useId();
  const statusId = useId();
  const items = referrals.data?.pages.flatMap((page) => page.items) ?? [];
  const tenantName = tenant.data?.name ?? alias;
  const filtered = Boolean(filters.programme || filters.status);

  const setFilter = (name: keyof ReferralFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  return (
    <div className="page page--wide">
      <Breadcrumbs>
        <li>
          <Link to="/admin/referrals">Referral programmes</Link>
        </li>
        <li>
          <Link to={tenantPath(alias)}>{tenantName}</Link>
        </li>
        <li aria-current="page">Referrals</li>
      </Breadcrumbs>
      <PageHeading title={`Referrals of ${tenantName}`} area={CONSOLE}>
        Referrals of {tenantName}
      </PageHeading>
      <p className="lead">Newest first: who referred whom, whether it converted, and the rewards given.</p>
      <section className="card" aria-labelledby="referral-filter-heading">
        <h2 id="referral-filter-heading">Filter</h2>
        <div className="referrals-pair">
          <div className="field">
            <label className="field__label" htmlFor={programmeId}>
              Programme
            </label>
            <select id={programmeId} className="field__input" value={filters.programme} onChange={(event) => setFilter('programme', event.target.value)}>
              <option value="">Every programme</option>
              {(programmes.data?.items ?? []).map((programme) => (
                <option key={programme.slug} value={programme.slug}>
                  {programme.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={statusId}>
              Status
            </label>
            <select id={statusId} className="field__input" value={filters.status} onChange={(event) => setFilter('status', event.target.value)}>
              {STATUSES.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>
      <section aria-labelledby="referral-list-heading" aria-busy={referrals.isFetching || undefined}>
        <h2 id="referral-list-heading" className="admin-section-heading">
          {filtered ? 'Matching referrals' : 'Referrals'}
        </h2>
        {referrals.isPending && <Spinner label="Loading the referrals…" />}
        {referrals.isError && (
          <>
            <div role="alert" className="alert alert--error">
              <p>{referrals.error.message}</p>
            </div>
            <Button onClick={() => void referrals.refetch()}>Try again</Button>
          </>
        )}
        {referrals.isSuccess && items.length === 0 && <p>{filtered ? 'No referrals match these filters.' : 'No referrals yet.'}</p>}
        {items.length > 0 && (
          <ol className="admin-list">
            {items.map((referral) => (
              <ReferralItem key={referral.id} referral={referral} />
            ))}
          </ol>
        )}
        <p role="status" className="admin-count">
          {items.length > 0 && `Showing ${items.length} ${items.length === 1 ? 'referral' : 'referrals'}${referrals.hasNextPage ? '; older ones follow' : ''}.`}
        </p>
        {referrals.hasNextPage && (
          <Button variant="secondary" busy={referrals.isFetchingNextPage} onClick={() => void referrals.fetchNextPage()}>
            {referrals.isFetchingNextPage ? 'Loading older referrals…' : 'Older referrals'}
          </Button>
        )}
      </section>
    </div>
  );
}

function ReferralItem({ referral }: { referral: Referral }) {
  const headingId = `referral-${referral.id}`;
  const converted = referral.status === 'CONVERTED';
  return (
    <li className="card" aria-labelledby={headingId}>
      <div className="admin-card-head">
        <h3 id={headingId} className="referrals-item__title">
          {person(referral.referrer)} referred {person(referral.referred)}
        </h3>
        <span className={converted ? 'referrals-status referrals-status--converted' : 'referrals-status'}>{converted ? 'Converted' : 'Pending'}</span>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>Programme</dt>
          <dd>{referral.programme}</dd>
        </div>
        <div>
          <dt>Referred</dt>
          <dd>{formatMoment(referral.created_at)}</dd>
        </div>
        <div>
          <dt>Converted</dt>
          <dd>{referral.converted_at ? formatMoment(referral.converted_at) : 'Not yet'}</dd>
        </div>
        <div>
          <dt>Code</dt>
          <dd>
            <code>{referral.code}</code>
          </dd>
        </div>
      </dl>
      {referral.rewards.length > 0 && (
        <ul className="referrals-rewards" aria-label="Rewards given">
          {referral.rewards.map((reward) => (
            <li key={reward.kind}>
              {reward.kind === 'referrer' ? 'Referrer' : 'Friend'}: {reward.description}
              {reward.fuel_tank_code ? (
                <>
                  {' '}
                  with the code <code>{reward.fuel_tank_code}</code>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
