/**
 * The one form hook of the account area's forms: react-hook-form with a zod resolver, one
 * message above the form, and a submit that clears the last refusal before it tries again.
 *
 * Two kinds of rules:
 * - the text forms (log in, register, forgot and reset password, change password, change and
 *   confirm email) give `check`, the pure checks of validation.ts: the message above the form
 *   is the first field's problem (the spec's texts are one sentence at a time), else what the
 *   server said;
 * - the profile forms give a zod `schema` and the values they start from: each field says its
 *   own problem under itself, and the message above the form is the `summary` of the invalid
 *   fields (spec section 8: 'The {field} field is invalid.'), else what the server said.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { checkedResolver, firstErrorMessage } from './forms';
import type { FormProblem } from './validation';

interface TextChecks<Field extends string> {
  /** The client-side checks (validation.ts); the server checks again. */
  check: (values: Record<Field, string>) => FormProblem<Field> | null;
}

interface SchemaChecks<Field extends string, Values extends FieldValues> {
  schema: z.ZodType<Values, Values>;
  defaultValues: Values;
  /** The message above the form while fields are invalid (given in form order). */
  summary: (invalid: Field[]) => ReactNode;
}

export type AccountFormOptions<Field extends string, Values extends FieldValues> = {
  /** The fields that can be invalid, in form order: the first with a problem gets the focus. */
  fields: readonly Field[];
  /** Sends valid values; what it throws is put into words by `failure`. */
  submit: (values: Values) => Promise<void>;
  failure: (error: unknown) => ReactNode;
} & (TextChecks<Field> | SchemaChecks<Field, Values>);

/** The props a TextField (or TextArea) needs to be one of the form's fields. */
export interface FieldProps extends UseFormRegisterReturn {
  invalid: boolean;
  errorId: string;
  /** The field's own message, shown under it (forms with a `schema` only). */
  error?: string | undefined;
}

export function useAccountForm<Field extends string, Values extends FieldValues = Record<Field, string>>(
  options: AccountFormOptions<Field, Values>,
) {
  const { fields, submit, failure } = options;
  const errorId = useId();
  const [serverError, setServerError] = useState<ReactNode>(null);
  const textForm = 'check' in options;
  const form = useForm<Values>({
    resolver: (textForm ? checkedResolver(fields, options.check) : zodResolver(options.schema)) as Resolver<Values>,
    defaultValues: (textForm
      ? Object.fromEntries(fields.map((name) => [name, '']))
      : options.defaultValues) as DefaultValues<Values>,
    shouldFocusError: true,
  });
  const errors = form.formState.errors as FieldErrors<Record<Field, string>>;

  let accepted = false; // the last submit's outcome, for submitted() below
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await submit(values);
      // A submit may refuse a field itself (setError), as the server's checks do.
      accepted = !fields.some((name) => form.getFieldState(name as unknown as Path<Values>).invalid);
    } catch (error) {
      setServerError(failure(error));
    }
  });
  /** Submits as the form's own button does, for a button outside the form (an onboarding
   * step's Continue): true once it is saved, false when a check or the server refused it. */
  const submitted = async (): Promise<boolean> => {
    accepted = false;
    await onSubmit();
    return accepted;
  };

  const fieldMessage = (name: Field) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? message : undefined;
  };

  const field = (name: Field, rules?: RegisterOptions<Values, Path<Values>>): FieldProps => ({
    invalid: Boolean(errors[name]),
    errorId,
    ...(textForm ? {} : { error: fieldMessage(name) }),
    ...form.register(name as unknown as Path<Values>, rules),
  });

  const invalid = fields.filter((name) => errors[name]);
  const problem = textForm
    ? firstErrorMessage(errors, fields)
    : invalid.length > 0 && 'summary' in options
      ? options.summary(invalid)
      : null;

  return {
    onSubmit,
    submitted,
    field,
    /** For a control that is never invalid (a colour, a checkbox). */
    register: form.register,
    /** react-hook-form's own form, for what one form does beyond the rest (a field that
     * follows others, a live preview). */
    controls: form,
    /** The id of the message above the form, which invalid fields point to. */
    errorId,
    /** What the message above the form says: the fields' problem, else the server's. */
    message: (problem as ReactNode) ?? serverError,
    serverError,
    submitting: form.formState.isSubmitting,
    /** Empties the fields (after a change that should not be repeated by accident), or sets
     * the values a save stored; the last refusal goes with them (a form opened again must not
     * greet the reader with it). */
    reset: (values?: Values) => {
      setServerError(null);
      form.reset(values);
    },
  };
}

/** What the pieces around the fields (FormParts.tsx) read of a form. */
export type AccountForm = Pick<ReturnType<typeof useAccountForm>, 'errorId' | 'message' | 'submitting'>;
