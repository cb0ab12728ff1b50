import { Link } from 'react-router';
import { ReferralPage } from '../referrals/ReferralPage';

export default function MyRewardsScreen() {
  return (
    <ReferralPage
      title="My rewards"
      intro={
        <>
          <p>If a friend referred you, your reward for joining is shown here, with its code once your membership starts.</p>
          <p>
            Rewards you earn by referring friends are listed on <Link to="/account/settings/refer-a-friend">Refer a friend</Link>.
          </p>
        </>
      }
      sectionHeading="Your referral reward"
      widgetType="CONVERSION_WIDGET"
      frameTitle="My rewards: your referral reward"
      loadingLabel="Loading your rewards…"
    />
  );
}
