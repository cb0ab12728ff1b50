import { ReferralPage } from '../referrals/ReferralPage';

export default function ReferAFriendScreen() {
  return (
    <ReferralPage
      title="Refer a friend"
      intro={
        <>
          <p>Invite friends with your personal link. You earn a reward for each friend who joins, and they get one too.</p>
          <p>Copy your link or share it by email, social media or text message. The friends you referred and your rewards are listed under it.</p>
        </>
      }
      sectionHeading="Your referral link, referrals and rewards"
      widgetType="REFERRER_WIDGET"
      frameTitle="Refer a friend: your referral link, referrals and rewards"
      loadingLabel="Loading your referral link…"
    />
  );
}
