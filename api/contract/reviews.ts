import { z } from 'zod';

const Rating = z.number().int().min(1).max(5);

/** A published community review (spec 000 §3 'User review'). Ratings 1–5. */
export const UserReview = z
  .object({
    id: z.uuid(),
    content: z.string(),
    priceWorthRating: Rating,
    qualityRating: Rating,
    overallExperience: Rating,
    aiProcessedRating: z.number().nullable(),
    createdAt: z.string(),
    userId: z.uuid(),
    wineId: z.uuid(),
    user: z.object({
      username: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      isVerified: z.boolean(),
    }),
  })
  .meta({ id: 'UserReview' });
export type UserReview = z.infer<typeof UserReview>;

/** An expert review (spec 000 §3 'Expert review'). */
export const ExpertReview = z
  .object({
    id: z.uuid(),
    wineId: z.uuid(),
    expert: z.object({ name: z.string(), title: z.string(), imageUrl: z.string().nullable() }),
    title: z.string(),
    content: z.string(),
    rating: Rating,
    priceWorthRating: Rating.nullable(),
    qualityRating: Rating.nullable(),
    overallExperience: Rating.nullable(),
    isFynd: z.boolean(),
    createdAt: z.string(),
    wine: z.object({ name: z.string(), price: z.number() }).optional(),
  })
  .meta({ id: 'ExpertReview' });
export type ExpertReview = z.infer<typeof ExpertReview>;
