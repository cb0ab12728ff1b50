/**
 * The available-plans decision (spec section 7): outputValue is text, one line per plan
 * offered, the plan id optionally followed by JSON-like options for its card:
 *
 *   sports-annual {"featured": true, "curation": "Our best deal"}
 *   sports-monthly
 *
 * Options: featured (boolean; the 'Best Value!' badge follows it) and curation (text).
 * Unknown plan ids are logged and dropped (spec section 8).
 */
import type { RawPlan } from '../../api/billing';
import { FEATURED_BADGE } from '../../api/specTexts';

export interface PlanOptions {
  featured?: boolean;
  curation?: string;
}

export interface PlanLine {
  id: string;
  options: PlanOptions;
}

type Log = (message: string) => void;
const warn: Log = (message) => console.warn(message);

// A double-quoted string (kept), a single-quoted one (requoted) or a bare key before a colon.
const JSON_LIKE_TOKEN = /"(?:[^"\\]|\\.)*"|'((?:[^'\\]|\\.)*)'|([A-Za-z_$][\w$]*)(\s*:)/g;

/** JSON, or the JSON-like form with single quotes and bare keys ({featured: true, curation: 'x'}). */
function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const json = text.replace(JSON_LIKE_TOKEN, (match, single: string | undefined, key: string | undefined, colon: string | undefined) => {
      if (single !== undefined) return JSON.stringify(single.replace(/\\'/g, "'"));
      if (key !== undefined) return `"${key}"${colon ?? ':'}`;
      return match;
    });
    return JSON.parse(json);
  }
}

export function parseOptions(text: string, log: Log = warn): PlanOptions {
  let parsed: unknown;
  try {
    parsed = parseObject(text);
  } catch {
    log(`available-plans: options "${text}" are not JSON; ignored`);
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    log(`available-plans: options "${text}" are not an object; ignored`);
    return {};
  }
  const record = parsed as Record<string, unknown>;
  const options: PlanOptions = {};
  if (typeof record.featured === 'boolean') options.featured = record.featured;
  if (typeof record.curation === 'string') options.curation = record.curation;
  return options;
}

/** The decision's lines; null when outputValue is not text (no usable decision). */
export function parsePlanLines(outputValue: unknown, log: Log = warn): PlanLine[] | null {
  if (typeof outputValue !== 'string') {
    log('available-plans: the decision is not text; showing every plan');
    return null;
  }
  const lines: PlanLine[] = [];
  for (const raw of outputValue.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const space = line.search(/\s/);
    const id = space === -1 ? line : line.slice(0, space);
    const rest = space === -1 ? '' : line.slice(space).trim();
    lines.push({ id, options: rest ? parseOptions(rest, log) : {} });
  }
  return lines;
}

/** The plans the lines name, in their order, with their options applied. */
export function applyAvailablePlans(plans: Record<string, RawPlan>, lines: PlanLine[], log: Log = warn): RawPlan[] {
  const chosen: RawPlan[] = [];
  const seen = new Set<string>();
  for (const { id, options } of lines) {
    const plan = Object.prototype.hasOwnProperty.call(plans, id) ? plans[id] : undefined;
    if (!plan) {
      log(`available-plans: unknown plan id "${id}" dropped`);
      continue;
    }
    if (seen.has(id)) continue;
    seen.add(id);
    let shown = plan;
    if (options.featured !== undefined) shown = { ...shown, featured: options.featured, badge: options.featured ? FEATURED_BADGE : null };
    if (options.curation !== undefined) shown = { ...shown, curation: options.curation };
    chosen.push(shown);
  }
  return chosen;
}
