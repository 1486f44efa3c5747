import { REQUIRED } from '@cardiomap/contract';
import { z } from 'zod';
import { variantLimitMessage } from './new-analysis-schema.ts';

export interface OrderSimulationValues {
  deviceId: string;
  deviceVariantIds: string[];
}

export const orderSimulationSchema = (variantLimit: number) =>
  z.object({
    deviceId: z.string().min(1, REQUIRED),
    deviceVariantIds: z.array(z.string()).max(variantLimit, variantLimitMessage(variantLimit)),
  });
