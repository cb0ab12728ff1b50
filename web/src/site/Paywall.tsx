/**
 * The cover over a members-only story. Once the server releases the body it is appended to
 * the story and the cover goes; until then the reader sees the offer, or the loader when
 * the segment cookie hints they are a subscriber.
 */
import { useEffect } from 'react';
import { offerFor } from './cta';
import { loginHref, useAccess, useSite } from './context';
import { Loader } from './Loader';
import { Offer } from './Offer';
import { paywallView } from './paywall';

export function appendBody(story: HTMLElement, html: string): void {
  if (story.querySelector('[data-members-body]')) return;
  const members = story.ownerDocument.createElement('div');
  members.dataset.membersBody = '';
  members.innerHTML = html; // the server's own story HTML
  story.append(members);
  story.classList.remove('story__body--covered');
}

export function Paywall({ section, story }: { section: HTMLElement; story: HTMLElement }) {
  const { settings, labels, returnTo, hintedSubscriber } = useSite();
  const access = useAccess();
  const view = paywallView(access, hintedSubscriber);
  const body = access.status === 'open' ? access.body : null;

  useEffect(() => {
    if (view !== 'open' || body === null) return;
    appendBody(story, body);
    section.classList.add('paywall--open');
  }, [view, body, story, section]);

  if (view === 'open') {
    return (
      <>
        <h2 id="paywall-heading" className="visually-hidden">
          {labels.paywallHeading}
        </h2>
        <p className="visually-hidden" role="status">
          The full story has loaded.
        </p>
      </>
    );
  }
  if (view === 'loader' || view === 'unavailable') {
    return (
      <>
        <h2 id="paywall-heading" className="visually-hidden">
          {labels.paywallHeading}
        </h2>
        {view === 'loader' ? <Loader label={labels.loadingLabel} /> : null}
      </>
    );
  }
  const offer = offerFor(settings.plans, settings.curation, settings.inSupportedRegion);
  return (
    <>
      <h2 id="paywall-heading">{labels.paywallHeading}</h2>
      <p>{labels.paywallText}</p>
      {offer ? <Offer offer={offer} /> : <p>Membership is not available in your region.</p>}
      {view === 'offer-anonymous' ? (
        <p>
          Already a member? <a href={loginHref(returnTo)}>Log in</a>
        </p>
      ) : null}
    </>
  );
}
