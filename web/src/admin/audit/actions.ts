/** The audit actions this slice writes, as people read them; other actions show as written. */
export const ACTION_TEXTS: Record<string, string> = {
  'staff.signed_in': 'Signed in',
  'staff.sign_in_failed': 'Failed to sign in',
  'staff.enrolled': 'Set up an authenticator app',
  'staff.recovery_code_used': 'Used a recovery code',
  'staff.roles_changed': 'Changed staff roles',
  'staff.signed_out': 'Signed out',
};

export const KNOWN_ACTIONS = Object.keys(ACTION_TEXTS);

export function actionText(action: string): string {
  return ACTION_TEXTS[action] ?? action;
}
