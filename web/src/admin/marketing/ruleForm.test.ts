/** The rule editor's form, the rules' sentences and the order of a feature's rules. */
import { describe, expect, it } from 'vitest';
import type { Rule } from './data';
import { BLANK_RULE, listOf, ruleBody, ruleSchema, ruleValues, type RuleValues } from './ruleForm';
import { conditionsText, decisionText, outputText } from './ruleTexts';
import { moved, ruleName } from './RulesScreen';

function rule(feature: Rule['feature'], conditions: Rule['conditions'], output: Rule['output']): Rule {
  return { id: 7, feature, priority: 50, enabled: true, description: 'A test', conditions, output, updatedAt: '2026-11-22T12:00:00Z' };
}

/** What the server would store from the form: the body minus what the form adds. */
function roundTrip(stored: Rule) {
  const body = ruleBody(ruleValues(stored));
  expect(body).toEqual({ feature: stored.feature, priority: 50, enabled: true, description: 'A test', conditions: stored.conditions, output: stored.output });
}

describe('a rule through the form', () => {
  it.each([
    rule('available-plans', { readers: 'had-trial', path: '/account/appsubscribe' }, { catalogue: 'without-trial-first' }),
    rule(
      'available-plans',
      { emails: ['ann@example.com', 'bo@example.com'], countries: ['US', 'CA'] },
      { plans: [{ id: 'sports-annual', featured: false, curation: 'Yours' }, { id: 'sports-monthly' }] },
    ),
    rule('membership-entitlement-check', { statuses: ['Active', 'Past Due'], products: ['hd-sports-membership'] }, { entitled: false }),
    rule('cancel-flow-offer', { statuses: ['Active'], plans: ['sports-monthly'] }, { discountId: 'stay-monthly-3', heading: 'Wait!' }),
    rule('cancel-flow-offer', {}, { discountId: null }),
    rule('text-campaigns', { region: 'unsupported' }, { ctaHeading: '', subtext: 'Join {membership}' }),
    rule('text-campaigns', {}, {}),
  ])('keeps %j as it was', (stored) => roundTrip(stored));

  it('reads plan ids given alone, and a new rule of a feature', () => {
    const values = ruleValues(rule('available-plans', {}, { plans: ['sports-annual'] }));
    expect(values.choices).toEqual([{ id: 'sports-annual', featured: 'plan', curation: '' }]);
    expect(ruleValues(null, 'text-campaigns')).toEqual({ ...BLANK_RULE, feature: 'text-campaigns' });
  });

  it('normalises lists as the server stores them', () => {
    const values: RuleValues = { ...BLANK_RULE, countries: 'us, ca', emails: 'Ann@Example.com\n bo@example.com,', products: 'hd-sports-membership' };
    expect(ruleBody(values).conditions).toEqual({ countries: ['US', 'CA'], emails: ['ann@example.com', 'bo@example.com'], products: ['hd-sports-membership'] });
    expect(listOf(' a ,b;c\nd ')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the checks before a rule is sent', () => {
  const issues = (changes: Partial<RuleValues>) => {
    const checked = ruleSchema.safeParse({ ...BLANK_RULE, ...changes });
    return checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it.each([
    [{ priority: '-1' }, 'priority', 'Enter a whole number from 0 to 1000000: the lowest decides first.'],
    [{ priority: '1000001' }, 'priority', 'Enter a whole number from 0 to 1000000: the lowest decides first.'],
    [{ path: 'account' }, 'path', 'A path starts with /, such as /account/subscribe. Leave it empty for every page.'],
    [{ countries: 'US, France' }, 'countries', '“France”: a country is two letters, such as US.'],
    [{ emails: 'ann@example.com, not-an-email' }, 'emails', '“not-an-email”: not an email address.'],
    [{ catalogue: 'list' as const }, 'choices', 'Add at least one plan, or offer every enabled plan.'],
    [{ catalogue: 'list' as const, choices: [{ id: '', featured: 'plan' as const, curation: '' }] }, 'choices.0.id', 'Choose a plan.'],
    [
      {
        catalogue: 'list' as const,
        choices: [
          { id: 'a', featured: 'plan' as const, curation: '' },
          { id: 'a', featured: 'yes' as const, curation: '' },
        ],
      },
      'choices.1.id',
      'This plan is in the list already.',
    ],
    [{ feature: 'text-campaigns' as const, subtextMode: 'text' as const }, 'subtext', 'Enter the subtext, or choose another option.'],
  ])('refuses %j', (changes, field, message) => {
    expect(issues(changes)[field]).toBe(message);
  });

  it('lets a blank rule through, and a list only for available-plans', () => {
    expect(issues({})).toEqual({});
    expect(issues({ feature: 'cancel-flow-offer', catalogue: 'list' })).toEqual({});
  });
});

describe('rules in words', () => {
  it('says the conditions', () => {
    expect(conditionsText({})).toEqual(['Everyone, everywhere']);
    expect(conditionsText({ readers: 'had-trial', path: '/account/appsubscribe', emails: ['ann@example.com'], statuses: ['Active'], plans: ['sports-monthly'], region: 'supported', countries: ['US'] })).toEqual([
      'Signed-in readers who had a free trial',
      'Only ann@example.com',
      'Status: Active',
      'On the plan sports-monthly',
      'On /account/appsubscribe and below',
      'Where memberships are sold',
      'From US',
    ]);
  });

  it('says the outputs', () => {
    const names = { 'sports-annual': 'Annual', 'stay-annual-10': '$10 off' };
    expect(outputText('available-plans', { plans: [{ id: 'sports-annual', featured: false, curation: 'Yours' }, { id: 'x' }] }, names)).toBe('Plans: Annual (not featured, “Yours”), x');
    expect(outputText('available-plans', { catalogue: 'in-order' })).toBe('Every enabled plan, in catalogue order');
    expect(outputText('membership-entitlement-check', { entitled: true })).toBe('Members may read members-only stories');
    expect(outputText('cancel-flow-offer', { discountId: 'stay-annual-10', heading: 'Stay' }, names)).toBe('Offer $10 off, headed “Stay”');
    expect(outputText('cancel-flow-offer', { discountId: null })).toBe('No offer');
    expect(outputText('text-campaigns', { ctaHeading: '' })).toBe("Heading: hidden; subtext: the page's own");
  });

  it('says a previewed decision', () => {
    expect(decisionText('available-plans', 'a\nb {"featured": true}')).toBe('2 plans offered');
    expect(decisionText('available-plans', '')).toBe('No plans offered');
    expect(decisionText('membership-entitlement-check', false)).toBe('May not read members-only stories');
    expect(decisionText('cancel-flow-offer', { offer: null })).toBe('No offer');
    expect(decisionText('cancel-flow-offer', { offer: { heading: 'Wait', text: 'Stay', acceptLabel: 'Yes', discountId: 'd' } })).toBe('“Wait”: Stay (Yes; d)');
    expect(decisionText('text-campaigns', { subtext: 'Hi' })).toBe("Heading: the page's own; subtext: “Hi”");
  });
});

describe('the order of a feature’s rules', () => {
  it('moves a rule one place, never past either end', () => {
    expect(moved([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, -1)).toBeNull();
    expect(moved([1, 2, 3], 3, 1)).toBeNull();
    expect(moved([1, 2, 3], 9, 1)).toBeNull();
    expect(ruleName({ id: 4, description: '' })).toBe('rule 4');
    expect(ruleName({ id: 4, description: 'Hi' })).toBe('“Hi”');
  });
});
