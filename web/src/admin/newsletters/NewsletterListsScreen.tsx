import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { CONSOLE } from '../guards';
import { Loaded } from '../Loaded';
import { failureText } from '../signIn/failure';
import { useLists, useMoveList, type NewsletterList } from './data';
import { byGroup, groupName, subscribersText } from './groups';
import './newsletters.css';

type Direction = 'up' | 'down';

/** /admin/newsletters (editors): every list by group, retired ones too, with a way to reorder them and to add one. */
export default function NewsletterListsScreen() {
  const lists = useLists();
  const move = useMoveList();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The button pressed keeps the focus after the list is redrawn; at the group's end, its twin.
  const [focusAfter, setFocusAfter] = useState<{ id: number; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (focusAfter === null || move.isPending) return;
    const other: Direction = focusAfter.direction === 'up' ? 'down' : 'up';
    const pressed = buttons.current.get(`${focusAfter.id}-${focusAfter.direction}`);
    const twin = buttons.current.get(`${focusAfter.id}-${other}`);
    (pressed && !pressed.disabled ? pressed : twin)?.focus();
  }, [focusAfter, move.isPending, lists.data]);

  const moveBy = async (list: NewsletterList, direction: Direction, count: number) => {
    if (move.isPending) return; // one move at a time: each hands out the group's places again
    setStatus(null);
    setFailure(null);
    try {
      const moved = await move.mutateAsync({ listId: list.id, position: list.position + (direction === 'up' ? -1 : 1) });
      setFocusAfter({ id: list.id, direction });
      setStatus(`${moved.name} is now ${moved.position + 1} of ${count} in ${groupName(moved.group)}.`);
    } catch (caught) {
      setFailure(failureText(caught));
    }
  };

  return (
    <div className="page page--wide">
      <PageHeading title="Newsletters" area={CONSOLE}>
        Newsletters
      </PageHeading>
      <p className="lead">
        The newsletter lists readers can sign up for, by site, and the exclusive ones only members and home delivery subscribers may join. A change
        shows to readers as soon as it is saved. Retired lists are hidden from readers and keep their subscribers.
      </p>
      <p>
        <Link className="button button--primary" to="/admin/newsletters/new">
          New list
        </Link>
      </p>
      <div role="alert" className="alert alert--error" hidden={!failure}>
        {failure && <p>{failure}</p>}
      </div>
      <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
      <Loaded query={lists} what="newsletter lists">
        {(data) =>
          byGroup(data.lists).map((group) => (
            <section key={group.value} aria-labelledby={`group-${group.value}`}>
              <h2 id={`group-${group.value}`} className="admin-section-heading">
                {group.label}
              </h2>
              {group.lists.length === 0 ? (
                <p className="newsletters-admin__empty">No lists in this group yet.</p>
              ) : (
                <ul className="admin-list">
                  {group.lists.map((list, index) => (
                    <ListItem
                      key={list.id}
                      list={list}
                      first={index === 0}
                      last={index === group.lists.length - 1}
                      buttonRef={(direction, element) => {
                        if (element) buttons.current.set(`${list.id}-${direction}`, element);
                        else buttons.current.delete(`${list.id}-${direction}`);
                      }}
                      onMove={(direction) => void moveBy(list, direction, group.lists.length)}
                    />
                  ))}
                </ul>
              )}
            </section>
          ))
        }
      </Loaded>
    </div>
  );
}

interface ListItemProps {
  list: NewsletterList;
  first: boolean;
  last: boolean;
  buttonRef: (direction: Direction, element: HTMLButtonElement | null) => void;
  onMove: (direction: Direction) => void;
}

function ListItem({ list, first, last, buttonRef, onMove }: ListItemProps) {
  const headingId = `list-${list.id}`;
  return (
    <li className={list.retired ? 'card newsletters-admin__item--retired' : 'card'} aria-labelledby={headingId}>
      <div className="admin-card-head">
        <h3 id={headingId} className="newsletters-admin__name">
          {list.name}
          {list.exclusive && <span className="newsletters-admin__badge">Exclusive</span>}
          {list.retired && <span className="newsletters-admin__badge newsletters-admin__badge--retired">Retired</span>}
        </h3>
        <Link className="button button--secondary button--small" to={`/admin/newsletters/${list.id}`} aria-label={`Edit ${list.name}`}>
          Edit
        </Link>
      </div>
      {list.description && <p className="newsletters-admin__description">{list.description}</p>}
      <dl className="admin-facts">
        <div>
          <dt>Provider id</dt>
          <dd>
            <code>{list.st_id}</code>
          </dd>
        </div>
        <div>
          <dt>Subscribers</dt>
          <dd>{subscribersText(list.subscribers)}</dd>
        </div>
        <div>
          <dt>Who may join</dt>
          <dd>{list.retired ? 'Nobody: retired' : list.exclusive ? 'Members and home delivery' : 'Every reader'}</dd>
        </div>
      </dl>
      {!(first && last) && (
        <div className="newsletters-admin__order">
          <Button
            ref={(element) => buttonRef('up', element)}
            variant="secondary"
            className="button--small"
            disabled={first}
            onClick={() => onMove('up')}
            aria-label={`Move up: ${list.name}`}
          >
            Move up
          </Button>
          <Button
            ref={(element) => buttonRef('down', element)}
            variant="secondary"
            className="button--small"
            disabled={last}
            onClick={() => onMove('down')}
            aria-label={`Move down: ${list.name}`}
          >
            Move down
          </Button>
        </div>
      )}
    </li>
  );
}
