// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReferralAccess } from '../../api/referrals';
import { ReferralWidget, WIDGET_ERROR_MESSAGE } from './ReferralWidget';
import type { WidgetLibrary } from './widgetLibrary';

const access: ReferralAccess = {
  jwt: 'jwt-1',
  user: { id: 't-1', accountId: 't-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  tenantAlias: 'test_masthead',
  domain: 'http://127.0.0.1:8000',
  expiresAt: 0,
};

interface Call {
  config: unknown;
  props: { container: HTMLElement; jwt: string; widgetType: string; engagementMedium: string; user: unknown };
}

/** A stand-in for the library: upsertUser puts a frame into the container, as an embed does. */
function fakeLibrary(replies: (Error | object | 'ok')[]) {
  const calls: Call[] = [];
  const widgets: { open: ReturnType<typeof vi.fn>; frame: HTMLIFrameElement }[] = [];
  class Widgets {
    constructor(readonly config: unknown) {}
    async upsertUser(props: Call['props']) {
      calls.push({ config: this.config, props });
      const reply = replies.length > 1 ? replies.shift() : replies[0];
      if (reply !== 'ok') throw reply;
      const frame = document.createElement('iframe');
      frame.title = 'Referral program';
      props.container.replaceChildren(frame);
      const widget = {
        frame,
        open: vi.fn(() => {
          props.container.style.height = 'auto';
        }),
      };
      widgets.push(widget);
      return { widget, user: props.user };
    }
  }
  const load = vi.fn(async () => ({ Widgets }) as unknown as WidgetLibrary);
  return { load, calls, widgets };
}

function show(library: ReturnType<typeof fakeLibrary>, renewAccess = vi.fn(async () => undefined)) {
  render(
    <ReferralWidget
      access={access}
      widgetType="REFERRER_WIDGET"
      frameTitle="Refer a friend: your referral link"
      loadingLabel="Loading your referral link…"
      renewAccess={renewAccess}
      load={library.load}
    />,
  );
  return renewAccess;
}

describe('ReferralWidget', () => {
  it('embeds the reader’s widget with their JWT and names the frame', async () => {
    const library = fakeLibrary(['ok']);
    show(library);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your referral link…');
    const frame = await screen.findByTitle('Refer a friend: your referral link');
    expect(frame.tagName).toBe('IFRAME');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(library.calls).toHaveLength(1);
    const [{ config, props }] = library.calls as [Call];
    expect(config).toEqual({ tenantAlias: 'test_masthead', domain: 'http://127.0.0.1:8000' });
    expect(props).toMatchObject({ jwt: 'jwt-1', widgetType: 'REFERRER_WIDGET', engagementMedium: 'EMBED', user: access.user });
    expect(library.widgets[0]!.open).toHaveBeenCalledOnce();
  });

  it('shows a refusal with its message and error code, and retries with a renewed JWT', async () => {
    const refusal = { apiErrorCode: 'INVALID_TOKEN', rsCode: 'RS1411', message: 'The user token has expired.' };
    const library = fakeLibrary([refusal, 'ok']);
    const renewAccess = show(library);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(WIDGET_ERROR_MESSAGE);
    expect(alert).toHaveTextContent('The user token has expired. (Error code RS1411)');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(renewAccess).toHaveBeenCalledOnce();
    expect(await screen.findByTitle('Refer a friend: your referral link')).toBeInTheDocument();
    // The frame is named before React renders the new status: wait for that render.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(library.calls).toHaveLength(2);
  });

  it('a network failure, or a library that does not load, asks to check the connection', async () => {
    const library = fakeLibrary([new TypeError('Failed to fetch')]);
    show(library);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your connection and try again.');

    const broken = { load: vi.fn(async () => Promise.reject(new Error('Loading chunk failed'))) };
    render(
      <ReferralWidget
        access={access}
        widgetType="CONVERSION_WIDGET"
        frameTitle="My rewards"
        loadingLabel="Loading your rewards…"
        renewAccess={async () => undefined}
        load={broken.load}
      />,
    );
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
  });
});
