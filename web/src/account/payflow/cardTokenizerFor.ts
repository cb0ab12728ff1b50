import type { CardTokenizer } from '../../ui/CardForm';
import type { MastheadConfig } from '../config';
import { clientApiCvvTokenizer, type CvvTokenizer } from '../paymentMethods/api';
import { NO_WALLETS, sandboxWallets, type WalletProvider } from '../paymentMethods/wallets';
import { hostedFieldsTokenizer } from './hostedFieldsTokenizer';
import { clientApiTokenizer } from './sandboxTokenizer';

/** The server says how cards are entered (page config cardEntry); the screens only pass it on. */
export function cardTokenizerFor(config: Pick<MastheadConfig, 'cardEntry'>): CardTokenizer {
  return config.cardEntry === 'hosted-fields' ? hostedFieldsTokenizer : clientApiTokenizer;
}

/** The CVV-only re-verification takes the CVV the same way as the card form takes a card. */
export function cvvTokenizerFor(config: Pick<MastheadConfig, 'cardEntry'>): CvvTokenizer {
  return config.cardEntry === 'hosted-fields' ? hostedFieldsTokenizer : clientApiCvvTokenizer;
}

/**
 * The wallets (PayPal, Google Pay, Apple Pay) of the sandbox; against Braintree itself none
 * yet: a provider built on braintree-web's PayPal, Google Pay and Apple Pay components goes here.
 */
export function walletsFor(config: Pick<MastheadConfig, 'cardEntry'>): WalletProvider {
  return config.cardEntry === 'hosted-fields' ? NO_WALLETS : sandboxWallets;
}
