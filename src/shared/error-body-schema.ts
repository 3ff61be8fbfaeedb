import { z } from 'zod';

/**
 * Every error body: `{message, code, fields?}` plus room-specific extras (the view limit's
 * `upgradeRequired` and `resetDate`), hence loose.
 */
export const ErrorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
