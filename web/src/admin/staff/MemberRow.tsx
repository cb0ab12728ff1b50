import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/dates';
import { failureText } from '../signIn/failure';
import type { StaffMember } from '../data';
import { ROLES, roleNames, rolesPhrase, type Role } from '../roles';
import { RoleCheckboxes } from './RoleCheckboxes';

interface MemberRowProps {
  member: StaffMember;
  isSelf: boolean;
  save: (email: string, roles: Role[]) => Promise<unknown>;
  /** Said once the roles are saved (the list's status line says it); removed: no longer on staff. */
  onSaved: (message: string, removed: boolean) => void;
}

/** One staff member: their roles, whether they have set up their app, and a role editor. */
export function MemberRow({ member, isSelf, save, onSaved }: MemberRowProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const closing = useRef(false);

  useEffect(() => {
    // Back to the button that opened the editor, where the keyboard was.
    if (!editing && closing.current) document.getElementById(`${id}-change`)?.focus();
    closing.current = false;
  }, [editing]);

  const close = () => {
    closing.current = true;
    setEditing(false);
  };

  return (
    <li className="card admin-member" aria-labelledby={`${id}-email`}>
      <div className="admin-card-head">
        <h3 id={`${id}-email`} className="admin-member__email">
          {member.email}
          {isSelf && <span className="admin-member__you"> (you)</span>}
        </h3>
        {!editing && (
          <Button id={`${id}-change`} variant="secondary" className="button--small" aria-label={`Change roles of ${member.email}`} onClick={() => setEditing(true)}>
            Change roles
          </Button>
        )}
      </div>
      <dl className="admin-facts">
        <div>
          <dt>Roles</dt>
          <dd>{roleNames(member.roles)}</dd>
        </div>
        <div>
          <dt>Authenticator app</dt>
          <dd>{member.enrolled ? 'Set up' : 'Not set up yet'}</dd>
        </div>
        <div>
          <dt>On staff since</dt>
          <dd>{formatDate(member.granted_at) ?? 'Unknown'}</dd>
        </div>
      </dl>
      {editing && (
        <RoleEditor
          member={member}
          isSelf={isSelf}
          save={save}
          onCancel={close}
          onSaved={(roles) => {
            close();
            if (roles.length > 0) onSaved(`${member.email} now has ${rolesPhrase(roles)}.`, false);
            else onSaved(`${member.email} is no longer on staff.`, true);
          }}
        />
      )}
    </li>
  );
}

function RoleEditor({
  member,
  isSelf,
  save,
  onCancel,
  onSaved,
}: {
  member: StaffMember;
  isSelf: boolean;
  save: MemberRowProps['save'];
  onCancel: () => void;
  onSaved: (roles: Role[]) => void;
}) {
  const [roles, setRoles] = useState<Role[]>(() => ROLES.filter((role) => member.roles.includes(role)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const boxes = useRef<HTMLDivElement>(null);
  // The editor replaces the button that opened it: the keyboard goes on to its first role.
  useEffect(() => boxes.current?.querySelector('input')?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await save(member.email, roles);
      onSaved(roles);
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  };

  const flip = (role: Role, on: boolean) => setRoles((now) => (on ? ROLES.filter((item) => item === role || now.includes(item)) : now.filter((item) => item !== role)));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="admin-member__editor">
      <ErrorAlert>{error}</ErrorAlert>
      <div ref={boxes}>
        <RoleCheckboxes
          legend={`Roles of ${member.email}`}
          hint={isSelf ? 'You cannot take away your own admin role.' : 'Untick every role to remove them from staff.'}
          checkbox={(role) => ({ checked: roles.includes(role), onChange: (event) => flip(role, event.target.checked) })}
        />
      </div>
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          {roles.length > 0 ? 'Save roles' : 'Remove from staff'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
