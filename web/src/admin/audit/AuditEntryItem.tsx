import { auditChanges, type FieldChange } from '../auditDiff';
import type { AuditEntry } from '../data';
import { formatMoment } from '../format';
import { actionText } from './actions';

/** One entry of the audit log: what, when, who, on what, from where, and what changed. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  const target = [entry.target_type, entry.target_id].filter(Boolean).join(' ');
  // With only one side there is nothing to compare: its values are the entry's details.
  const side = entry.before == null ? 'after' : entry.after == null ? 'before' : null;
  return (
    <li className="card admin-entry">
      <div className="admin-card-head">
        <p className="admin-entry__what">
          <strong>{actionText(entry.action)}</strong> <code className="admin-entry__action">{entry.action}</code>
        </p>
        <p className="admin-entry__when">
          <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
        </p>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>Who</dt>
          <dd>{entry.actor_email ?? 'Nobody signed in (the command line, or a failed sign-in)'}</dd>
        </div>
        {target && (
          <div>
            <dt>On</dt>
            <dd>{target}</dd>
          </div>
        )}
        {entry.address && (
          <div>
            <dt>From address</dt>
            <dd>{entry.address}</dd>
          </div>
        )}
      </dl>
      {changes.length > 0 && (
        <div className="admin-diff">
          <p className="admin-diff__title">{side ? 'Details' : 'What changed'}</p>
          <ul className="admin-diff__list">
            {changes.map((change, index) => (
              <li key={change.field ?? index}>{side ? <Detail change={change} side={side} /> : <ChangeLine change={change} />}</li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function Detail({ change, side }: { change: FieldChange; side: 'before' | 'after' }) {
  return (
    <>
      {change.field && <span className="admin-diff__field">{change.field}: </span>}
      {change[side]}
    </>
  );
}

function ChangeLine({ change }: { change: FieldChange }) {
  const summary = [change.added.length > 0 && `added ${change.added.join(', ')}`, change.removed.length > 0 && `removed ${change.removed.join(', ')}`]
    .filter(Boolean)
    .join('; ');
  return (
    <>
      {change.field && <span className="admin-diff__field">{change.field}: </span>}
      <del className="admin-diff__before">
        <span className="visually-hidden">before: </span>
        {change.before}
      </del>
      <span aria-hidden="true"> → </span>
      <ins className="admin-diff__after">
        <span className="visually-hidden">, after: </span>
        {change.after}
      </ins>
      {summary && <span className="admin-diff__summary"> ({summary})</span>}
    </>
  );
}
