import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorFields } from './api-client';

/**
 * Puts the field messages of a 400 answer under the matching inputs. Returns true when at
 * least one field of the form got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(errorFields(error))) {
    if (!formFields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
