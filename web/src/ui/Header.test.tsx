// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header, type HeaderProps } from './Header';

function setScreenWidth(small: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: small && query.includes('max-width: 989px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const props: HeaderProps = {
  brandName: 'The Scoop',
  homeHref: '/',
  loggedIn: true,
  fullName: 'ada king lovelace',
  avatarColor: '#336699',
  showAccountControl: true,
  loginHref: '/account/login',
  settingsHref: '/account/settings',
  onLogOut: () => undefined,
};

afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('shows a login link to a logged-out reader', () => {
    setScreenWidth(false);
    render(<Header {...props} loggedIn={false} />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/account/login');
  });

  it('shows the avatar menu with Settings and Log out on desktop', async () => {
    setScreenWidth(false);
    const onLogOut = vi.fn();
    render(<Header {...props} onLogOut={onLogOut} />);
    const toggle = screen.getByRole('button', { name: /account menu/i });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const avatar = toggle.querySelector('img');
    expect(avatar?.getAttribute('src')).toBe('/account/avatar/?color=%23336699&initials=AL');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account/settings');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogOut).toHaveBeenCalledOnce();
  });

  it('makes the avatar a plain link to settings on small screens, with Log out in a menu beside it', async () => {
    setScreenWidth(true);
    const onLogOut = vi.fn();
    render(<Header {...props} onLogOut={onLogOut} />);
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account/settings');

    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    await userEvent.click(menu);
    expect(screen.getByRole('link', { name: 'The Scoop home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogOut).toHaveBeenCalledOnce();
  });

  it("names the reader's brand and links it to the news site at every width", () => {
    for (const small of [false, true]) {
      setScreenWidth(small);
      const { unmount } = render(<Header {...props} loggedIn={small} />);
      const banner = screen.getByRole('banner');
      expect(within(banner).getByRole('link', { name: 'The Scoop' })).toHaveAttribute('href', '/');
      unmount();
    }
  });

  it('leaves the account control out when asked (login page)', () => {
    setScreenWidth(false);
    render(<Header {...props} showAccountControl={false} />);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
  });
});
