import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { CardForm, type CardTokenizer } from '../../ui/CardForm';
import { WalletButtons } from './WalletButtons';
import type { WalletProvider } from './wallets';

interface AddPaymentMethodProps {
  tokenizer: CardTokenizer;
  wallets: WalletProvider;
  /** Vaults the nonce; rejects with the server's message (a declined card). */
  onAdd: (nonce: string) => Promise<void>;
}

/** "Add new card": the card form behind a button, and the wallets' buttons beside it. */
export function AddPaymentMethod({ tokenizer, wallets, onAdd }: AddPaymentMethodProps) {
  const id = useId();
  const [formOpen, setFormOpen] = useState(false);
  const cardArea = useRef<HTMLDivElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);

  // Keyboard users land where they can go on: the form's first field, or back on the button.
  useEffect(() => {
    if (!toggled.current) return;
    if (formOpen) cardArea.current?.querySelector('input')?.focus();
    else openButton.current?.focus();
  }, [formOpen]);

  const toggle = (open: boolean) => {
    toggled.current = true;
    setFormOpen(open);
  };

  const addCard = async (nonce: string) => {
    await onAdd(nonce);
    toggled.current = false; // the page moves focus to the new method
    setFormOpen(false);
  };

  return (
    <section className="card add-payment-method" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Add a payment method</h2>
      {formOpen ? (
        <div ref={cardArea} className="add-payment-method__card">
          <h3 className="add-payment-method__subheading">Add new card</h3>
          <CardForm tokenizer={tokenizer} onTokenized={(card) => addCard(card.nonce)} submitLabel="Save card" />
          <Button variant="link" className="add-payment-method__cancel" onClick={() => toggle(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        // A plain button: the shared Button takes no ref, and focus comes back here.
        <button ref={openButton} type="button" className="button button--primary" onClick={() => toggle(true)}>
          Add new card
        </button>
      )}
      <WalletButtons wallets={wallets} label="Or add a wallet" onNonce={onAdd} />
    </section>
  );
}
