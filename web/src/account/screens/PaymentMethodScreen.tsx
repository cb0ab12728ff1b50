import { PageHeading } from '../../ui/PageHeading';
import { MembershipEnabledGate } from '../paymentMethods/MembershipEnabledGate';
import { PaymentMethodsPage } from '../paymentMethods/PaymentMethodsPage';
import '../paymentMethods/paymentMethods.css';
import { cardTokenizerFor, cvvTokenizerFor, walletsFor } from '../payflow/cardTokenizerFor';
import { SettingsNav } from '../settings/SettingsNav';
import { useIdentity } from '../state/IdentityProvider';

/** /account/settings/payment-method (login, and membership enabled). */
export default function PaymentMethodScreen() {
  const { config } = useIdentity();
  return (
    <div className="page page--wide">
      <PageHeading title="Payment methods">Payment methods</PageHeading>
      <SettingsNav />
      <MembershipEnabledGate>
        <PaymentMethodsPage tokenizer={cardTokenizerFor(config)} cvvTokenizer={cvvTokenizerFor(config)} wallets={walletsFor(config)} />
      </MembershipEnabledGate>
    </div>
  );
}
