// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardForm, type CardValuesTokenizer as CardTokenizer } from './CardForm';

const today = new Date(2026, 4, 15);

function setup(tokenizer: CardTokenizer = { tokenize: vi.fn(async () => ({ nonce: 'n-1', type: 'CreditCard' })) }, onTokenized = vi.fn(async () => undefined)) {
  render(
    <CardForm tokenizer={tokenizer} onTokenized={onTokenized} submitLabel="Subscribe" today={today}>
      <p>All charges are non-refundable.</p>
    </CardForm>,
  );
  return { tokenizer, onTokenized };
}

async function fillCard(values: Partial<Record<'Name' | 'Card Number' | 'Expiration' | 'CVV' | 'Zip Code', string>> = {}) {
  const card = { Name: 'Ada Lovelace', 'Card Number': '4111111111111111', Expiration: '12/30', CVV: '123', 'Zip Code': '10001', ...values };
  for (const [label, value] of Object.entries(card)) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

describe('CardForm', () => {
  it('labels the five fields as the spec names them', () => {
    setup();
    for (const label of ['Name', 'Card Number', 'Expiration', 'CVV', 'Zip Code']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('keeps submit disabled until every field is valid, then tokenises and hands on the nonce', async () => {
    const { tokenizer, onTokenized } = setup();
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    expect(submit).toBeDisabled();
    await fillCard({ 'Zip Code': '' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Zip Code'), '10001');
    expect(screen.getByLabelText('Card Number')).toHaveValue('4111 1111 1111 1111');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(tokenizer.tokenize).toHaveBeenCalledWith({
      cardholderName: 'Ada Lovelace',
      number: '4111 1111 1111 1111',
      expirationDate: '12/30',
      cvv: '123',
      postalCode: '10001',
    });
    expect(onTokenized).toHaveBeenCalledWith({ nonce: 'n-1', type: 'CreditCard' });
  });

  it('gives left-empty and invalid fields messages and lists the invalid ones', async () => {
    setup();
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.tab();
    expect(screen.getByText('Please enter the Name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Card Number'), '4111111111111112');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('The Card Number field is invalid.');

    await userEvent.type(screen.getByLabelText('Expiration'), '13/30');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('The following fields are invalid: Card Number, Expiration');
  });

  it('shows why tokenising or the next step failed', async () => {
    const tokenizer: CardTokenizer = { tokenize: vi.fn(async () => Promise.reject(new Error('Credit card number is not an accepted test number.'))) };
    setup(tokenizer);
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Credit card number is not an accepted test number.')).toBeInTheDocument();
  });
});
