import { PageHeading } from '../../ui/PageHeading';
import { clientApiCvvTokenizer } from '../paymentMethods/api';
import { MembershipEnabledGate } from '../paymentMethods/MembershipEnabledGate';
import { PaymentMethodsPage } from '../paymentMethods/PaymentMethodsPage';
import { sandboxWallets } from '../paymentMethods/wallets';
import '../paymentMethods/paymentMethods.css';
import { clientApiTokenizer } from '../payflow/sandboxTokenizer';
import { SettingsNav } from '../settings/SettingsNav';

/** /account/settings/payment-method (login, and membership enabled). */
export default function PaymentMethodScreen() {
  return (
    <div className="page page--wide">
      <PageHeading title="Payment methods">Payment methods</PageHeading>
      <SettingsNav />
      <MembershipEnabledGate>
        <PaymentMethodsPage tokenizer={clientApiTokenizer} cvvTokenizer={clientApiCvvTokenizer} wallets={sandboxWallets} />
      </MembershipEnabledGate>
    </div>
  );
}
