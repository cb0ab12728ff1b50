import { useId, useState } from 'react';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { readConfig } from '../config';
import { messages } from '../messages';
import { WalletSheet } from './WalletSheet';
import type { Wallet, WalletProvider, WalletType } from './wallets';
import './walletButtons.css';

interface WalletButtonsProps {
  wallets: WalletProvider;
  /** The group's visible name, e.g. 'Or pay with'. */
  label: string;
  /** Uses the wallet's nonce; a rejection's message is shown above the buttons. */
  onNonce: (nonce: string, type: WalletType) => Promise<void>;
  /** Who the sheet says is paid; the page's brand unless given. */
  merchant?: string;
}

/**
 * PayPal, Google Pay and Apple Pay: each opens its wallet (the sandbox's sheet, or the
 * wallet's own window) and, once the reader approves, hands on a single-use nonce.
 */
export function WalletButtons({ wallets, label, onNonce, merchant }: WalletButtonsProps) {
  const id = useId();
  const [busy, setBusy] = useState<WalletType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<Wallet | null>(null);

  if (wallets.wallets.length === 0) return null;

  const use = async (type: WalletType) => {
    setBusy(type);
    try {
      await onNonce(await wallets.tokenize(type), type);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
    } finally {
      setBusy(null);
    }
  };

  const start = (wallet: Wallet) => {
    setError(null);
    setNotice(null);
    if (wallet.sheet) setOpen(wallet);
    else void use(wallet.type);
  };

  const approve = () => {
    const wallet = open;
    setOpen(null);
    if (wallet) void use(wallet.type);
  };

  // As a real wallet's closed window, a cancelled sheet uses nothing; the polite note says
  // so, since at checkout a reader may wonder whether the click paid.
  const cancel = () => {
    if (open) setNotice(`${open.label} was cancelled. Nothing was added or charged.`);
    setOpen(null);
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
            aria-haspopup={wallet.sheet ? 'dialog' : undefined}
            onClick={() => start(wallet)}
          >
            {wallet.label}
          </Button>
        ))}
      </div>
      <p role="status" className="wallets__notice">
        {notice}
      </p>
      <WalletSheet wallet={open} merchant={merchant ?? readConfig().brand?.name ?? 'Masthead'} onConfirm={approve} onCancel={cancel} />
    </div>
  );
}
