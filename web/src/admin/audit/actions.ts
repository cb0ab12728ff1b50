/** The audit actions the console writes, as people read them; other actions show as written. */
export const ACTION_TEXTS: Record<string, string> = {
  'staff.signed_in': 'Signed in',
  'staff.sign_in_failed': 'Failed to sign in',
  'staff.enrolled': 'Set up an authenticator app',
  'staff.recovery_code_used': 'Used a recovery code',
  'staff.roles_changed': 'Changed staff roles',
  'staff.signed_out': 'Signed out',
  'story.created': 'Wrote a story',
  'story.edited': 'Edited a story',
  'story.published': 'Published a story',
  'story.scheduled': 'Scheduled a story',
  'story.unpublished': 'Unpublished a story',
  'story.deleted': 'Deleted a draft story',
  'static_page.edited': 'Edited a static page',
  'static_page.reset': 'Brought back a static page’s built-in text',
  'plan.created': 'Added a plan',
  'plan.updated': 'Changed a plan',
  'discount.created': 'Added a discount',
  'discount.updated': 'Changed a discount',
  'decision_rule.created': 'Added a decision rule',
  'decision_rule.updated': 'Changed a decision rule',
  'decision_rule.enabled': 'Switched a decision rule on',
  'decision_rule.disabled': 'Switched a decision rule off',
  'decision_rule.deleted': 'Deleted a decision rule',
  'decision_rules.reordered': 'Reordered decision rules',
  'referral_tenant.created': 'Added a referral tenant',
  'referral_tenant.changed': 'Changed a referral tenant',
  'referral_tenant.key_rotated': 'Rotated a referral tenant’s API key',
  'referral_tenant.deleted': 'Deleted a referral tenant',
  'referral_programme.created': 'Added a referral programme',
  'referral_programme.changed': 'Changed a referral programme',
  'referral_codes.uploaded': 'Uploaded reward codes',
  'support.verification_resent': 'Resent a reader’s verification mail',
  'support.password_reset_sent': 'Sent a reader a password reset',
  'support.sessions_revoked': 'Signed a reader out everywhere',
  'support.home_delivery_granted': 'Granted home delivery',
  'support.home_delivery_revoked': 'Revoked home delivery',
  'support.membership_cancelled': 'Cancelled a membership',
  'support.membership_paused': 'Paused a membership',
  'support.charge_refunded': 'Refunded a charge',
};

export const KNOWN_ACTIONS = Object.keys(ACTION_TEXTS);

export function actionText(action: string): string {
  return ACTION_TEXTS[action] ?? action;
}
