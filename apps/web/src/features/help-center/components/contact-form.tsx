import { zodResolver } from '@hookform/resolvers/zod';
import { HELP_MESSAGE_MAX, HELP_MESSAGE_MIN, HELP_SUBJECT_MAX, HELP_TOPIC_LABELS, HELP_TOPICS, type HelpTopic } from '@till/core';
import { CircleCheckIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useSendHelpRequest } from '../api/send-help-request';

const schema = z.object({
  topic: z.enum(HELP_TOPICS),
  subject: z.string().trim().min(1, 'Give your message a subject').max(HELP_SUBJECT_MAX, `Use at most ${HELP_SUBJECT_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(HELP_MESSAGE_MIN, `Tell us a little more (at least ${HELP_MESSAGE_MIN} characters)`)
    .max(HELP_MESSAGE_MAX, `Use at most ${HELP_MESSAGE_MAX} characters`),
});
type Values = z.infer<typeof schema>;

/** Write to the people who run Till: the message reaches the super admins by e-mail (through the outbox). */
export function ContactForm() {
  const send = useSendHelpRequest();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { topic: 'question' as HelpTopic, subject: '', message: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSent(values.subject);
      reset();
    } catch (error) {
      setError('root', { message: isApiError(error) ? error.message : 'The message was not sent. Try again.' });
    }
  });

  if (sent !== null) {
    return (
      <div role="status" className="grid justify-items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
        <p className="flex items-center gap-2 font-medium">
          <CircleCheckIcon aria-hidden="true" className="size-5" />
          Message sent: “{sent}”
        </p>
        <p className="text-sm">We will answer at your account’s e-mail address.</p>
        <Button variant="outline" onClick={() => setSent(null)}>
          Write another message
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="help-topic">Topic</Label>
          <Controller
            control={control}
            name="topic"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="help-topic">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {HELP_TOPICS.map((topic) => (
                    <SelectItem key={topic} value={topic}>
                      {HELP_TOPIC_LABELS[topic]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field>
          <Label htmlFor="help-subject">Subject</Label>
          <Input
            id="help-subject"
            autoComplete="off"
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? 'help-subject-error' : undefined}
            {...register('subject')}
          />
          <FieldError id="help-subject-error">{errors.subject?.message}</FieldError>
        </Field>
      </div>
      <Field>
        <Label htmlFor="help-message">Message</Label>
        <Textarea
          id="help-message"
          rows={5}
          placeholder="What were you doing, what did you expect, and what happened instead?"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'help-message-error' : undefined}
          {...register('message')}
        />
        <FieldError id="help-message-error">{errors.message?.message}</FieldError>
      </Field>
      {errors.root?.message ? <ErrorAlert title="Not sent" message={errors.root.message} /> : null}
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        <SendIcon aria-hidden="true" />
        {isSubmitting ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
