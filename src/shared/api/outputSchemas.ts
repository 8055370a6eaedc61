// Channel outputs with a declared shape: the renderer parses these answers instead of trusting them. Outputs not
// listed are checked only for the ApiResult envelope.
import { z } from 'zod';
import type { ChannelOutput, ConsoleChannel } from './contract';
import { runRecordSchema } from './evidenceSchemas';
import { settingsFields } from './fieldRules';
import { resultEnvelopeSchema } from './resultSchemas';

/** Channel -> output schema, for the channels that have one. */
export const OUTPUT_SCHEMAS: { [C in ConsoleChannel]?: z.ZodType<ChannelOutput<C>> } = {
  'settings:update': z.object(settingsFields),
  'execution:run': z.object({
    deviceId: z.string(),
    terminalSource: z.literal('androperator_result'),
    envelope: resultEnvelopeSchema,
  }),
  'screenshot:save': z.object({ path: z.string() }),
  'evidence:get': runRecordSchema,
  'evidence:delete': z.object({ deleted: z.string() }),
  'operator:openSettings': z.object({ opened: z.literal(true) }),
};
