/**
 * PayPal, Google Pay and Apple Pay. Against the embedded payments sandbox each button opens
 * an in-page stand-in for the wallet's own window (PayPal's approval window, the Google Pay
 * and Apple Pay payment sheets) for the sandbox's test account; once the reader approves,
 * the approval goes to the sandbox's client API as braintree-web's components send it, and
 * the single-use nonce it answers vaults as a PayPalAccount, GooglePay or ApplePay method.
 * Against Braintree itself a provider built on braintree-web's components opens the real
 * windows (none yet: NO_WALLETS).
 */
import { fetchClientToken, type PaymentMethod } from '../../api/billing';
import { postWalletApproval } from './walletClientApi';

export type WalletType = Extract<PaymentMethod['type'], 'PayPalAccount' | 'GooglePay' | 'ApplePay'>;

/** What the sandbox's stand-in for a wallet's own window shows before the reader approves. */
export interface WalletSheet {
  /** 'window': PayPal's login-and-approve window; 'sheet': a phone wallet's payment sheet. */
  look: 'window' | 'sheet';
  title: string;
  /** What the wallet pays with: the PayPal account, or the card the wallet holds. */
  accountLabel: string;
  account: string;
  confirmLabel: string;
}

export interface Wallet {
  type: WalletType;
  label: string;
  /** The page's own sheet, for the sandbox; a real wallet opens its window itself. */
  sheet?: WalletSheet;
}

export interface WalletProvider {
  wallets: readonly Wallet[];
  /** The wallet's single-use nonce once the reader approved; rejects when it is refused. */
  tokenize(type: WalletType): Promise<string>;
}

export const WALLETS: readonly Wallet[] = [
  { type: 'PayPalAccount', label: 'PayPal' },
  { type: 'GooglePay', label: 'Google Pay' },
  { type: 'ApplePay', label: 'Apple Pay' },
];

/**
 * The sandbox's test accounts (server/masthead/billing/sandbox/catalog.py WALLET_ACCOUNTS):
 * PayPal's sandbox buyer, the Visa the Google Pay test environment returns, and Braintree's
 * Apple Pay test Visa.
 */
export const SANDBOX_PAYPAL_BUYER = 'jane.doe@example.com';

export const SANDBOX_SHEETS: Record<WalletType, WalletSheet> = {
  PayPalAccount: {
    look: 'window',
    title: 'Log in to PayPal',
    accountLabel: 'Logged in as',
    account: SANDBOX_PAYPAL_BUYER,
    confirmLabel: 'Approve',
  },
  GooglePay: { look: 'sheet', title: 'Google Pay', accountLabel: 'Card', account: 'Visa •••• 1111', confirmLabel: 'Continue' },
  ApplePay: { look: 'sheet', title: 'Apple Pay', accountLabel: 'Card', account: 'Visa •••• 1881', confirmLabel: 'Continue' },
};

export const sandboxWallets: WalletProvider = {
  wallets: WALLETS.map((wallet) => ({ ...wallet, sheet: SANDBOX_SHEETS[wallet.type] })),
  async tokenize(type) {
    const token = await fetchClientToken();
    return (await postWalletApproval(token, type)).nonce;
  },
};

/** No wallet buttons: Braintree itself needs braintree-web's own wallet components. */
export const NO_WALLETS: WalletProvider = {
  wallets: [],
  tokenize: () => Promise.reject(new Error('No wallet is available.')),
};
