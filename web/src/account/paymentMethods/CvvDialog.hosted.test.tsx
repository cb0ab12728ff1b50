// @vitest-environment jsdom
/**
 * The CVV-only re-verification in production: a CVV-only Braintree Hosted Field. braintree-web's
 * client and hosted-fields modules are replaced at the module boundary by the faithful double
 * (src/test/braintreeWebDouble.ts); the tokeniser, the hook and the dialog are the real code.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../api/billing';
import { braintreeWeb } from '../../test/braintreeWebDouble';
import { paymentMethod } from '../../test/paymentMethods';
import { cvvTokenizerFor } from '../payflow/cardTokenizerFor';
import { HOSTED_FIELDS_LOAD_ERROR, createHostedFieldsTokenizer } from '../payflow/hostedFieldsTokenizer';
import { CvvDialog } from './CvvDialog';

vi.mock('braintree-web/client', async () => (await import('../../test/braintreeWebDouble')).braintreeWeb.clientModule());
vi.mock('braintree-web/hosted-fields', async () => (await import('../../test/braintreeWebDouble')).braintreeWeb.hostedFieldsModule());

const visa = paymentMethod();

/** The page's part: a button opens the dialog for the card, closing clears it. */
function Page({ onVerify, tokenizer }: { onVerify: (method: PaymentMethod, nonce: string) => Promise<void>; tokenizer: Parameters<typeof CvvDialog>[0]['tokenizer'] }) {
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  return (
    <>
      <button type="button" onClick={() => setMethod(visa)}>
        Verify CVV
      </button>
      <CvvDialog
        method={method}
        tokenizer={tokenizer}
        onClose={() => setMethod(null)}
        onVerify={async (chosen, nonce) => {
          await onVerify(chosen, nonce);
          setMethod(null);
        }}
      />
    </>
  );
}

async function setup(onVerify = vi.fn(async () => undefined)) {
  const tokenizer = createHostedFieldsTokenizer(undefined, async () => 'client-token-from-server');
  render(
    <StrictMode>
      <Page onVerify={onVerify} tokenizer={tokenizer} />
    </StrictMode>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Verify CVV' }));
  return { onVerify };
}

async function mounted() {
  await waitFor(() => expect(screen.queryByText('Loading the secure card fields…')).not.toBeInTheDocument());
  return braintreeWeb.customer;
}

const verifyButton = () => screen.getByRole('button', { name: 'Verify card' });

beforeEach(() => braintreeWeb.reset());
afterEach(() => braintreeWeb.reset());

describe('the CVV dialog over Braintree Hosted Fields', () => {
  it('mounts one CVV frame alone under the CVV label, no longer than the card\'s code', async () => {
    await setup();
    const customer = await mounted();
    expect(braintreeWeb.authorizations.at(-1)).toBe('client-token-from-server');
    expect(Object.keys(customer.fields)).toEqual(['cvv']);
    expect(Array.from(document.querySelectorAll('iframe')).map((frame) => frame.title)).toEqual(['CVV']);
    expect(screen.getByText('CVV', { selector: 'label' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument(); // the CVV is not typed into this page
    // React's development double mount left one live instance.
    expect(braintreeWeb.instances.filter((instance) => !instance.tornDown)).toEqual([customer]);
    act(() => customer.type('cvv', '12345'));
    expect(customer.fields.cvv?.value).toBe('123'); // a Visa's CVV has three digits
  });

  it('enables Verify on the field\'s validity, and hands the CVV-only nonce to onVerify', async () => {
    const { onVerify } = await setup();
    const customer = await mounted();
    expect(verifyButton()).toBeDisabled();
    act(() => customer.blur('cvv'));
    expect(screen.getByText('Please enter the CVV.')).toBeInTheDocument();
    expect(customer.message('cvv')).toBe('Please enter the CVV.');
    act(() => customer.fill({ cvv: '12' }));
    expect(screen.getByText('The CVV field is invalid.')).toBeInTheDocument();
    await waitFor(() => expect(customer.attribute('cvv', 'aria-invalid')).toBe(true));
    expect(verifyButton()).toBeDisabled();
    act(() => customer.fill({ cvv: '123' }));
    expect(screen.queryByText('The CVV field is invalid.')).not.toBeInTheDocument();
    expect(verifyButton()).toBeEnabled();
    await userEvent.click(verifyButton());
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith(visa, 'tokencc_double_1'));
  });

  it('verifies when the reader presses Enter in the framed field, as from the button', async () => {
    const { onVerify } = await setup();
    const customer = await mounted();
    act(() => customer.pressEnter('cvv'));
    expect(screen.getByText('Please enter the CVV.')).toBeInTheDocument();
    expect(onVerify).not.toHaveBeenCalled();
    act(() => customer.type('cvv', '123'));
    act(() => customer.pressEnter('cvv'));
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith(visa, 'tokencc_double_1'));
  });

  it("shows the server's refusal and keeps the dialog and its field", async () => {
    const refusal = 'The CVV does not match this card. Check the 3- or 4-digit security code and try again.';
    await setup(vi.fn(async () => Promise.reject(new Error(refusal))));
    const customer = await mounted();
    act(() => customer.fill({ cvv: '200' }));
    await userEvent.click(verifyButton());
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(customer.tornDown).toBe(false);
    expect(verifyButton()).toBeEnabled();
  });

  it('tears the frame down on close, and mounts a fresh one when opened again', async () => {
    await setup();
    const first = await mounted();
    act(() => first.fill({ cvv: '12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(first.tornDown).toBe(true));
    expect(document.querySelectorAll('iframe')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Verify CVV' }));
    const second = await mounted();
    expect(second).not.toBe(first);
    expect(screen.queryByText('The CVV field is invalid.')).not.toBeInTheDocument();
    expect(verifyButton()).toBeDisabled();
  });

  it('says so when the field cannot load, and keeps Verify disabled', async () => {
    braintreeWeb.failClientCreate = 'invalid-authorization';
    await setup();
    expect(await screen.findByText(HOSTED_FIELDS_LOAD_ERROR)).toBeInTheDocument();
    expect(verifyButton()).toBeDisabled();
  });
});

describe('choosing the CVV field', () => {
  it('keeps the page\'s own input, which never loads braintree-web, unless the server says hosted-fields', async () => {
    const sandbox = cvvTokenizerFor({ cardEntry: 'client-api' });
    expect(sandbox.kind).toBeUndefined();
    expect(cvvTokenizerFor({}).kind).toBeUndefined();
    render(<Page onVerify={vi.fn(async () => undefined)} tokenizer={sandbox} />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify CVV' }));
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    expect(screen.getByLabelText('CVV')).toHaveValue('123');
    expect(braintreeWeb.imports).toEqual({ client: 0, hostedFields: 0 });
    expect(cvvTokenizerFor({ cardEntry: 'hosted-fields' }).kind).toBe('hosted');
  });
});
