// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WalletButtons } from './WalletButtons';
import { NO_WALLETS, sandboxWallets, type WalletProvider, type WalletType } from './wallets';

/** The sandbox's wallets with their sheets; the client API call is the seam (walletClientApi.test.ts). */
function provider(): WalletProvider & { tokenize: ReturnType<typeof vi.fn> } {
  return { wallets: sandboxWallets.wallets, tokenize: vi.fn(async (type: WalletType) => `nonce-${type}`) };
}

function setup() {
  const wallets = provider();
  const onNonce = vi.fn(async () => undefined);
  render(<WalletButtons wallets={wallets} label="Or add a wallet" onNonce={onNonce} merchant="The Daily Example" />);
  return { wallets, onNonce };
}

describe('WalletButtons against the sandbox', () => {
  it("opens PayPal's approval window first; Approve hands on a PayPal nonce", async () => {
    const { wallets, onNonce } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    const sheet = screen.getByRole('dialog', { name: 'Log in to PayPal' });
    expect(sheet).toHaveAccessibleDescription('Approve to let The Daily Example charge your PayPal account for your membership.');
    expect(sheet).toHaveTextContent('Logged in asjane.doe@example.com');
    expect(sheet).toHaveTextContent('Pay toThe Daily Example');
    // Nothing is used before the reader approves.
    expect(wallets.tokenize).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onNonce).toHaveBeenCalledWith('nonce-PayPalAccount', 'PayPalAccount'));
    expect(wallets.tokenize).toHaveBeenCalledWith('PayPalAccount');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the card and the merchant on the Google Pay and Apple Pay sheets', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Google Pay' }));
    expect(screen.getByRole('dialog', { name: 'Google Pay' })).toHaveTextContent('CardVisa •••• 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    const sheet = screen.getByRole('dialog', { name: 'Apple Pay' });
    expect(sheet).toHaveTextContent('CardVisa •••• 1881');
    expect(sheet).toHaveAccessibleDescription('The Daily Example will be paid with the card below.');
  });

  it('adds nothing when the sheet is cancelled, and says so', async () => {
    const { wallets, onNonce } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Google Pay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Google Pay was cancelled. Nothing was added or charged.');
    expect(wallets.tokenize).not.toHaveBeenCalled();
    expect(onNonce).not.toHaveBeenCalled();
  });

  it('works from the keyboard: the sheet opens on Cancel, the safe choice', async () => {
    const { onNonce } = setup();
    const googlePay = screen.getByRole('button', { name: 'Google Pay' });
    expect(googlePay).toHaveAttribute('aria-haspopup', 'dialog');
    googlePay.focus();
    await userEvent.keyboard('{Enter}');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await userEvent.keyboard('{Enter}'); // Enter alone pays nothing
    expect(onNonce).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    googlePay.focus();
    await userEvent.keyboard(' ');
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onNonce).toHaveBeenCalledWith('nonce-GooglePay', 'GooglePay'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement(); // no stale cancel note
  });

  it("shows the wallet's refusal above the buttons", async () => {
    const wallets = provider();
    wallets.tokenize.mockRejectedValueOnce(new Error('Authorization fingerprint is invalid'));
    render(<WalletButtons wallets={wallets} label="Or pay with" onNonce={vi.fn()} merchant="M" />);
    await userEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authorization fingerprint is invalid');
  });

  it('shows no buttons without wallets (Braintree itself, for now)', () => {
    const { container } = render(<WalletButtons wallets={NO_WALLETS} label="Or pay with" onNonce={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
