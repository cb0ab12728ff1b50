import { useState, type FormEvent } from 'react';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { errorText } from '../../ui/ModalDialog';
import { TextField } from '../../ui/TextField';
import { Loaded } from '../Loaded';
import { CONSOLE } from '../guards';
import { CommentsNav } from './CommentsNav';
import { addWord, removeWord, useModeration, useWordLists, type WordListName, type WordLists } from './data';
import { LIST_TEXTS, WORD_LIMIT, checkWord } from './texts';
import './comments.css';

const LISTS: readonly WordListName[] = ['banned', 'suspect', 'allowed'];

/** Word lists (moderators): the banned, suspect and allowed words, on top of Masthead's own list. */
export default function WordListsScreen() {
  const lists = useWordLists();
  return (
    <div className="page page--wide">
      <PageHeading title="Word lists" area={CONSOLE}>
        Word lists
      </PageHeading>
      <CommentsNav />
      <p className="lead">
        Masthead’s built-in list of rude words always applies; these lists are yours, on top of it. A change applies at once, to new comments, display names and bios.
      </p>
      <Loaded query={lists} what="word lists">
        {(data) => (
          <div className="word-lists">
            {LISTS.map((list) => (
              <WordList key={list} list={list} words={data[list]} />
            ))}
          </div>
        )}
      </Loaded>
    </div>
  );
}

function WordList({ list, words }: { list: WordListName; words: WordLists[WordListName] }) {
  const texts = LIST_TEXTS[list];
  const moderation = useModeration<unknown>();
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);
  const headingId = `list-${list}`;

  const add = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = checkWord(draft);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    moderation.mutate(() => addWord(list, checked.word), {
      onSuccess: () => {
        setDraft('');
        setNotice({ tone: 'done', text: `Added “${checked.word}” to ${texts.title.toLowerCase()}.` });
      },
      onError: (caught) => setFieldError(errorText(caught)),
    });
  };
  const remove = (word: string) => {
    setNotice(null);
    moderation.mutate(() => removeWord(list, word), {
      onSuccess: () => setNotice({ tone: 'done', text: `Removed “${word}” from ${texts.title.toLowerCase()}.` }),
      onError: (caught) => setNotice({ tone: 'failed', text: errorText(caught) }),
    });
  };

  return (
    <section className="card word-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      <p>{texts.hint}</p>
      <form noValidate onSubmit={add} aria-labelledby={headingId}>
        <TextField
          label={`Add to ${texts.title.toLowerCase()}`}
          hint="A word or a short phrase."
          maxChars={WORD_LIMIT}
          autoComplete="off"
          spellCheck={false}
          value={draft}
          error={fieldError}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="admin-actions">
          <Button type="submit" busy={moderation.isPending}>
            Add
          </Button>
        </div>
      </form>
      <StatusMessage>{notice?.tone === 'done' && <p>{notice.text}</p>}</StatusMessage>
      <ErrorAlert>{notice?.tone === 'failed' && <p>{notice.text}</p>}</ErrorAlert>
      {words.length === 0 ? (
        <p className="word-list__empty">No words yet.</p>
      ) : (
        <ul className="word-list__words">
          {words.map((word) => (
            <li key={word}>
              <span className="word-list__word">{word}</span>
              <Button variant="secondary" className="button--small" disabled={moderation.isPending} onClick={() => remove(word)}>
                Remove<span className="visually-hidden"> “{word}”</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
