/** The groups a list belongs to, as the console names them (the server's groups.py). */
import type { Group, NewsletterList } from './data';

export const GROUPS: readonly { value: Group; label: string; exclusive: boolean }[] = [
  { value: 'main', label: 'The Masthead (main site)', exclusive: false },
  { value: 'gossip', label: 'The Scoop (gossip site)', exclusive: false },
  { value: 'lifestyle', label: 'The Good Life (lifestyle site)', exclusive: false },
  { value: 'member-exclusive', label: 'Member exclusive', exclusive: true },
  { value: 'team-exclusive', label: 'Team exclusive', exclusive: true },
  { value: 'columnist-exclusive', label: 'Columnist exclusive', exclusive: true },
];

export function isExclusiveGroup(group: string): boolean {
  return GROUPS.some((g) => g.value === group && g.exclusive);
}

export function groupName(group: string): string {
  return GROUPS.find((g) => g.value === group)?.label ?? group;
}

/** The lists by group, in the groups' order, each group in its lists' order; empty groups too. */
export function byGroup(lists: readonly NewsletterList[]) {
  return GROUPS.map((group) => ({
    ...group,
    lists: lists.filter((list) => list.group === group.value).sort((a, b) => a.position - b.position),
  }));
}

export function subscribersText(count: number): string {
  return count === 1 ? '1 subscriber' : `${count.toLocaleString('en-US')} subscribers`;
}
