import { describe, expect, it } from 'vitest';
import { hasRole, roleNames, rolesPhrase, SECTIONS, sectionsFor } from './roles';

describe('roles', () => {
  it.each([
    [['admin'], 'editor', true],
    [['admin'], 'admin', true],
    [['editor'], 'editor', true],
    [['editor'], 'admin', false],
    [['support', 'marketing'], 'moderator', false],
    [[], 'support', false],
  ] as const)('%j has %s: %s', (roles, role, expected) => {
    expect(hasRole(roles, role)).toBe(expected);
  });

  it('names roles in the one order, unknown ones last', () => {
    expect(roleNames(['support', 'admin', 'future'])).toBe('Admin, Support, future');
    expect(roleNames([])).toBe('No roles');
    expect(rolesPhrase(['editor'])).toBe('the role Editor');
    expect(rolesPhrase(['editor', 'admin'])).toBe('the roles Admin, Editor');
  });

  it('lists only the sections the roles open (admin sees all)', () => {
    expect(sectionsFor(['admin'])).toEqual(SECTIONS);
    expect(sectionsFor(['editor', 'support']).map((section) => section.label)).toEqual(['Stories', 'Static pages', 'Newsletters', 'Member events', 'Readers', 'Reader feedback']);
    expect(sectionsFor(['marketing']).map((section) => section.label)).toEqual(['Plans & discounts', 'Decision rules', 'Referral programmes']);
    expect(sectionsFor(['moderator']).map((section) => section.label)).toEqual(['Comments']);
  });
});
