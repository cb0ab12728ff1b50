// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CommentsError } from './api';
import { Composer, EMPTY_COMMENT } from './Composer';
import { CommentsContext, type CommentsContextValue } from './context';
import { SIGNED_IN } from './testServer';

function renderComposer(onSubmit: (body: string) => Promise<string | null>, forward = vi.fn()) {
  const context: CommentsContextValue = {
    me: SIGNED_IN,
    ready: true,
    names: ['Night Owl', 'Nina Simone', 'Ada Lovelace', 'Riley Reader'],
    forward,
    actions: {} as CommentsContextValue['actions'],
    announce: vi.fn(),
  };
  render(
    <CommentsContext.Provider value={context}>
      <Composer label="Add a comment" submitLabel="Post" onSubmit={onSubmit} />
    </CommentsContext.Provider>,
  );
  return screen.getByLabelText('Add a comment');
}

describe('the composer', () => {
  it('refuses an empty comment itself, with the server’s sentence, and keeps the focus in the box', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(null));
    const box = renderComposer(onSubmit);
    const user = userEvent.setup();
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_COMMENT);
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts characters against the 2,000 limit and refuses a longer comment', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(null));
    const box = renderComposer(onSubmit);
    fireEvent.change(box, { target: { value: ` ${'x'.repeat(2000)} ` } });
    expect(screen.getByText('2,000 of 2,000 characters')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(2013) } });
    expect(screen.getByText('2,013 of 2,000 characters')).toBeInTheDocument();
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent('Comments can be at most 2,000 characters; yours has 2,013.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal as given and keeps the text', async () => {
    const refusal = "Comments are plain text, so HTML tags such as <b> can't be used. Please remove them and try again.";
    const box = renderComposer(() => Promise.reject(new CommentsError(refusal, 400, 'unsupported-markup')));
    const user = userEvent.setup();
    await user.type(box, 'so <b>bold');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(box).toHaveValue('so <b>bold');
    expect(box).toHaveFocus();
  });

  it('posts by keyboard alone and says what happened', async () => {
    const onSubmit = vi.fn(() => Promise.resolve('Your comment was posted.'));
    const forward = vi.fn();
    const box = renderComposer(onSubmit, forward);
    const user = userEvent.setup();
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('Great game');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Post' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Great game'));
    expect(await screen.findByText('Your comment was posted.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(forward.mock.calls.map((call) => call[0])).toEqual(['typingStart', 'typingEnd']);
  });
});

describe('@mention suggestions', () => {
  it('list the thread’s names for "@" and letters, chosen with the arrow keys and Enter', async () => {
    const box = renderComposer(() => Promise.resolve(null));
    const user = userEvent.setup();
    await user.type(box, 'Well said @Ni');
    const list = screen.getByRole('listbox', { name: 'People in this conversation' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Night Owl', 'Nina Simone']);
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}'); // round again to the first
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('Well said @Nina Simone ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('close on Escape, leaving the text as typed', async () => {
    const box = renderComposer(() => Promise.resolve(null));
    const user = userEvent.setup();
    await user.type(box, '@ri');
    expect(screen.getByRole('option', { name: 'Riley Reader' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('@ri');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });
});
