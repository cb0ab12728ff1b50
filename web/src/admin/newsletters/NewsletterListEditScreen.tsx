import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { PageHeading } from '../../ui/PageHeading';
import { SelectField } from '../../ui/SelectField';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { useDialogAction } from '../../ui/useDialogAction';
import { CONSOLE } from '../guards';
import { Loaded } from '../Loaded';
import { failureText } from '../signIn/failure';
import { useSavedMessage } from '../useSavedMessage';
import { useList, useSaveList, useSetRetired, type Group, type NewsletterList } from './data';
import { GROUPS, groupName, isExclusiveGroup, subscribersText } from './groups';
import './newsletters.css';

const NAME_MAX = 120;
const DESCRIPTION_MAX = 500;
const FIELDS = ['name', 'description', 'group', 'st_id'] as const;
const LABELS = { name: 'Name', description: 'Description', group: 'Group', st_id: 'Provider id' } as const;
const GROUP_VALUES = GROUPS.map((group) => group.value) as [Group, ...Group[]];

export const listSchema = z.object({
  name: z.string().trim().min(1, 'Enter the list’s name: readers see it.').max(NAME_MAX, `A name is at most ${NAME_MAX} characters.`),
  description: z.string().trim().max(DESCRIPTION_MAX, `A description is at most ${DESCRIPTION_MAX} characters.`),
  group: z.enum(GROUP_VALUES, { message: 'Choose the group the list belongs to.' }),
  st_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Enter the email provider’s id: 1 to 64 letters, digits, hyphens or underscores, such as metro-minute.'),
});
type ListValues = z.infer<typeof listSchema>;

const NEW_LIST: ListValues = { name: '', description: '', group: 'main', st_id: '' };

/** /admin/newsletters/new and /admin/newsletters/:listId (editors): a list's name, description and group; retire and restore. */
export default function NewsletterListEditScreen() {
  const { listId } = useParams();
  const id = listId && /^\d+$/.test(listId) ? Number(listId) : null;
  const list = useList(id);
  const title = listId ? 'Edit a newsletter list' : 'New newsletter list';
  return (
    <div className="page page--wide">
      <PageHeading title={title} area={CONSOLE}>
        {title}
      </PageHeading>
      <p className="newsletters-admin__back">
        <Link to="/admin/newsletters">Back to the newsletters</Link>
      </p>
      {listId === undefined ? (
        <ListForm list={null} />
      ) : id === null ? (
        <div role="alert" className="alert alert--error">
          <p>There is no newsletter list at this address.</p>
        </div>
      ) : (
        <Loaded query={list} what="newsletter list">
          {(found) => <ListForm key={found.id} list={found} />}
        </Loaded>
      )}
    </div>
  );
}

function ListForm({ list }: { list: NewsletterList | null }) {
  const save = useSaveList();
  const { saved, clear, announce } = useSavedMessage();
  const [confirming, setConfirming] = useState(false);
  const form = useAccountForm<(typeof FIELDS)[number], ListValues>({
    fields: FIELDS,
    schema: listSchema,
    defaultValues: list ? { name: list.name, description: list.description, group: list.group as Group, st_id: list.st_id } : NEW_LIST,
    summary: (invalid) => <p>Check the {inWords(invalid.map((field) => LABELS[field].toLowerCase()))} below.</p>,
    submit: async (values) => {
      clear();
      const stored = await save.mutateAsync({ listId: list?.id ?? null, body: values });
      if (list !== null) form.reset({ name: stored.name, description: stored.description, group: stored.group as Group, st_id: stored.st_id });
      await announce(`${stored.name} is saved. Readers see it now.`, list === null ? `/admin/newsletters/${stored.id}` : null);
    },
    failure: failureText,
  });
  const group = form.controls.watch('group');

  return (
    <>
      <FormError form={form} />
      <StatusMessage>{saved && <p>{saved}</p>}</StatusMessage>
      {list && (
        <p>
          {subscribersText(list.subscribers)} · {list.retired ? 'Retired: hidden from readers, nobody may join.' : `Shown to readers in ${groupName(list.group)}.`}
        </p>
      )}
      <form noValidate onSubmit={form.onSubmit}>
        <section className="card" aria-labelledby="list-fields-heading">
          <h2 id="list-fields-heading">The list</h2>
          <TextField label={LABELS.name} maxChars={NAME_MAX} autoComplete="off" {...form.field('name')} />
          <TextArea label={LABELS.description} hint="One line under the name. Optional." maxChars={DESCRIPTION_MAX} rows={3} {...form.field('description')} />
          <SelectField label={LABELS.group} options={GROUPS} hint={groupHint(group, list)} {...form.field('group')} />
          {list ? (
            <p>
              Provider id: <code>{list.st_id}</code>. It is the email provider’s id of the list, so it never changes.
            </p>
          ) : (
            <TextField
              label={LABELS.st_id}
              hint="The email provider’s id of the list: letters, digits, hyphens or underscores, such as metro-minute. It never changes."
              autoComplete="off"
              spellCheck={false}
              {...form.field('st_id')}
            />
          )}
        </section>
        <div className="admin-actions">
          <SubmitButton form={form}>{form.submitting ? 'Saving…' : list ? 'Save' : 'Add the list'}</SubmitButton>
          {list && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {list.retired ? 'Restore the list' : 'Retire the list'}
            </Button>
          )}
          <Link className="button button--secondary" to="/admin/newsletters">
            Cancel
          </Link>
        </div>
      </form>
      {list && (
        <RetireDialog
          open={confirming}
          list={list}
          onClose={() => setConfirming(false)}
          onDone={(message) => {
            setConfirming(false);
            void announce(message, null);
          }}
        />
      )}
    </>
  );
}

/** "name", "name and group", "name, group and provider id". */
function inWords(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function groupHint(group: string, list: NewsletterList | null): string {
  const who = isExclusiveGroup(group)
    ? 'Exclusive: only members and home delivery subscribers may join lists in this group.'
    : 'Open: every reader may join lists in this group.';
  const moved = list && list.group !== group ? ' Saving puts the list last in its new group; its subscribers stay on it.' : '';
  return who + moved;
}

function RetireDialog({ open, list, onClose, onDone }: { open: boolean; list: NewsletterList; onClose: () => void; onDone: (message: string) => void }) {
  const change = useSetRetired();
  const action = useDialogAction(open);
  const keep = useRef<HTMLButtonElement>(null);
  const retiring = !list.retired;
  const count = subscribersText(list.subscribers);
  return (
    <ModalDialog
      open={open}
      title={retiring ? `Retire ${list.name}?` : `Restore ${list.name}?`}
      description={
        retiring
          ? `Readers will no longer see it and nobody can join it. Its subscriptions (${count}) are kept, and come back if it is restored.`
          : `Readers will see it again in ${groupName(list.group)}, with its subscriptions (${count}).`
      }
      error={action.error}
      busy={action.busy}
      onClose={onClose}
      onSubmit={() =>
        void action.run(async () => {
          const stored = await change.mutateAsync({ listId: list.id, retired: retiring });
          onDone(stored.retired ? `${stored.name} is retired. Readers no longer see it.` : `${stored.name} is restored. Readers see it again.`);
        })
      }
      initialFocus={keep}
    >
      <div className="dialog__actions">
        <Button type="submit" busy={action.busy}>
          {retiring ? 'Retire the list' : 'Restore the list'}
        </Button>
        <Button ref={keep} variant="secondary" onClick={onClose} disabled={action.busy}>
          {retiring ? 'Keep it' : 'Leave it retired'}
        </Button>
      </div>
    </ModalDialog>
  );
}
