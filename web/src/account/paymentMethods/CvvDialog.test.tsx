// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../api/billing';
import { paymentMethod } from '../../test/paymentMethods';
import { CvvDialog } from './CvvDialog';

const visa = paymentMethod();

/** The sandbox's seam: the client API's answer for a CVV (its own tests are in api.test.ts). */
function sandboxTokenizer() {
  return { tokenize: vi.fn(async (cvv: string) => `cvv-nonce-${cvv}`) };
}

describe('CvvDialog', () => {
  it('asks for the CVV of the named card and hands on only a well-formed one', async () => {
    const onVerify = vi.fn(async () => undefined);
    const tokenizer = sandboxTokenizer();
    render(<CvvDialog method={visa} tokenizer={tokenizer} onClose={vi.fn()} onVerify={onVerify} />);
    expect(screen.getByText(/3-digit security code \(CVV\) of your Visa ending in 1111/)).toBeInTheDocument();
    const field = screen.getByLabelText('CVV');
    await userEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    expect(screen.getByText('Please enter the CVV.')).toBeInTheDocument();
    await userEvent.type(field, '1a2');
    expect(field).toHaveValue('12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    expect(screen.getByText('The CVV field is invalid.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onVerify).not.toHaveBeenCalled();
    await userEvent.type(field, '39');
    expect(field).toHaveValue('123'); // three digits for a Visa
    await userEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    expect(tokenizer.tokenize).toHaveBeenCalledWith('123');
    expect(onVerify).toHaveBeenCalledWith(visa, 'cvv-nonce-123');
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const refusal = 'The CVV does not match this card. Check the 3- or 4-digit security code and try again.';
    const onVerify = vi.fn(async () => Promise.reject(new Error(refusal)));
    render(<CvvDialog method={{ ...visa, card_type: 'American Express', last_4: '0005' }} tokenizer={sandboxTokenizer()} onClose={vi.fn()} onVerify={onVerify} />);
    await userEvent.type(screen.getByLabelText('CVV'), '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('CVV')).toHaveValue('2000');
  });
});
