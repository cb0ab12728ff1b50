/**
 * /account/settings/payment-method: the reader's saved payment methods, with add, make
 * default, delete and the CVV-only re-verification. The server decides every flag (default,
 * in use, expired, expiring soon) and every refusal; this page shows them.
 */
import { useEffect, useState } from 'react';
import type { PaymentMethod } from '../../api/billing';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import type { CardTokenizer } from '../../ui/CardForm';
import { Spinner } from '../../ui/Spinner';
import { AlertBar } from '../membership/AlertBar';
import { useSubscription } from '../membership/SubscriptionProvider';
import { useMembership, usePaymentMethods } from '../membership/billingData';
import { messages } from '../messages';
import { LoadError } from '../settings/LoadError';
import { AddPaymentMethod } from './AddPaymentMethod';
import { addPaymentMethod, deletePaymentMethod, setDefaultPaymentMethod, updatePaymentMethod, type CvvTokenizer } from './api';
import { CancelledMemberNotice } from './CancelledMemberNotice';
import { CvvDialog } from './CvvDialog';
import { DeleteDialog } from './DeleteDialog';
import { methodName, pageAlerts } from './describe';
import { PaymentMethodItem, methodHeadingId } from './PaymentMethodItem';
import type { WalletProvider } from './wallets';

const LIST_HEADING_ID = 'payment-methods-heading';

interface PaymentMethodsPageProps {
  tokenizer: CardTokenizer;
  cvvTokenizer: CvvTokenizer;
  wallets: WalletProvider;
}

export function PaymentMethodsPage({ tokenizer, cvvTokenizer, wallets }: PaymentMethodsPageProps) {
  const { refreshBilling } = useSubscription();
  const { membership } = useMembership();
  const methodsQuery = usePaymentMethods();
  const methods = methodsQuery.data;

  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [defaulting, setDefaulting] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const [verifying, setVerifying] = useState<PaymentMethod | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // After a change the list is fetched again; focus goes where the change shows once it does.
  useEffect(() => {
    if (!focusTarget) return;
    const target = document.getElementById(focusTarget);
    if (target) {
      target.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, methods]);

  const begin = () => {
    setSuccess(null);
    setFailure(null);
  };

  const add = async (nonce: string) => {
    begin();
    const added = await addPaymentMethod(nonce);
    await refreshBilling();
    setSuccess(`${methodName(added)} was added.`);
    setFocusTarget(methodHeadingId(added.token));
  };

  const makeDefault = async (method: PaymentMethod) => {
    begin();
    setDefaulting(method.token);
    try {
      await setDefaultPaymentMethod(method.token);
      await refreshBilling();
      setSuccess(`${methodName(method)} is now your default payment method.`);
      setFocusTarget(methodHeadingId(method.token));
    } catch (caught) {
      setFailure(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
    } finally {
      setDefaulting(null);
    }
  };

  const remove = async (method: PaymentMethod) => {
    await deletePaymentMethod(method.token);
    await refreshBilling();
    setDeleting(null);
    setSuccess(`${methodName(method)} was removed.`);
    setFocusTarget(LIST_HEADING_ID);
  };

  const verify = async (method: PaymentMethod, nonce: string) => {
    await updatePaymentMethod(method.token, nonce);
    await refreshBilling();
    setVerifying(null);
    setSuccess(`${methodName(method)} is verified.`);
    setFocusTarget(methodHeadingId(method.token));
  };

  let list;
  if (methods) {
    list =
      methods.length === 0 ? (
        <p>You have no saved payment methods.</p>
      ) : (
        <ul className="payment-methods" aria-labelledby={LIST_HEADING_ID}>
          {methods.map((method) => (
            <PaymentMethodItem
              key={method.token}
              method={method}
              busyDefault={defaulting === method.token}
              onMakeDefault={(chosen) => void makeDefault(chosen)}
              onVerifyCvv={(chosen) => {
                begin();
                setVerifying(chosen);
              }}
              onDelete={(chosen) => {
                begin();
                setDeleting(chosen);
              }}
            />
          ))}
        </ul>
      );
  } else if (methodsQuery.error) {
    list = <LoadError error={methodsQuery.error} onRetry={() => void methodsQuery.refetch()} />;
  } else {
    list = <Spinner label="Loading your payment methods…" />;
  }

  return (
    <>
      <AlertBar messages={methods ? pageAlerts(membership?.paymentMessage, methods) : []} />
      <StatusMessage>{success && <p>{success}</p>}</StatusMessage>
      <ErrorAlert>{failure && <p>{failure}</p>}</ErrorAlert>
      {membership?.status === 'Canceled' && <CancelledMemberNotice />}
      <section className="card" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          Your payment methods
        </h2>
        {list}
      </section>
      <AddPaymentMethod tokenizer={tokenizer} wallets={wallets} onAdd={add} />
      <DeleteDialog method={deleting} hasOthers={(methods?.length ?? 0) > 1} onClose={() => setDeleting(null)} onConfirm={remove} />
      <CvvDialog method={verifying} tokenizer={cvvTokenizer} onClose={() => setVerifying(null)} onVerify={verify} />
    </>
  );
}
