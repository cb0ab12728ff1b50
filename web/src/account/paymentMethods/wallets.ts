/**
 * PayPal, Google Pay and Apple Pay for the embedded sandbox: each button stands for the
 * wallet's own sheet and hands back the single-use nonce Braintree's sandbox gives for it
 * (Braintree's documented test nonces). A production build passes a provider built on
 * Braintree's PayPal, Google Pay and Apple Pay components instead.
 */
import type { PaymentMethod } from '../../api/billing';

export type WalletType = Extract<PaymentMethod['type'], 'PayPalAccount' | 'GooglePay' | 'ApplePay'>;

export interface Wallet {
  type: WalletType;
  label: string;
}

export interface WalletProvider {
  wallets: readonly Wallet[];
  /** The wallet's single-use nonce; rejects when the reader closes the wallet's sheet. */
  tokenize(type: WalletType): Promise<string>;
}

export const WALLETS: readonly Wallet[] = [
  { type: 'PayPalAccount', label: 'PayPal' },
  { type: 'GooglePay', label: 'Google Pay' },
  { type: 'ApplePay', label: 'Apple Pay' },
];

export const SANDBOX_WALLET_NONCES: Record<WalletType, string> = {
  PayPalAccount: 'fake-paypal-billing-agreement-nonce',
  GooglePay: 'fake-android-pay-nonce',
  ApplePay: 'fake-apple-pay-visa-nonce',
};

export const sandboxWallets: WalletProvider = {
  wallets: WALLETS,
  tokenize: (type) => Promise.resolve(SANDBOX_WALLET_NONCES[type]),
};

/** No wallet buttons: Braintree itself would refuse the sandbox's test nonces. */
export const NO_WALLETS: WalletProvider = {
  wallets: [],
  tokenize: () => Promise.reject(new Error('No wallet is available.')),
};
