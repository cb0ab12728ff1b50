// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Access } from './access';
import { AccountItems } from './AccountItems';
import { createCampaignStore } from './campaign';
import { CtaSpot } from './CtaSpot';
import { Paywall } from './Paywall';
import { paywallView } from './paywall';
import { Subtext } from './Subtext';
import { renderIsland, sitePage } from './testKit';

function story() {
  document.body.innerHTML =
    '<div id="story-body" class="story__body story__body--covered"><p>Teaser.</p></div><section id="paywall"></section>';
  return { body: document.getElementById('story-body')!, section: document.getElementById('paywall')! };
}

describe('the paywall view', () => {
  it.each<[Access, boolean, string]>([
    [{ status: 'checking' }, false, 'offer-anonymous'],
    [{ status: 'checking' }, true, 'loader'],
    [{ status: 'anonymous' }, true, 'offer-anonymous'], // a forged hint shows nothing more
    [{ status: 'reader' }, true, 'offer-reader'],
    [{ status: 'failed' }, true, 'offer-anonymous'],
    [{ status: 'member', release: 'loading' }, false, 'loader'],
    [{ status: 'member', release: 'failed' }, false, 'unavailable'],
    [{ status: 'open', body: '<p>x</p>' }, false, 'open'],
  ])('%o with hint %s shows %s', (access, hint, view) => {
    expect(paywallView(access, hint)).toBe(view);
  });
});

describe('the paywall', () => {
  it('covers the story with the offer and a login link for an anonymous reader', () => {
    const { body, section } = story();
    renderIsland(<Paywall section={section} story={body} />, sitePage({ status: 'anonymous' }));
    expect(screen.getByRole('heading', { name: 'Members get the whole scoop' })).toBeVisible();
    // The buy button carries the plan and the story into the payflow, through login.
    expect(screen.getByRole('link', { name: 'Get 1 Year for $39.99' })).toHaveAttribute(
      'href',
      '/account/subscribe?plan=sports-annual&redirect=%2F2026%2F11%2F22%2Fa-story%2F',
    );
    expect(screen.getByText('Cancel anytime.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/account/login?redirect=/2026/11/22/a-story/');
    expect(body).toHaveClass('story__body--covered');
  });

  it('shows the brand’s loader to a hinted subscriber, then appends the body once released', () => {
    const { body, section } = story();
    const site = sitePage({ status: 'checking' }, { hintedSubscriber: true });
    renderIsland(<Paywall section={section} story={body} />, site);
    expect(screen.getByRole('status')).toHaveTextContent('Getting you the whole scoop…');
    expect(screen.queryByRole('link', { name: /Get 1 Year/ })).toBeNull();
    act(() => site.store.dispatch({ type: 'resolved', loggedIn: true, entitled: true, releasing: true }));
    expect(body.textContent).toBe('Teaser.');
    act(() => site.store.dispatch({ type: 'released', body: '<p>The rest of the story.</p>' }));
    expect(body).toHaveTextContent('Teaser.The rest of the story.');
    expect(body).not.toHaveClass('story__body--covered');
    expect(section).toHaveClass('paywall--open');
    expect(screen.getByRole('status')).toHaveTextContent('The full story has loaded.');
  });

  it('keeps the cover for a reader who is not entitled, and says so nowhere else', () => {
    const { body, section } = story();
    const site = sitePage({ status: 'checking' }, { hintedSubscriber: true });
    renderIsland(<Paywall section={section} story={body} />, site);
    act(() => site.store.dispatch({ type: 'resolved', loggedIn: true, entitled: false, releasing: false }));
    expect(screen.getByRole('link', { name: 'Get 1 Year for $39.99' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(body).toHaveClass('story__body--covered');
  });

  it('offers no plan outside a supported region', () => {
    const { body, section } = story();
    const site = sitePage({ status: 'anonymous' });
    renderIsland(<Paywall section={section} story={body} />, { ...site, settings: { ...site.settings, inSupportedRegion: false } });
    expect(screen.queryByRole('link', { name: /Get 1 Year/ })).toBeNull();
    expect(screen.getByText('Membership is not available in your region.')).toBeInTheDocument();
  });
});

describe('the other islands', () => {
  it('call-to-action spots and the subtext speak to readers who are not members', () => {
    const site = sitePage({ status: 'anonymous' });
    renderIsland(
      <>
        <CtaSpot />
        <Subtext />
      </>,
      site,
    );
    expect(screen.getByRole('heading', { name: 'Get Sports+' })).toBeInTheDocument();
    expect(screen.getByText('Sports+ members read every story. Get 1 Year for $39.99.')).toBeInTheDocument();
    act(() => site.store.dispatch({ type: 'resolved', loggedIn: true, entitled: true, releasing: false }));
    expect(screen.queryByRole('heading', { name: 'Get Sports+' })).toBeNull();
    expect(screen.getByText('Thanks for being a Sports+ member.')).toBeInTheDocument();
  });

  it('wait for the text campaign, then say what it says', () => {
    const site = sitePage({ status: 'anonymous' }, { campaign: createCampaignStore() }); // still asking
    renderIsland(
      <>
        <CtaSpot />
        <Subtext />
      </>,
      site,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/members read every story/)).toBeNull();
    act(() => site.campaign.set({ ctaHeading: 'Join {membership} this season', subtext: '{action} and read on.' }));
    expect(screen.getByRole('heading', { name: 'Join Sports+ this season' })).toBeInTheDocument();
    expect(screen.getByText('Get 1 Year for $39.99 and read on.')).toBeInTheDocument();
    act(() => site.campaign.set({ ctaHeading: '' }));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('the main menu has Log in, or Account settings and Log out; nothing in the mobile app', () => {
    const site = sitePage({ status: 'anonymous' });
    const { unmount } = renderIsland(<AccountItems />, site);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    act(() => site.store.dispatch({ type: 'resolved', loggedIn: true, entitled: false, releasing: false }));
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account/settings');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    unmount();
    const { container } = renderIsland(<AccountItems />, sitePage({ status: 'reader' }, { mobileApp: true }));
    expect(container).toBeEmptyDOMElement();
  });
});
