import { z } from 'zod';
import { PartnerWineInput } from './partner';
import { SYNC_BATCH_MAX, SYNC_RESULT_STATUSES } from './sync-rules';

// POST /api/partner/sync: the offline outbox's mutations in, one result per mutation out. The constants the PWA
// reads at run time (batch size, backoff, texts) are this contract's zod-free part, api/contract/sync-rules.ts.

const MutationBase = {
  mutationId: z.uuid({ message: 'mutationId måste vara ett UUID' }).meta({ description: 'Idempotency key: a repeated id answers the stored result' }),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: "The outbox's order on the device" }),
  wineId: z.uuid({ message: 'wineId måste vara ett UUID' }).meta({ description: 'Generated on the device for new wines' }),
  baseVersion: z.number().int().min(0).meta({ description: 'The wine version the device edited from; 0 for a wine created on the device' }),
};

/** One outbox mutation. The patch is checked per mutation (a bad patch rejects that mutation only, not the batch). */
export const SyncMutation = z.discriminatedUnion('type', [
  z.object({
    ...MutationBase,
    type: z.literal('upsertWine'),
    patch: z.record(z.string(), z.unknown()).meta({ description: 'PartnerWineInput fields that changed (all required ones for a new wine)' }),
  }),
  z.object({ ...MutationBase, type: z.literal('submitWine'), patch: z.record(z.string(), z.unknown()).optional() }),
  z.object({
    ...MutationBase,
    type: z.literal('deleteWine'),
    patch: z.record(z.string(), z.unknown()).optional().meta({ description: 'Ignored' }),
  }),
]);
export type SyncMutation = z.infer<typeof SyncMutation>;

export const SyncBody = z
  .object({
    clientId: z
      .string({ message: 'clientId krävs' })
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'clientId får bara innehålla bokstäver, siffror, - och _' })
      .meta({ description: "The device's outbox id (one per browser profile)" }),
    mutations: z
      .array(SyncMutation)
      .min(1, { message: 'Inga ändringar att synka' })
      .max(SYNC_BATCH_MAX, { message: `Högst ${SYNC_BATCH_MAX} ändringar per anrop` }),
  })
  .meta({ id: 'SyncBody' });
export type SyncBody = z.infer<typeof SyncBody>;

/** A field changed on both sides: the server kept serverValue; the device had clientValue. */
export const SyncConflict = z.object({ field: z.string(), serverValue: z.unknown(), clientValue: z.unknown() });
export type SyncConflict = z.infer<typeof SyncConflict>;

export const SyncResult = z
  .object({
    mutationId: z.uuid(),
    status: z.enum(SYNC_RESULT_STATUSES),
    version: z.number().int().optional().meta({ description: "The wine's version after the mutation" }),
    approvalStatus: z.string().optional(),
    error: z.string().optional().meta({ description: 'Why a mutation was rejected (Swedish)' }),
    conflicts: z.array(SyncConflict).optional(),
  })
  .meta({ id: 'SyncResult' });
export type SyncResult = z.infer<typeof SyncResult>;

export const SyncAnswer = z.object({ results: z.array(SyncResult) }).meta({ id: 'SyncAnswer' });
export type SyncAnswer = z.infer<typeof SyncAnswer>;

/**
 * The patch of an upsertWine mutation on an existing wine: any PartnerWineInput fields, each with the form's rules and
 * no defaults (a field not in the patch is not touched); unknown fields are refused (the service names them in Swedish).
 */
export const PartnerWinePatch = z
  .object(
    Object.fromEntries(
      Object.entries(PartnerWineInput.shape).map(([key, schema]) => [key, (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional()]),
    ) as unknown as {
      [K in keyof typeof PartnerWineInput.shape]: z.ZodOptional<
        z.ZodType<z.output<(typeof PartnerWineInput.shape)[K]>, z.input<(typeof PartnerWineInput.shape)[K]>>
      >;
    },
  )
  .strict();
export type PartnerWinePatch = z.infer<typeof PartnerWinePatch>;
