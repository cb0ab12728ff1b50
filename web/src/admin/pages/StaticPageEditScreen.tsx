import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { errorText, ModalDialog } from '../../ui/ModalDialog';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { useDialogAction } from '../../ui/useDialogAction';
import { CONSOLE } from '../guards';
import { failureText } from '../signIn/failure';
import { previewPage, useChangePage, useStaticPage, type PageKey, type PageText, type StaticPage } from './data';

const TITLE_MAX = 120;
const BODY_MAX = 100_000;
const FIELDS = ['title', 'body'] as const;
const LABELS = { title: 'Title', body: 'Text (HTML)' } as const;

export const pageSchema = z.object({
  title: z.string().trim().min(1, 'Enter the page’s title.').max(TITLE_MAX, `A title is at most ${TITLE_MAX} characters.`),
  body: z.string().min(1, 'Enter the page’s text.').max(BODY_MAX, `The text is at most ${BODY_MAX.toLocaleString('en-US')} characters.`),
});

/** One static page (editors): its title and HTML, a preview as readers would see it, save, and back to the built-in text. */
export default function StaticPageEditScreen() {
  const { brand = '', slug = '' } = useParams();
  const key = { brand, slug };
  const page = useStaticPage(key);
  return (
    <div className="page page--wide">
      {page.isPending && <Spinner label="Loading the page…" />}
      {page.isError && (
        <>
          <PageHeading title="Static page" area={CONSOLE}>
            Static page
          </PageHeading>
          <div role="alert" className="alert alert--error">
            <p>{page.error.message}</p>
          </div>
          <p>
            <Link to="/admin/pages">Back to the static pages</Link>
          </p>
        </>
      )}
      {page.data && <Editor key={`${brand}/${slug}`} pageKey={key} page={page.data} />}
    </div>
  );
}

function Editor({ pageKey, page }: { pageKey: PageKey; page: StaticPage }) {
  const change = useChangePage(pageKey);
  const [status, setStatus] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ html: string; error: string | null; busy: boolean }>({ html: '', error: null, busy: false });
  const [confirming, setConfirming] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // A new preview takes the focus to its heading once it is on the page.
  useEffect(() => {
    if (preview.html) previewHeading.current?.focus();
  }, [preview.html]);

  const form = useAccountForm<(typeof FIELDS)[number], PageText>({
    fields: FIELDS,
    schema: pageSchema,
    defaultValues: { title: page.title, body: page.body },
    summary: (invalid) => <p>Check the {invalid.map((field) => LABELS[field].toLowerCase()).join(' and ')} below.</p>,
    submit: async (values) => {
      setStatus(null);
      const saved = await change.mutateAsync(values);
      form.reset({ title: saved.title, body: saved.body });
      setStatus(`Saved. ${saved.brandName}’s ${saved.path} shows the new text now.`);
    },
    failure: failureText,
  });

  const showPreview = async () => {
    const values = pageSchema.safeParse(form.controls.getValues());
    if (!values.success) {
      await form.controls.trigger();
      return;
    }
    setPreview((current) => ({ ...current, busy: true, error: null }));
    try {
      const answer = await previewPage(pageKey, values.data);
      setPreview({ html: answer.html, error: null, busy: false });
    } catch (caught) {
      setPreview({ html: '', error: errorText(caught), busy: false });
    }
  };

  return (
    <>
      <PageHeading title={`${page.title} · ${page.brandName}`} area={CONSOLE}>
        {page.title} <span className="admin-heading-note">{page.brandName}</span>
      </PageHeading>
      <p>
        <Link to="/admin/pages">All static pages</Link> · Shown at <code>{page.path}</code> on {page.brandName}’s site.{' '}
        {page.edited ? 'This page has been edited.' : 'This page shows its built-in text.'}
      </p>
      <section className="card" aria-labelledby="edit-heading">
        <h2 id="edit-heading">Edit the page</h2>
        <p>
          Use text structure and links only: paragraphs, headings h2 to h4, lists, tables, links, bold and italics. Scripts, styles, frames, forms and
          h1 headings are refused.{page.slug === 'membership-terms' ? ' Keep the element with id="cancellation": the cancellation links point to it.' : ''}
        </p>
        <FormError form={form} />
        <StatusMessage>{status && <p>{status}</p>}</StatusMessage>
        <form noValidate onSubmit={form.onSubmit}>
          <TextField label={LABELS.title} maxChars={TITLE_MAX} autoComplete="off" {...form.field('title')} />
          <div className="admin-html-field">
            <TextArea label={LABELS.body} rows={16} spellCheck={false} {...form.field('body')} />
          </div>
          <div className="admin-actions">
            <SubmitButton form={form}>{form.submitting ? 'Saving…' : 'Save'}</SubmitButton>
            <Button variant="secondary" busy={preview.busy} onClick={() => void showPreview()}>
              Preview
            </Button>
            {page.edited && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Bring back the built-in text
              </Button>
            )}
          </div>
        </form>
      </section>
      <div role="alert" className="alert alert--error" hidden={!preview.error}>
        {preview.error && <p>{preview.error}</p>}
      </div>
      {preview.html && (
        <section className="admin-preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading" ref={previewHeading} tabIndex={-1} className="admin-section-heading">
            Preview (not saved)
          </h2>
          {/* The page's own HTML, in a frame with no scripts and no access to the console. */}
          <iframe className="admin-preview__frame" title={`Preview of ${page.title}`} sandbox="" srcDoc={preview.html} />
        </section>
      )}
      <ResetDialog
        open={confirming}
        page={page}
        onClose={() => setConfirming(false)}
        reset={async () => {
          const saved = await change.mutateAsync(null);
          form.reset({ title: saved.title, body: saved.body });
          setConfirming(false);
          setStatus(`${saved.path} shows its built-in text again.`);
        }}
      />
    </>
  );
}

function ResetDialog({ open, page, onClose, reset }: { open: boolean; page: StaticPage; onClose: () => void; reset: () => Promise<void> }) {
  const action = useDialogAction(open);
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={open}
      title="Bring back the built-in text?"
      description={`${page.brandName}’s ${page.path} will show Masthead’s built-in text instead of the edited one. The edited text is kept in the audit log.`}
      error={action.error}
      busy={action.busy}
      onClose={onClose}
      onSubmit={() => void action.run(reset)}
      initialFocus={keep}
    >
      <div className="dialog__actions">
        <Button type="submit" busy={action.busy}>
          Bring back the built-in text
        </Button>
        <Button ref={keep} variant="secondary" onClick={onClose} disabled={action.busy}>
          Keep the edited text
        </Button>
      </div>
    </ModalDialog>
  );
}
