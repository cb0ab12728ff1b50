import { fetchClientToken, tokenizeWithClientApi } from '../../api/billing';
import type { CardTokenizer } from '../../ui/CardForm';

/**
 * The card tokeniser of the embedded payments sandbox: a fresh client token from the server,
 * then the card to the client API it names (Braintree's protocol). Nothing is loaded from a
 * third party. A production build would pass a Braintree Hosted Fields tokeniser instead.
 */
export const clientApiTokenizer: CardTokenizer = {
  async tokenize(card) {
    const token = await fetchClientToken();
    return tokenizeWithClientApi(token, card);
  },
};
