/**
 * An audit entry's before and after, said as the fields that changed: "Roles: added
 * Support", "Email: a@example.com → b@example.com". Pure; the audit log screen shows it.
 */

export interface FieldChange {
  /** The field's name as people read it ("Roles"), or null when the values have no fields. */
  field: string | null;
  before: string;
  after: string;
  /** For lists: what is in after and not in before, and the reverse. */
  added: string[];
  removed: string[];
}

const NOTHING = 'none';

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "target_type" → "Target type". */
export function fieldLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A value as text: lists joined, nothing as "none", nested objects as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (Array.isArray(value)) return value.length === 0 ? NOTHING : value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function listItems(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map(valueText);
  return value === null || value === undefined ? [] : null;
}

function change(field: string | null, before: unknown, after: unknown): FieldChange {
  const beforeItems = listItems(before);
  const afterItems = listItems(after);
  const lists = (Array.isArray(before) || Array.isArray(after)) && beforeItems && afterItems;
  return {
    field,
    before: valueText(before),
    after: valueText(after),
    added: lists ? afterItems.filter((item) => !beforeItems.includes(item)) : [],
    removed: lists ? beforeItems.filter((item) => !afterItems.includes(item)) : [],
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The changes from before to after. Objects are compared field by field (fields that stayed
 * the same are left out); anything else (a bare list, a value) is one change without a field
 * name. Nothing on either side: no changes.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  if (isFields(before) || isFields(after)) {
    const old = isFields(before) ? before : {};
    const now = isFields(after) ? after : {};
    const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])];
    return keys.filter((key) => !same(old[key], now[key])).map((key) => change(fieldLabel(key), old[key], now[key]));
  }
  return same(before, after) ? [] : [change(null, before, after)];
}
