import { useEffect, useRef } from 'react';
import { ModalDialog } from '../../ui/ModalDialog';
import type { Wallet } from './wallets';

interface WalletSheetProps {
  /** The wallet whose sheet is open; null when none is. */
  wallet: Wallet | null;
  /** Who is paid: the brand of the site. */
  merchant: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The sandbox's stand-in for a wallet's own window: PayPal's login-and-approve window, or a
 * phone wallet's payment sheet, showing the account or card that will be used and who is
 * paid. A modal dialog: focus stays inside, Escape or Cancel closes it and nothing is used.
 */
export function WalletSheet({ wallet, merchant, onConfirm, onCancel }: WalletSheetProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  // The dialog's close event follows an approval too: only a close without one cancels.
  const approved = useRef(false);
  useEffect(() => {
    if (wallet) approved.current = false;
  }, [wallet]);

  const sheet = wallet?.sheet;
  const description =
    sheet?.look === 'window'
      ? `Approve to let ${merchant} charge your PayPal account for your membership.`
      : `${merchant} will be paid with the card below.`;
  return (
    <ModalDialog
      open={Boolean(sheet)}
      title={sheet?.title ?? ''}
      description={description}
      error={null}
      busy={false}
      onClose={() => {
        if (!approved.current) onCancel();
        approved.current = false;
      }}
      onSubmit={() => {
        approved.current = true;
        onConfirm();
      }}
      // The safe choice first, as the page's other confirmations do: Enter alone pays nothing.
      initialFocus={cancel}
    >
      {sheet && wallet && (
        <div className={`wallet-sheet wallet-sheet--${sheet.look} wallet-sheet--${wallet.type}`}>
          <p className="wallet-sheet__sandbox">Payment sandbox: a test account, no real money.</p>
          <dl className="wallet-sheet__details">
            <div>
              <dt>{sheet.accountLabel}</dt>
              <dd>{sheet.account}</dd>
            </div>
            <div>
              <dt>Pay to</dt>
              <dd>{merchant}</dd>
            </div>
          </dl>
          <div className="dialog__actions">
            <button type="submit" className="button button--primary">
              {sheet.confirmLabel}
            </button>
            {/* A plain button: the shared Button takes no ref, and this one gets the focus. */}
            <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
