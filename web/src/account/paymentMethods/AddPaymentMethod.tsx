import { useEffect, useId, useRef, useState } from 'react';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CardForm, type CardTokenizer } from '../../ui/CardForm';
import { messages } from '../messages';
import type { WalletProvider, WalletType } from './wallets';

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
  const [walletBusy, setWalletBusy] = useState<WalletType | null>(null);
  const [walletError, setWalletError] = useState<string | null>(null);
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

  const addWallet = async (type: WalletType) => {
    setWalletBusy(type);
    setWalletError(null);
    try {
      await onAdd(await wallets.tokenize(type));
    } catch (caught) {
      setWalletError(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
    } finally {
      setWalletBusy(null);
    }
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
      {wallets.wallets.length > 0 && (
        <div className="wallets" role="group" aria-labelledby={`${id}-wallets`}>
          <p id={`${id}-wallets`} className="wallets__label">
            Or add a wallet
          </p>
          <ErrorAlert>{walletError && <p>{walletError}</p>}</ErrorAlert>
          <div className="wallets__buttons">
            {wallets.wallets.map((wallet) => (
              <Button
                key={wallet.type}
                variant="secondary"
                className={`wallet-button wallet-button--${wallet.type}`}
                busy={walletBusy === wallet.type}
                disabled={walletBusy !== null}
                onClick={() => void addWallet(wallet.type)}
              >
                {wallet.label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
