import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { PageHeading } from '../../ui/PageHeading';
import { useDialogAction } from '../../ui/useDialogAction';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { useDeleteRule, useDiscounts, usePlans, useReorderRules, useRules, useSetRuleEnabled, type Rule } from './data';
import { Loaded } from '../Loaded';
import { PreviewPanel } from './PreviewPanel';
import { FEATURES } from './ruleForm';
import { conditionsText, outputText } from './ruleTexts';
import './marketing.css';

/** The rule's name in sentences and labels. */
export function ruleName(rule: Pick<Rule, 'id' | 'description'>): string {
  return rule.description ? `“${rule.description}”` : `rule ${rule.id}`;
}

/** A rule moved one place up or down in its feature's order; null at either end. */
export function moved(order: readonly number[], ruleId: number, step: -1 | 1): number[] | null {
  const index = order.indexOf(ruleId);
  const target = index + step;
  if (index < 0 || target < 0 || target >= order.length) return null;
  const next = [...order];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Decision rules (marketing): each feature's rules in the order they are tried, and the preview. */
export default function RulesScreen() {
  const rules = useRules();
  const plans = usePlans();
  const discounts = useDiscounts();
  const names: Record<string, string> = {
    ...Object.fromEntries((plans.data?.plans ?? []).map((plan) => [plan.id, plan.name])),
    ...Object.fromEntries((discounts.data?.discounts ?? []).map((discount) => [discount.id, discount.name])),
  };

  return (
    <div className="page page--wide">
      <PageHeading title="Decision rules" area={CONSOLE}>
        Decision rules
      </PageHeading>
      <p className="lead">
        For each feature the rules are tried from the top: the first switched-on rule whose conditions all hold decides. A change counts on the site within a
        second.
      </p>
      <Loaded query={rules} what="decision rules">
        {(data) => (
          <>
            {FEATURES.map((feature) => (
              <FeatureRules key={feature.slug} feature={feature} rules={data.rules.filter((rule) => rule.feature === feature.slug)} names={names} />
            ))}
          </>
        )}
      </Loaded>
      <PreviewPanel />
    </div>
  );
}

function FeatureRules({ feature, rules, names }: { feature: (typeof FEATURES)[number]; rules: Rule[]; names: Record<string, string> }) {
  const headingId = `feature-${feature.slug}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const focusAfter = useRef<{ button: string; order: string } | null>(null);
  const enable = useSetRuleEnabled();
  const reorder = useReorderRules();
  const order = rules.map((rule) => rule.id);

  useEffect(() => {
    // Once the list is drawn in its new order, the keyboard goes back to the moved rule.
    const pending = focusAfter.current;
    if (!pending || pending.order !== order.join()) return;
    document.getElementById(pending.button)?.focus();
    focusAfter.current = null;
  });

  const act = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    setStatus(null);
    try {
      await action();
      setStatus(done);
    } catch (caught) {
      setError(failureText(caught));
    }
  };

  const move = (rule: Rule, step: -1 | 1) => {
    const next = moved(order, rule.id, step);
    if (!next) return;
    const buttonId = `rule-${rule.id}-${step < 0 ? 'up' : 'down'}`;
    const edge = next.indexOf(rule.id) === (step < 0 ? 0 : next.length - 1);
    // At the top (or bottom) the button it pressed is gone: the other one takes the keyboard.
    focusAfter.current = { button: edge ? `rule-${rule.id}-${step < 0 ? 'down' : 'up'}` : buttonId, order: next.join() };
    void act(() => reorder.mutateAsync({ feature: feature.slug, rules: next }), `${capital(ruleName(rule))} is now number ${next.indexOf(rule.id) + 1}.`);
  };

  return (
    <section aria-labelledby={headingId} className="marketing-feature">
      <div className="admin-card-head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="admin-section-heading marketing-heading">
          {feature.name}
        </h2>
        <Link className="button button--secondary button--small" to={`/admin/decision-rules/new?feature=${feature.slug}`} aria-label={`Add a rule for ${feature.name}`}>
          Add a rule
        </Link>
      </div>
      <p>{feature.what}</p>
      <ErrorAlert>{error && <p>{error}</p>}</ErrorAlert>
      <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
      {rules.length === 0 ? (
        <p>No rules: the built-in answer for everyone.</p>
      ) : (
        <ol className="admin-list marketing-rules">
          {rules.map((rule, index) => (
            <li key={rule.id} className={`card${rule.enabled ? '' : ' marketing-rule--off'}`} aria-labelledby={`rule-${rule.id}`}>
              <div className="admin-card-head">
                <h3 id={`rule-${rule.id}`} className="marketing-item__title">
                  {index + 1}. {rule.description || `Rule ${rule.id}`}
                </h3>
                <span className="marketing-item__id">
                  {rule.enabled ? 'On' : 'Off'} · priority {rule.priority} · rule {rule.id}
                </span>
              </div>
              <dl className="admin-facts marketing-rule__facts">
                <div>
                  <dt>When</dt>
                  <dd>{conditionsText(rule.conditions).join('; ')}</dd>
                </div>
                <div>
                  <dt>Then</dt>
                  <dd>{outputText(rule.feature, rule.output, names)}</dd>
                </div>
              </dl>
              <div className="admin-actions marketing-rule__actions">
                <Link className="button button--secondary button--small" to={`/admin/decision-rules/${rule.id}`} aria-label={`Edit ${ruleName(rule)}`}>
                  Edit
                </Link>
                <Button
                  variant="secondary"
                  className="button--small"
                  aria-label={`${rule.enabled ? 'Switch off' : 'Switch on'} ${ruleName(rule)}`}
                  onClick={() =>
                    void act(() => enable.mutateAsync({ ruleId: rule.id, enabled: !rule.enabled }), `${capital(ruleName(rule))} is switched ${rule.enabled ? 'off' : 'on'}.`)
                  }
                >
                  {rule.enabled ? 'Switch off' : 'Switch on'}
                </Button>
                {index > 0 && (
                  <Button id={`rule-${rule.id}-up`} variant="secondary" className="button--small" aria-label={`Move ${ruleName(rule)} up`} onClick={() => move(rule, -1)}>
                    Move up
                  </Button>
                )}
                {index < rules.length - 1 && (
                  <Button id={`rule-${rule.id}-down`} variant="secondary" className="button--small" aria-label={`Move ${ruleName(rule)} down`} onClick={() => move(rule, 1)}>
                    Move down
                  </Button>
                )}
                <Button variant="secondary" className="button--small" aria-label={`Delete ${ruleName(rule)}`} onClick={() => setDeleting(rule)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <DeleteDialog
        rule={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(rule) => {
          setDeleting(null);
          setStatus(`${capital(ruleName(rule))} is deleted.`);
          heading.current?.focus();
        }}
      />
    </section>
  );
}

function capital(text: string): string {
  return text.startsWith('“') ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

function DeleteDialog({ rule, onClose, onDeleted }: { rule: Rule | null; onClose: () => void; onDeleted: (rule: Rule) => void }) {
  const remove = useDeleteRule();
  const keep = useRef<HTMLButtonElement>(null);
  const { error, busy, run } = useDialogAction(rule !== null);
  return (
    <ModalDialog
      open={rule !== null}
      title="Delete this rule?"
      description={rule ? `${capital(ruleName(rule))} stops deciding at once. To keep it for later, switch it off instead.` : ''}
      error={error}
      busy={busy}
      initialFocus={keep}
      onClose={onClose}
      onSubmit={() => {
        if (!rule) return;
        void run(async () => {
          await remove.mutateAsync(rule.id);
          onDeleted(rule);
        });
      }}
    >
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          Delete the rule
        </Button>
        <button ref={keep} type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Keep it
        </button>
      </div>
    </ModalDialog>
  );
}

