import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { CONSOLE } from '../guards';
import { discountTerms, priceText } from './catalogForms';
import { useDiscounts, usePlans, type Discount, type Plan } from './data';
import { Loaded } from '../Loaded';
import './marketing.css';

/** Plans & discounts (marketing): the catalogue as readers are offered it, and the offers. */
export default function PlansScreen() {
  const plans = usePlans();
  const discounts = useDiscounts();
  const names = Object.fromEntries((plans.data?.plans ?? []).map((plan) => [plan.id, plan.name]));

  return (
    <div className="page page--wide">
      <PageHeading title="Plans & discounts" area={CONSOLE}>
        Plans &amp; discounts
      </PageHeading>
      <p className="lead">
        The membership plans the payflow offers, and the discounts members are offered when they go to cancel. Which plans each reader sees, and which
        offer, is up to the <Link to="/admin/decision-rules">decision rules</Link>.
      </p>

      <section aria-labelledby="plans-heading">
        <div className="admin-card-head">
          <h2 id="plans-heading" className="admin-section-heading marketing-heading">
            Plans
          </h2>
          <Link className="button button--secondary button--small" to="/admin/plans/new">
            Add a plan
          </Link>
        </div>
        <Loaded query={plans} what="plans">
          {(data) => (
            <ul className="admin-list">
              {data.plans.map((plan) => (
                <PlanItem key={plan.id} plan={plan} />
              ))}
            </ul>
          )}
        </Loaded>
      </section>

      <section aria-labelledby="discounts-heading">
        <div className="admin-card-head">
          <h2 id="discounts-heading" className="admin-section-heading marketing-heading">
            Discounts
          </h2>
          <Link className="button button--secondary button--small" to="/admin/discounts/new">
            Add a discount
          </Link>
        </div>
        <Loaded query={discounts} what="discounts">
          {(data) => (
            <ul className="admin-list">
              {data.discounts.map((discount) => (
                <DiscountItem key={discount.id} discount={discount} names={names} />
              ))}
            </ul>
          )}
        </Loaded>
      </section>
    </div>
  );
}

function PlanItem({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  const trial = plan.trial_duration > 0 ? `${plan.trial_duration} ${plan.trial_duration_unit}${plan.trial_duration === 1 ? '' : 's'} free` : 'No free trial';
  return (
    <li className="card" aria-labelledby={headingId}>
      <div className="admin-card-head">
        <h3 id={headingId} className="marketing-item__title">
          {plan.name} <span className="marketing-item__id">{plan.id}</span>
        </h3>
        <Link className="button button--secondary button--small" to={`/admin/plans/${encodeURIComponent(plan.id)}`} aria-label={`Edit the plan ${plan.name}`}>
          Edit
        </Link>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>Price</dt>
          <dd>
            {priceText(plan.amount, plan.frequency)}
            {plan.normal_amount && plan.normal_amount !== plan.amount ? ` (regularly $${plan.normal_amount})` : ''}
          </dd>
        </div>
        <div>
          <dt>Trial</dt>
          <dd>{trial}</dd>
        </div>
        <div>
          <dt>New readers</dt>
          <dd>{plan.enabled ? `Offered${plan.featured ? ', featured' : ''}` : 'Hidden'}</dd>
        </div>
        <div>
          <dt>Members on it</dt>
          <dd>{plan.members}</dd>
        </div>
        {plan.step_up_amount && plan.step_up_date && (
          <div>
            <dt>Step-up</dt>
            <dd>
              ${plan.step_up_amount} from {plan.step_up_date}
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function DiscountItem({ discount, names }: { discount: Discount; names: Record<string, string> }) {
  const headingId = `discount-${discount.id}`;
  const plans = discount.plan_ids.length ? discount.plan_ids.map((id) => names[id] ?? id).join(', ') : 'Every plan';
  return (
    <li className="card" aria-labelledby={headingId}>
      <div className="admin-card-head">
        <h3 id={headingId} className="marketing-item__title">
          {discount.name} <span className="marketing-item__id">{discount.id}</span>
        </h3>
        <Link
          className="button button--secondary button--small"
          to={`/admin/discounts/${encodeURIComponent(discount.id)}`}
          aria-label={`Edit the discount ${discount.name}`}
        >
          Edit
        </Link>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>Terms</dt>
          <dd>{discountTerms(discount)}</dd>
        </div>
        <div>
          <dt>Plans</dt>
          <dd>{plans}</dd>
        </div>
        <div>
          <dt>Offered</dt>
          <dd>{discount.enabled ? 'Yes' : 'No, withdrawn'}</dd>
        </div>
      </dl>
    </li>
  );
}
