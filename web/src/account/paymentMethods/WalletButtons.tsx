import { useId, useState } from 'react';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { messages } from '../messages';
import type { WalletProvider, WalletType } from './wallets';
import './walletButtons.css';

interface WalletButtonsProps {
  wallets: WalletProvider;
  /** The group's visible name, e.g. 'Or pay with'. */
  label: string;
  /** Uses the wallet's nonce; a rejection's message is shown above the buttons. */
  onNonce: (nonce: string, type: WalletType) => Promise<void>;
}

/** PayPal, Google Pay and Apple Pay: each opens its wallet and hands back a single-use nonce. */
export function WalletButtons({ wallets, label, onNonce }: WalletButtonsProps) {
  const id = useId();
  const [busy, setBusy] = useState<WalletType | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (wallets.wallets.length === 0) return null;

  const use = async (type: WalletType) => {
    setBusy(type);
    setError(null);
    try {
      await onNonce(await wallets.tokenize(type), type);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="wallets" role="group" aria-labelledby={`${id}-wallets`}>
      <p id={`${id}-wallets`} className="wallets__label">
        {label}
      </p>
      <ErrorAlert>{error && <p>{error}</p>}</ErrorAlert>
      <div className="wallets__buttons">
        {wallets.wallets.map((wallet) => (
          <Button
            key={wallet.type}
            variant="secondary"
            className={`wallet-button wallet-button--${wallet.type}`}
            busy={busy === wallet.type}
            disabled={busy !== null}
            onClick={() => void use(wallet.type)}
          >
            {wallet.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
