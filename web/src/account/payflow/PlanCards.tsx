import type { RawPlan } from '../../api/billing';
import { Button } from '../../ui/Button';
import { formatPrice, hasTrial, priceWording } from './texts';

interface PlanCardsProps {
  plans: RawPlan[];
  hadTrial: boolean;
  onChoose: (plan: RawPlan) => void;
}

/** The plan subscription cards: heading, badge, prices, curation and the call to action. */
export function PlanCards({ plans, hadTrial, onChoose }: PlanCardsProps) {
  return (
    <ul className="plan-cards" aria-label="Membership plans">
      {plans.map((plan) => {
        const headingId = `plan-${plan.id}-heading`;
        const discount = Number(plan.discount_percent) || 0;
        return (
          <li key={plan.id} className={['plan-card', plan.featured ? 'plan-card--featured' : ''].filter(Boolean).join(' ')} data-plan-id={plan.id}>
            {plan.badge && <p className="plan-card__badge">{plan.badge}</p>}
            <h2 id={headingId} className="plan-card__heading">
              {plan.card_heading}
            </h2>
            <p className="plan-card__price">
              <span className="plan-card__amount">{formatPrice(plan.amount)}</span>
              {plan.frequency > 1 && <span className="plan-card__monthly"> ({formatPrice(plan.monthly_price)}/month)</span>}
            </p>
            {discount > 0 && <p className="plan-card__discount">Save {discount}%</p>}
            <p className="plan-card__terms">{priceWording(plan, hadTrial)}</p>
            {plan.curation && <p className="plan-card__curation">{plan.curation}</p>}
            <Button className="button--block plan-card__cta" onClick={() => onChoose(plan)} aria-describedby={headingId}>
              {plan.cta_text}
            </Button>
            {hasTrial(plan) && !hadTrial && <p className="plan-card__note">Cancel any time before your trial ends and you won&rsquo;t be charged.</p>}
          </li>
        );
      })}
    </ul>
  );
}
