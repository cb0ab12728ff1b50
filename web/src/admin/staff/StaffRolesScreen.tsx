import { useRef, useState } from 'react';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { useMe, useSetRoles, useStaff } from '../data';
import { CONSOLE } from '../guards';
import type { Role } from '../roles';
import { useStepUp } from '../StepUp';
import { GrantForm } from './GrantForm';
import { MemberRow } from './MemberRow';

/** Staff & roles (admin): who is on staff, granting roles by email, changing them. */
export default function StaffRolesScreen() {
  const staff = useStaff();
  const me = useMe().data;
  const setRoles = useSetRoles(useStepUp());
  const [status, setStatus] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const save = (email: string, roles: Role[]) => setRoles.mutateAsync({ email, roles });

  return (
    <div className="page page--wide">
      <PageHeading title="Staff & roles" area={CONSOLE}>
        Staff &amp; roles
      </PageHeading>
      <p className="lead">Roles decide what each person can do in the console. Changing them asks for a fresh code from your authenticator app.</p>
      <GrantForm staff={staff.data?.items ?? []} save={save} />
      <section aria-labelledby="staff-heading">
        <h2 id="staff-heading" ref={listHeading} tabIndex={-1} className="admin-section-heading">
          Staff
        </h2>
        <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
        {staff.isPending && <Spinner label="Loading the staff list…" />}
        {staff.isError && (
          <>
            <div role="alert" className="alert alert--error">
              <p>{staff.error.message}</p>
            </div>
            <Button onClick={() => void staff.refetch()}>Try again</Button>
          </>
        )}
        {staff.data && (
          <ul className="admin-list">
            {staff.data.items.map((member) => (
              <MemberRow
                key={member.user_id}
                member={member}
                isSelf={member.email.toLowerCase() === me?.email.toLowerCase()}
                save={save}
                onSaved={(message, removed) => {
                  setStatus(message);
                  // Someone removed from staff leaves the list: the focus goes to its heading.
                  if (removed) listHeading.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
