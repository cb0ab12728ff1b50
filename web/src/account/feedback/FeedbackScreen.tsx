import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../api/client';
import { StatusMessage } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { PageHeading } from '../../ui/PageHeading';
import { SelectField } from '../../ui/SelectField';
import { TextArea } from '../../ui/TextArea';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { SettingsNav } from '../settings/SettingsNav';
import { useAccountForm } from '../useAccountForm';
import { MESSAGE_MAX, TOPICS, sendFeedback } from './feedbackApi';

export const WRITE_SOMETHING = 'Please write your message.';
export const TOO_LONG = `Please keep your message under ${MESSAGE_MAX.toLocaleString('en-US')} characters.`;

const schema = z.object({
  topic: z.enum(['membership', 'newsletters', 'website', 'other']),
  message: z.string().trim().min(1, WRITE_SOMETHING).max(MESSAGE_MAX, TOO_LONG),
  mayReply: z.boolean(),
});
type Values = z.infer<typeof schema>;
const START: Values = { topic: 'membership', message: '', mayReply: false };

/**
 * /account/settings/feedback: the reader writes to the publisher. The server keeps the message
 * and mails it to the team; the form empties once it is sent, and says thank you.
 */
export default function FeedbackScreen() {
  const [thanks, setThanks] = useState<string | null>(null);
  const form = useAccountForm<'topic' | 'message', Values>({
    fields: ['topic', 'message'],
    schema,
    defaultValues: START,
    summary: () => 'Please check your message below.',
    submit: async ({ topic, message, mayReply }) => {
      setThanks(null);
      const answer = await sendFeedback({ topic, message, may_reply: mayReply });
      form.reset(START);
      setThanks(answer.message);
    },
    failure: feedbackErrorMessage,
  });

  return (
    <div className="page page--wide">
      <PageHeading title="Feedback">Feedback</PageHeading>
      <SettingsNav />
      <section className="card" aria-labelledby="feedback-heading">
        <h2 id="feedback-heading">Write to us</h2>
        <p>Tell us what works for you and what does not. Our team reads every message.</p>
        <StatusMessage>{thanks && <p>{thanks}</p>}</StatusMessage>
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit}>
          <SelectField label="Topic" options={TOPICS} {...form.field('topic')} />
          <TextArea label="Your message" rows={6} maxChars={MESSAGE_MAX} {...form.field('message')} />
          <Checkbox
            label="You may reply to me by email"
            hint="We will only write back about this message."
            {...form.register('mayReply')}
          />
          <SubmitButton form={form}>{form.submitting ? 'Sending…' : 'Send feedback'}</SubmitButton>
        </form>
      </section>
    </div>
  );
}

export function feedbackErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.unknownError;
  // The server's sentences are for people (a blank message, too many in a while, offline).
  return error.message || messages.unknownError;
}
