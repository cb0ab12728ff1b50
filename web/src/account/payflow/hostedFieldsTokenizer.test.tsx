// @vitest-environment jsdom
/**
 * The production card form: braintree-web's client and hosted-fields modules are replaced at
 * the module boundary by a faithful double (src/test/braintreeWebDouble.ts); everything
 * above them (the tokeniser, the card form) is the real code.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { braintreeWeb } from '../../test/braintreeWebDouble';
import { CardForm } from '../../ui/CardForm';
import { cardTokenizerFor } from './cardTokenizerFor';
import { HOSTED_FIELDS_LOAD_ERROR, createHostedFieldsTokenizer } from './hostedFieldsTokenizer';

vi.mock('braintree-web/client', async () => (await import('../../test/braintreeWebDouble')).braintreeWeb.clientModule());
vi.mock('braintree-web/hosted-fields', async () => (await import('../../test/braintreeWebDouble')).braintreeWeb.hostedFieldsModule());

const LABELS = ['Name', 'Card Number', 'Expiration', 'CVV', 'Zip Code'];
const CARD = { cardholderName: 'Ada Lovelace', number: '4111 1111 1111 1111', expirationDate: '12/30', cvv: '123', postalCode: '10001' };

function setup(onTokenized = vi.fn(async () => undefined)) {
  const tokenizer = createHostedFieldsTokenizer(undefined, async () => 'client-token-from-server');
  const view = render(
    <StrictMode>
      <CardForm tokenizer={tokenizer} onTokenized={onTokenized} submitLabel="Start free trial">
        <p>All charges are non-refundable.</p>
      </CardForm>
    </StrictMode>,
  );
  return { onTokenized, view };
}

async function mounted() {
  await waitFor(() => expect(screen.queryByText('Loading the secure card fields…')).not.toBeInTheDocument());
  return braintreeWeb.customer;
}

beforeEach(() => {
  braintreeWeb.reset();
  braintreeWeb.today = new Date(2026, 4, 15);
});

afterEach(() => braintreeWeb.reset());

describe('the Braintree Hosted Fields card form', () => {
  it('mounts one frame per field under the spec labels, with the server client token', async () => {
    setup();
    const customer = await mounted();
    expect(braintreeWeb.authorizations.at(-1)).toBe('client-token-from-server');
    for (const label of LABELS) expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    // Each frame is named for screen readers by the same words (its title and hidden label).
    expect(Array.from(document.querySelectorAll('iframe')).map((frame) => frame.title)).toEqual(LABELS);
    // React's development double mount left one live instance, not two sets of frames.
    expect(braintreeWeb.instances.filter((instance) => !instance.tornDown)).toEqual([customer]);
  });

  it('keeps submit disabled until every field is valid, then hands on the nonce and type', async () => {
    const { onTokenized } = setup();
    const customer = await mounted();
    const submit = screen.getByRole('button', { name: 'Start free trial' });
    expect(submit).toBeDisabled();
    act(() => customer.fill({ ...CARD, postalCode: '' }));
    expect(submit).toBeDisabled();
    act(() => customer.fill({ postalCode: '10001' }));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(onTokenized).toHaveBeenCalledWith({ nonce: 'tokencc_double_1', type: 'CreditCard' }));
  });

  it('submits when the reader presses Enter inside a frame, only once every field is valid', async () => {
    const { onTokenized } = setup();
    const customer = await mounted();
    act(() => customer.fill({ ...CARD, cvv: '' }));
    act(() => customer.pressEnter('postalCode'));
    expect(screen.getByText('Please enter the CVV.')).toBeInTheDocument();
    expect(onTokenized).not.toHaveBeenCalled();
    act(() => customer.fill({ cvv: '123' }));
    act(() => customer.pressEnter('cvv'));
    await waitFor(() => expect(onTokenized).toHaveBeenCalledWith({ nonce: 'tokencc_double_1', type: 'CreditCard' }));
  });

  it('shows the empty and invalid messages from the fields\' events, and tells the frames', async () => {
    setup();
    const customer = await mounted();
    act(() => customer.blur('cardholderName'));
    expect(screen.getByText('Please enter the Name.')).toBeInTheDocument();
    expect(customer.message('cardholderName')).toBe('Please enter the Name.');
    await waitFor(() => expect(customer.attribute('cardholderName', 'aria-invalid')).toBe(true));

    act(() => customer.fill({ number: '4111 1111 1111 1112' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The Card Number field is invalid.');
    act(() => customer.fill({ expirationDate: '13/30' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The following fields are invalid: Card Number, Expiration');

    act(() => customer.fill({ cardholderName: 'Ada Lovelace' }));
    expect(screen.queryByText('Please enter the Name.')).not.toBeInTheDocument();
    await waitFor(() => expect(customer.attribute('cardholderName', 'aria-invalid')).toBeUndefined());
    expect(customer.message('cardholderName')).toBe('');
  });

  it('explains a tokenisation that fails on the way', async () => {
    const { onTokenized } = setup();
    const customer = await mounted();
    act(() => customer.fill(CARD));
    braintreeWeb.nextTokenizeError = 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR';
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByText('You are probably offline.')).toBeInTheDocument();
    braintreeWeb.nextTokenizeError = 'HOSTED_FIELDS_FAILED_TOKENIZATION';
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByText('The supplied card data failed tokenization.')).toBeInTheDocument();
    expect(onTokenized).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal of the nonce in the same alert', async () => {
    setup(vi.fn(async () => Promise.reject(new Error('Do Not Honor'))));
    const customer = await mounted();
    act(() => customer.fill(CARD));
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByText('Do Not Honor')).toBeInTheDocument();
  });

  it('says so when the fields cannot load, and keeps submit disabled', async () => {
    braintreeWeb.failClientCreate = 'invalid-authorization';
    setup();
    expect(await screen.findByText(HOSTED_FIELDS_LOAD_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeDisabled();
  });

  it('removes its frames when the form goes away', async () => {
    const { view } = setup();
    const customer = await mounted();
    view.unmount();
    await waitFor(() => expect(customer.tornDown).toBe(true));
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});

describe('choosing the card form', () => {
  it('keeps the sandbox form, which never loads braintree-web, unless the server says hosted-fields', async () => {
    const sandbox = cardTokenizerFor({ cardEntry: 'client-api' });
    expect(sandbox.kind).toBeUndefined();
    expect(cardTokenizerFor({}).kind).toBeUndefined();
    render(<CardForm tokenizer={sandbox} onTokenized={async () => undefined} submitLabel="Pay" />);
    expect(screen.getByLabelText('Card Number').tagName).toBe('INPUT');
    expect(braintreeWeb.imports).toEqual({ client: 0, hostedFields: 0 });
    expect(cardTokenizerFor({ cardEntry: 'hosted-fields' }).kind).toBe('hosted');
  });
});
