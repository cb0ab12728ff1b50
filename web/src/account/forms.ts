/**
 * Forms use react-hook-form with a zod schema built from the pure checks in validation.ts,
 * so the rules are tested once and each form shows one message at a time, as the spec's
 * texts expect ("Please fill out all form fields.").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { FormProblem } from './validation';

export function checkedResolver<Field extends string>(
  fields: readonly Field[],
  check: (values: Record<Field, string>) => FormProblem<Field> | null,
): Resolver<Record<Field, string>> {
  const shape = Object.fromEntries(fields.map((field) => [field, z.string()])) as Record<Field, z.ZodString>;
  const schema = z.object(shape).superRefine((values, ctx) => {
    const problem = check(values as Record<Field, string>);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
  return zodResolver(schema) as unknown as Resolver<Record<Field, string>>;
}

/** The message of the first field (in form order) that has one. */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T & string)[]): string | null {
  for (const field of order) {
    const message = errors[field]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
