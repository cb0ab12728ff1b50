// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closesMenu, DESKTOP_MIN_WIDTH, layoutForWidth, MOBILE_MAX_WIDTH, MOBILE_QUERY } from './menu';
import { MembershipMenu } from './MembershipMenu';
import { renderIsland, screenWidth, sitePage } from './testKit';

afterEach(() => vi.unstubAllGlobals());

function renderMenu(width: number, status: 'anonymous' | 'reader' = 'anonymous') {
  screenWidth(width);
  const site = sitePage({ status });
  const view = renderIsland(
    <>
      <MembershipMenu />
      <p>Story text outside the menu</p>
    </>,
    site,
  );
  return { site, view, toggle: screen.getByRole('button', { name: 'Sports+' }) };
}

describe('the breakpoints', () => {
  it('are the spec’s: mobile at 989px or less, desktop at 990px or more', () => {
    expect([MOBILE_MAX_WIDTH, DESKTOP_MIN_WIDTH]).toEqual([989, 990]);
    expect(MOBILE_QUERY).toBe('(max-width: 989px)');
    expect([375, 989, 990, 1280].map(layoutForWidth)).toEqual(['mobile', 'mobile', 'desktop', 'desktop']);
  });

  it.each([
    [989, 'mobile', true],
    [990, 'desktop', false],
  ])('at %ipx the menu opens in the %s layout', async (width, layout, closeButton) => {
    const { toggle } = renderMenu(width);
    await userEvent.click(toggle);
    const panel = screen.getByRole('region', { name: 'Sports+ membership' });
    expect(panel).toHaveAttribute('data-layout', layout);
    expect(screen.queryByRole('button', { name: 'Close' }) !== null).toBe(closeButton);
  });
});

describe('the membership menu', () => {
  it('toggles from its button and closes on a click outside it', async () => {
    const { toggle } = renderMenu(1280);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Sports+ membership' });
    expect(panel).toBeVisible();
    await userEvent.click(screen.getByRole('heading', { name: 'Sports+ membership' })); // inside: stays
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle); // the toggle toggles, it does not count as outside
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByText('Story text outside the menu'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('closes on Escape and gives the toggle its focus back', async () => {
    const { toggle } = renderMenu(1280);
    await userEvent.click(toggle);
    await userEvent.tab(); // into the panel: the offer's button
    expect(toggle).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('offers the featured plan to a reader, and thanks a member', async () => {
    const { site, toggle } = renderMenu(1280, 'reader');
    await userEvent.click(toggle);
    expect(screen.getByRole('link', { name: 'Get 1 Year for $39.99' })).toHaveAttribute('href', '/account/subscribe?plan=sports-annual&redirect=%2F2026%2F11%2F22%2Fa-story%2F');
    expect(screen.queryByRole('link', { name: /Log in/ })).toBeNull();
    act(() => site.store.dispatch({ type: 'resolved', loggedIn: true, entitled: true, releasing: false }));
    expect(screen.getByRole('heading', { name: "You're a Sports+ member" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage membership' })).toHaveAttribute('href', '/account/settings/membership');
  });

  it('counts clicks on the toggle or in the panel as inside', () => {
    document.body.innerHTML = '<button id="t"><span id="s">x</span></button><div id="p"><a id="a">y</a></div><p id="o">z</p>';
    const [toggle, panel] = [document.getElementById('t'), document.getElementById('p')];
    expect(closesMenu(document.getElementById('s'), panel, toggle)).toBe(false);
    expect(closesMenu(document.getElementById('a'), panel, toggle)).toBe(false);
    expect(closesMenu(document.getElementById('o'), panel, toggle)).toBe(true);
    expect(closesMenu(null, panel, toggle)).toBe(true);
  });
});
