import type { RawPlan } from '../../api/billing';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CardForm, type CardTokenizer, type TokenizedCard } from '../../ui/CardForm';
import { WalletButtons } from '../paymentMethods/WalletButtons';
import type { WalletProvider } from '../paymentMethods/wallets';
import { NON_REFUNDABLE_TEXT, PRICE_INCREASE_TEXT } from '../../api/specTexts';
import { formatPrice, hasTrial, priceWording } from './texts';

interface CheckoutProps {
  plan: RawPlan;
  hadTrial: boolean;
  tokenizer: CardTokenizer;
  wallets: WalletProvider;
  errorMessage: string | null;
  onPay: (card: TokenizedCard) => Promise<void>;
  onSubmitStart: () => void;
  onChangePlan: () => void;
}

/** One-step checkout: the chosen plan, the card form and the payment texts, and the wallets. */
export function Checkout({ plan, hadTrial, tokenizer, wallets, errorMessage, onPay, onSubmitStart, onChangePlan }: CheckoutProps) {
  const trial = hasTrial(plan) && !hadTrial;
  return (
    <div className="checkout">
      <section className="card checkout__summary" aria-labelledby="checkout-plan-heading">
        <h2 id="checkout-plan-heading">{plan.card_heading}</h2>
        <p className="checkout__price">{priceWording(plan, hadTrial)}</p>
        <Button variant="link" onClick={onChangePlan}>
          Change plan
        </Button>
      </section>
      <section className="card checkout__payment" aria-labelledby="checkout-card-heading">
        <h2 id="checkout-card-heading">Pay by card</h2>
        <ErrorAlert>{errorMessage && <p>{errorMessage}</p>}</ErrorAlert>
        <CardForm tokenizer={tokenizer} onTokenized={onPay} onSubmitStart={onSubmitStart} submitLabel={trial ? 'Start free trial' : `Pay ${formatPrice(plan.amount)}`}>
          <div className="payment-text">
            {trial && <p>You won&rsquo;t be charged today. Your card is charged when the trial ends unless you cancel.</p>}
            <p>{NON_REFUNDABLE_TEXT}</p>
            <p>{PRICE_INCREASE_TEXT}</p>
            <p>
              By subscribing you agree to the <a href="/membership-terms">membership terms</a>. You can{' '}
              <a href="/membership-terms#cancellation">cancel any time</a>.
            </p>
          </div>
        </CardForm>
        {/* The subscribe call's answer shows in the alert above, as it does for a card. */}
        <WalletButtons
          wallets={wallets}
          label="Or pay with"
          onNonce={(nonce, type) => {
            onSubmitStart();
            return onPay({ nonce, type });
          }}
        />
      </section>
    </div>
  );
}
