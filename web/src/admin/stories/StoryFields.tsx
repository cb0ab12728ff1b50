import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FieldProps } from '../../account/useAccountForm';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import type { Desk } from './data';
import { suggestSlug, SLUG_MAX } from './slug';
import { SelectField } from '../../ui/SelectField';
import { AUTHOR_MAX, HEADLINE_MAX, LABELS, STANDFIRST_MAX, type Field, type StoryValues } from './storyForm';

interface StoryFieldsProps {
  desks: readonly Desk[];
  field: (name: Field) => FieldProps;
  controls: UseFormReturn<StoryValues>;
  /** The slug follows the headline until the editor types their own (never once it has been on the site). */
  slugFollows: boolean;
  /** It has been on the site: its brand stays (its comments belong there). */
  brandFixed: boolean;
}

const ACCESS = [
  { value: 'members', label: 'Members only', hint: 'Everyone reads the teaser; the paywall covers the rest.' },
  { value: 'free', label: 'Free', hint: 'Everyone reads the whole story.' },
] as const;

/** The story's fields: where it is filed, its words, its address, who reads it, its two HTML parts. */
export function StoryFields({ desks, field, controls, slugFollows, brandFixed }: StoryFieldsProps) {
  const follows = useRef(slugFollows);
  const brand = controls.watch('brand');
  const headline = controls.watch('headline');
  const sections = desks.find((desk) => desk.key === brand)?.sections ?? [];

  useEffect(() => {
    // Once the form has been sent, a field says at once whether it is right now.
    if (follows.current) controls.setValue('slug', suggestSlug(headline), { shouldDirty: true, shouldValidate: controls.formState.isSubmitted });
  }, [headline]);

  const slug = field('slug');
  const brandField = field('brand');
  const access = field('access');

  return (
    <>
      <div className="story-fields__pair">
        {brandFixed ? (
          <div className="field">
            <p className="field__label story-fields__fixed-label">{LABELS.brand}</p>
            <p className="story-fields__fixed">
              {desks.find((desk) => desk.key === brand)?.name ?? brand}
              <span className="field__hint"> It has been on the site, so it stays on its brand.</span>
            </p>
          </div>
        ) : (
          <SelectField
            label={LABELS.brand}
            options={desks.map((desk) => ({ value: desk.key, label: desk.name }))}
            {...brandField}
            onChange={(event) => {
              void brandField.onChange(event);
              // A section of the brand it was on is no choice on another brand.
              const next = desks.find((desk) => desk.key === event.target.value);
              if (next && !next.sections.includes(controls.getValues('section'))) controls.setValue('section', '', { shouldDirty: true, shouldValidate: controls.formState.isSubmitted });
            }}
          />
        )}
        <SelectField label={LABELS.section} options={[{ value: '', label: 'Choose a section' }, ...sections.map((name) => ({ value: name, label: name }))]} {...field('section')} />
      </div>
      <TextField label={LABELS.headline} maxChars={HEADLINE_MAX} autoComplete="off" {...field('headline')} />
      <TextArea label={LABELS.standfirst} maxChars={STANDFIRST_MAX} rows={2} {...field('standfirst')} />
      <TextField label={LABELS.author} maxChars={AUTHOR_MAX} autoComplete="off" {...field('author')} />
      <TextField
        label={LABELS.slug}
        maxChars={SLUG_MAX}
        autoComplete="off"
        spellCheck={false}
        hint={
          slugFollows
            ? 'The last part of its address, made from the headline until you change it.'
            : 'The last part of its address. Changing it on a published story breaks links to the old address.'
        }
        {...slug}
        onChange={(event) => {
          follows.current = false;
          void slug.onChange(event);
        }}
      />
      <fieldset className="story-access" aria-describedby={access.error ? 'story-access-error' : undefined}>
        <legend className="field__label">{LABELS.access}</legend>
        {ACCESS.map((choice) => (
          <div key={choice.value} className="checkbox">
            <input id={`story-access-${choice.value}`} type="radio" className="checkbox__input" value={choice.value} aria-describedby={`story-access-${choice.value}-hint`} {...controls.register('access')} />
            <div>
              <label htmlFor={`story-access-${choice.value}`} className="checkbox__label">
                {choice.label}
              </label>
              <p id={`story-access-${choice.value}-hint`} className="field__hint">
                {choice.hint}
              </p>
            </div>
          </div>
        ))}
        {access.error && (
          <p id="story-access-error" className="field__error">
            {access.error}
          </p>
        )}
      </fieldset>
      <p className="field__hint story-html-rules">
        Both parts are HTML of text structure and links only: paragraphs, headings h2 to h4, lists, tables, links, bold and italics. Scripts, styles, frames, forms,
        images and h1 headings are refused.
      </p>
      <div className="admin-html-field">
        <TextArea label={LABELS.teaser_html} hint="What every visitor reads, above the paywall." rows={6} spellCheck={false} {...field('teaser_html')} />
        <TextArea label={LABELS.body_html} hint="The rest of the story: only members read it when it is members only." rows={12} spellCheck={false} {...field('body_html')} />
      </div>
    </>
  );
}
