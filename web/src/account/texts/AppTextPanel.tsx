import { useState } from 'react';
import { isApiError } from '../../api/client';
import { StatusMessage } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { useSaveOnContinue } from '../onboarding/saveOnContinue';
import { useAccountForm } from '../useAccountForm';
import { checkPhone, textAppLink } from './textsApi';
import './texts.css';

/**
 * "Text me a link to the app" (the non-subscriber onboarding's app-text step): one text with
 * the app's link to the number given, and nothing after it (no consent is asked, as nothing
 * recurring is sent). The server limits it strictly; its refusal is shown as it says it.
 * Once texted, it says where and stays, so the reader sees it; the step's Continue moves on
 * (and sends a number typed and not sent yet: saveOnContinue.tsx).
 */
export function AppTextPanel() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({
    fields: ['phone'] as const,
    check: checkPhone,
    submit: async ({ phone }) => {
      setSentTo(null);
      const sent = await textAppLink(phone.trim());
      setSentTo(sent.sent_to);
      form.reset();
    },
    failure: (error) => (isApiError(error) && [0, 400, 429, 503].includes(error.status) ? error.message : messages.unknownError),
  });
  const typed = form.controls.formState.isDirty;
  useSaveOnContinue(async () => !typed || (await form.submitted()));
  return (
    // No heading of its own: the page around it (the onboarding step) names it.
    <section className="card" aria-label="Text me a link to the app">
      <p>We send one text with the link, nothing more.</p>
      <StatusMessage>
        {sentTo && (
          <p>
            We&rsquo;ve texted the link to <span className="text-alerts__number">{sentTo}</span>.
          </p>
        )}
      </StatusMessage>
      <FormError form={form} />
      <form noValidate onSubmit={form.onSubmit}>
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="In international format, like +1 212 555 0100."
          {...form.field('phone')}
        />
        <SubmitButton form={form}>Text me a link to the app</SubmitButton>
      </form>
    </section>
  );
}
