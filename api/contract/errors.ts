import { z } from 'zod';

/**
 * The one JSON error shape of every non-2xx API answer:
 * `{ "error": { "code": "not_found", "message": "Vinet finns inte.", "details"?: [...], "requestId"?: "…" } }`.
 */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'validation_failed' }),
      message: z.string().meta({ description: 'Swedish, shown to the user' }),
      details: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'One entry per invalid field' }),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
