import { describe, expect, it } from 'vitest';
import { auditChanges, fieldLabel, valueText } from './auditDiff';

describe('auditChanges', () => {
  it('says which roles were added and removed', () => {
    expect(auditChanges({ roles: ['editor', 'support'] }, { roles: ['editor', 'marketing'] })).toEqual([
      { field: 'Roles', before: 'editor, support', after: 'editor, marketing', added: ['marketing'], removed: ['support'] },
    ]);
  });

  it('a first grant has nothing before, a removal nothing after', () => {
    expect(auditChanges(null, { roles: ['admin'] })).toEqual([{ field: 'Roles', before: 'none', after: 'admin', added: ['admin'], removed: [] }]);
    expect(auditChanges({ roles: ['admin'] }, { roles: [] })).toEqual([{ field: 'Roles', before: 'admin', after: 'none', added: [], removed: ['admin'] }]);
  });

  it('leaves out fields that stayed the same, and values that are not lists have no added/removed', () => {
    expect(auditChanges({ email: 'a@example.com', plan: 'x' }, { email: 'b@example.com', plan: 'x' })).toEqual([
      { field: 'Email', before: 'a@example.com', after: 'b@example.com', added: [], removed: [] },
    ]);
  });

  it('nothing on either side is no change; bare values are one change without a field', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(undefined, null)).toEqual([]);
    expect(auditChanges(['a'], ['a', 'b'])).toEqual([{ field: null, before: 'a', after: 'a, b', added: ['b'], removed: [] }]);
  });

  it('writes values and field names for people', () => {
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(true)).toBe('true');
    expect(valueText('')).toBe('none');
    expect(fieldLabel('target_type')).toBe('Target type');
  });
});
