import type { WidgetType } from '@masthead/widget';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { messages } from '../messages';
import { SettingsNav } from '../settings/SettingsNav';
import { ReferralWidget } from './ReferralWidget';
import { useReferralJwt } from './useReferralJwt';
import './referrals.css';

interface ReferralPageProps {
  title: string;
  intro: ReactNode;
  /** Names the section that holds the frame, for heading navigation. */
  sectionHeading: string;
  widgetType: WidgetType;
  frameTitle: string;
  loadingLabel: string;
}

/**
 * A settings page around one embedded referral widget: the page's heading and text, then a
 * card that is the frame (the template brings its own headings and padding), or the loading
 * and error states in its place.
 */
export function ReferralPage({ title, intro, sectionHeading, widgetType, frameTitle, loadingLabel }: ReferralPageProps) {
  const { access, error, retry } = useReferralJwt();
  return (
    <div className="page page--wide">
      <PageHeading title={title}>{title}</PageHeading>
      <SettingsNav />
      <div className="lead referral-lead">{intro}</div>
      <section className="card referral-card" aria-labelledby="referral-section-heading">
        {/* The frame's own page shows this heading; it is here for heading navigation. */}
        <h2 id="referral-section-heading" className="visually-hidden">
          {sectionHeading}
        </h2>
        {access ? (
          <ReferralWidget access={access} widgetType={widgetType} frameTitle={frameTitle} loadingLabel={loadingLabel} renewAccess={retry} />
        ) : error ? (
          <div className="referral-card__state">
            <div role="alert" className="alert alert--error">
              <p>{error.message || messages.unknownError}</p>
            </div>
            <Button variant="secondary" onClick={() => void retry()}>
              Try again
            </Button>
          </div>
        ) : (
          <Spinner label={loadingLabel} />
        )}
      </section>
    </div>
  );
}
