/**
 * Staff roles and the console's sections, pure: what the navigation lists and what a screen
 * lets in. The server checks every role again on every call; this only keeps people from
 * being shown doors that will not open.
 */

export const ROLES = ['admin', 'editor', 'support', 'moderator', 'marketing'] as const;
export type Role = (typeof ROLES)[number];

/** Each role's name and what it is for, as the role checkboxes say them. */
export const ROLE_TEXTS: Record<Role, { label: string; hint: string }> = {
  admin: { label: 'Admin', hint: 'Everything, including granting roles and reading the audit log.' },
  editor: { label: 'Editor', hint: 'Stories, static pages, newsletter lists and member events.' },
  support: { label: 'Support', hint: 'Looking up readers and helping them.' },
  moderator: { label: 'Moderator', hint: 'Comments.' },
  marketing: { label: 'Marketing', hint: 'Plans, discounts, decision rules and referral programmes.' },
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Admin implies every role, as on the server. */
export function hasRole(roles: readonly string[], role: Role): boolean {
  return roles.includes('admin') || roles.includes(role);
}

/** Role names in the order of ROLES (unknown names, from a newer server, at the end). */
export function roleNames(roles: readonly string[]): string {
  if (roles.length === 0) return 'No roles';
  const known = ROLES.filter((role) => roles.includes(role)).map((role) => ROLE_TEXTS[role].label);
  const other = roles.filter((role) => !isRole(role));
  return [...known, ...other].join(', ');
}

/** "the role Support", "the roles Admin, Editor", "no roles": for sentences. */
export function rolesPhrase(roles: readonly string[]): string {
  if (roles.length === 0) return 'no roles';
  return `the ${roles.length === 1 ? 'role' : 'roles'} ${roleNames(roles)}`;
}

export interface Section {
  path: string;
  label: string;
  /** The role a person needs to see it (admin sees everything). */
  role: Role;
  /** One sentence for the overview page. */
  description: string;
}

/** Only sections that exist: later slices add theirs here with their routes. */
export const SECTIONS: readonly Section[] = [
  { path: '/admin/stories', label: 'Stories', role: 'editor', description: 'Write, preview, publish and schedule the stories of every brand, free or for members.' },
  { path: '/admin/pages', label: 'Static pages', role: 'editor', description: 'The terms, privacy policy and membership terms of each brand.' },
  { path: '/admin/newsletters', label: 'Newsletters', role: 'editor', description: 'The newsletter lists of every brand: create, rename, group, make exclusive to members, retire.' },
  { path: '/admin/events', label: 'Member events', role: 'editor', description: 'The events shown to members (title, date, place, link), as in the onboarding’s events step.' },
  { path: '/admin/readers', label: 'Readers', role: 'support', description: 'Find a reader by email, name or tracking ID; see their account and help them.' },
  { path: '/admin/feedback', label: 'Reader feedback', role: 'support', description: 'What readers wrote from their account’s Feedback page, newest first.' },
  { path: '/admin/comments', label: 'Comments', role: 'moderator', description: 'Readers’ comments waiting for a moderator or reported, the word lists and each site’s comment settings.' },
  { path: '/admin/plans', label: 'Plans & discounts', role: 'marketing', description: 'The membership plans, their prices and trials, and the discounts offered to members who cancel.' },
  { path: '/admin/decision-rules', label: 'Decision rules', role: 'marketing', description: 'Who is offered which plans, offers and texts, with a preview of what a given reader sees.' },
  { path: '/admin/referrals', label: 'Referral programmes', role: 'marketing', description: 'The merchants of the referral widget: their origins, API keys, programmes, rewards, code banks and referrals.' },
  { path: '/admin/staff', label: 'Staff & roles', role: 'admin', description: 'Who works in the console and what each person may do.' },
  { path: '/admin/audit', label: 'Audit log', role: 'admin', description: 'Every staff action: who did what, when, and what changed.' },
];

export function sectionsFor(roles: readonly string[]): Section[] {
  return SECTIONS.filter((section) => hasRole(roles, section.role));
}
