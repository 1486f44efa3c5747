import { z } from 'zod';

export const uuidSchema = z.uuid('Must be a valid UUID.');
export const idParamsSchema = z.object({ id: uuidSchema });
export const isoDateTime = z.string();
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.'));
export const messageSchema = z.object({ detail: z.string() });
