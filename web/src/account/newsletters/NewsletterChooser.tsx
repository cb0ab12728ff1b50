import { useState, type FormEvent } from 'react';
import { UPDATE_SUBSCRIPTIONS_ERROR } from '../../api/specTexts';
import { pushTrackingEvent } from '../../tracking';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { useSaveOnContinue } from '../onboarding/saveOnContinue';
import { groupLabel } from './groups';
import './newsletters.css';
import { updateNewsletters, type Newsletters } from './newslettersApi';

export const SAVED = 'Your newsletters are saved.';

interface Props {
  email: string;
  newsletters: Newsletters;
  groups: readonly string[];
  onSaved: (next: Newsletters) => void;
  /** How the choice is saved: the site API's update by default; the newsletters-update screen sends it with its link's token. */
  save?: (subscribe: number[], unsubscribe: number[]) => Promise<Newsletters | null>;
}

/** The lists of the given groups, a checkbox each, saved together. */
export function NewsletterChooser({ email, newsletters, groups, onSaved, save: send }: Props) {
  const subscribed = new Set(newsletters.userinfo.list_subscriptions);
  const shown = groups.flatMap((group) => newsletters.lists[group] ?? []);
  const [checked, setChecked] = useState(() => new Set(shown.filter((l) => subscribed.has(l.id)).map((l) => l.id)));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);

  const toggle = (id: number, on: boolean) => {
    setOutcome(null);
    setChecked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const joining = shown.filter((l) => checked.has(l.id) && !subscribed.has(l.id));
  const leaving = shown.filter((l) => !checked.has(l.id) && subscribed.has(l.id)).map((l) => l.id);

  /** True once the choice is saved. */
  const commit = async (): Promise<boolean> => {
    setBusy(true);
    const ids = joining.map((l) => l.id);
    const next = await (send ?? ((joined, left) => updateNewsletters(email, joined, left)))(ids, leaving);
    setBusy(false);
    if (next === null) {
      setOutcome('failed');
      return false;
    }
    if (joining.length > 0) pushTrackingEvent('newsletterSubscribed', { newsletters: joining.map((l) => l.st_id) });
    setOutcome('saved');
    onSaved(next);
    return true;
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void commit();
  };
  // On an onboarding step, Continue saves boxes ticked or cleared and not yet saved.
  useSaveOnContinue(async () => (joining.length === 0 && leaving.length === 0) || commit());

  return (
    <form className="card newsletters" onSubmit={save}>
      {groups.map((group) => {
        const lists = newsletters.lists[group] ?? [];
        if (lists.length === 0) return null;
        return (
          <fieldset key={group} className="newsletters__group">
            <legend>{groupLabel(group)}</legend>
            {lists.map((list) => (
              <Checkbox
                key={list.id}
                label={list.name}
                hint={list.description || undefined}
                checked={checked.has(list.id)}
                onChange={(event) => toggle(list.id, event.target.checked)}
              />
            ))}
          </fieldset>
        );
      })}
      <ErrorAlert>{outcome === 'failed' ? `${UPDATE_SUBSCRIPTIONS_ERROR}. Please try again.` : null}</ErrorAlert>
      <StatusMessage>{outcome === 'saved' ? SAVED : null}</StatusMessage>
      <Button type="submit" busy={busy}>
        Save newsletters
      </Button>
    </form>
  );
}
