import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { errorText } from '../../ui/ModalDialog';
import { previewStory } from './data';
import { storySchema, type StoryValues } from './storyForm';

interface PreviewState {
  html: string;
  error: string | null;
  busy: boolean;
}

/** The preview of the form's text as a member reads it: asked of the server, stored nowhere. */
export function usePreview() {
  const [state, setState] = useState<PreviewState>({ html: '', error: null, busy: false });
  const show = async (controls: UseFormReturn<StoryValues>) => {
    const values = storySchema.safeParse(controls.getValues());
    if (!values.success) {
      await controls.trigger(); // the fields say what to change
      return;
    }
    setState((current) => ({ ...current, busy: true, error: null }));
    try {
      const answer = await previewStory(values.data);
      setState({ html: answer.html, error: null, busy: false });
    } catch (caught) {
      setState({ html: '', error: errorText(caught), busy: false });
    }
  };
  return { ...state, show };
}

export function StoryPreview({ preview }: { preview: ReturnType<typeof usePreview> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new preview takes the focus to its heading once it is on the page.
  useEffect(() => {
    if (preview.html) heading.current?.focus();
  }, [preview.html]);
  return (
    <>
      <div role="alert" className="alert alert--error">
        {preview.error && <p>{preview.error}</p>}
      </div>
      {preview.html && (
        <section className="admin-preview" aria-labelledby="story-preview-heading">
          <h2 id="story-preview-heading" ref={heading} tabIndex={-1} className="admin-section-heading">
            Preview: as a member reads it
          </h2>
          {/* The story's own HTML, in a frame with no scripts and no access to the console. */}
          <iframe className="admin-preview__frame story-preview__frame" title="Preview of the story" sandbox="" srcDoc={preview.html} />
        </section>
      )}
    </>
  );
}
