/** The groups lists come in (spec section 3): one per site, then the three exclusive ones. */
export const SITE_GROUPS = ['main', 'gossip', 'lifestyle'] as const;
export const EXCLUSIVE_GROUPS = ['member-exclusive', 'team-exclusive', 'columnist-exclusive'] as const;

const LABELS: Record<string, string> = {
  main: 'The Masthead',
  gossip: 'The Scoop',
  lifestyle: 'The Good Life',
  'member-exclusive': 'For members',
  'team-exclusive': 'Your teams',
  'columnist-exclusive': 'Columnists',
};

/** A heading for a group; an unknown group (added on the server since) shows its own name. */
export function groupLabel(group: string): string {
  return LABELS[group] ?? group;
}
