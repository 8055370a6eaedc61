// What the console API answers and pushes, declared once per channel and event: the renderer parses every answer
// with these instead of trusting it. Each schema is proved equal to its TypeScript type (exactSchema), and the
// maps below are exhaustive, so a new channel, event or field without its schema fails to compile.
//
// Unknown keys: stripped (z.object) for every shape the console itself defines. The renderer and the main process
// ship from one build and the compile-time proof keeps schema and type equal, so nothing the main side declares is
// dropped; a key some newer main process adds is one this renderer has no type for, and passing it through would
// hand components values their types do not describe (and send them back inside strict inputs such as a preset's
// design). Passed through (z.looseObject) only for documents another program versions on its own: the Operator's
// result envelope and its hello description (devices:describe), so what a newer Operator reported is kept whole.
import { z } from 'zod';
import type {
  ChannelOutput,
  ConsoleChannel,
  ConsoleEventName,
  ConsoleEvents,
  ExecutionOutcome,
} from './contract';
import {
  adbServerInfoSchema,
  appInfoSchema,
  deviceInfoSchema,
  operatorDescriptionSchema,
  operatorStatusSchema,
  settingsSchema,
} from './deviceSchemas';
import {
  exportedRunSchema,
  runAttachmentOutputSchema,
  imageDataSchema,
  manualCaptureSchema,
  runListSchema,
} from './evidenceOutputSchemas';
import { runLogSchema, runRecordSchema } from './evidenceSchemas';
import { exactSchema, type Exact } from './exactSchema';
import { executionSchema, rectSchema, resultSchema, setParamsSchema } from './outputParts';
import type { PanelPreset } from './presets';
import { resultEnvelopeSchema } from './resultSchemas';
import {
  logcatBatchSchema,
  logcatCountsSchema,
  logcatEndedSchema,
  logcatFollowInfoSchema,
} from './logcatSchemas';
import {
  screenActSchema,
  screenFindSchema,
  screenFrameSchema,
  screenTreeSchema,
  screenWaitSchema,
} from './screenSchemas';
import {
  deviceSequenceResultSchema,
  heldRunsSchema,
  runHoldEventSchema,
  runProgressSchema,
} from './sequenceSchemas';

export const executionOutcomeSchema = exactSchema<ExecutionOutcome>()(
  z.object({
    deviceId: z.string(),
    terminalSource: z.literal('androperator_result'),
    envelope: resultEnvelopeSchema,
    predictedBounds: rectSchema.optional(),
  }),
);

const presetsSchema = exactSchema<PanelPreset[]>()(
  z.array(
    z.object({
      schemaVersion: z.literal(1),
      name: z.string(),
      design: setParamsSchema,
      savedAt: z.string(),
    }),
  ),
);

const serversSchema = z.array(adbServerInfoSchema);

const approvalSettledSchema = z.object({
  id: z.string(),
  outcome: z.enum(['approved', 'refused', 'expired', 'unavailable']),
});

/** Each key's schema where its output is exactly the key's type, else never (the assignment below then fails). */
type ExactEntries<Types, Schemas extends { [K in keyof Types]: z.ZodType }> = {
  [K in keyof Types]: Exact<z.output<Schemas[K]>, Types[K]> extends true ? Schemas[K] : never;
};

const outputs = {
  'app:info': appInfoSchema,
  'settings:update': settingsSchema,
  'devices:list': z.array(deviceInfoSchema),
  'devices:describe': operatorDescriptionSchema,
  'devices:servers': serversSchema,
  'devices:addServer': serversSchema,
  'devices:removeServer': serversSchema,
  'devices:setServerEnabled': serversSchema,
  'execution:run': executionOutcomeSchema,
  'sequence:run': z.array(deviceSequenceResultSchema),
  'sequence:capture': heldRunsSchema,
  'sequence:release': heldRunsSchema,
  'screenshot:capture': manualCaptureSchema,
  'screenshot:save': z.object({ path: z.string() }),
  'evidence:list': runListSchema,
  'evidence:get': runRecordSchema,
  'evidence:image': imageDataSchema,
  'evidence:log': runLogSchema,
  'evidence:delete': z.object({ deleted: z.string() }),
  'evidence:export': exportedRunSchema,
  'evidence:attach': runAttachmentOutputSchema,
  'operator:status': operatorStatusSchema,
  'operator:enable': operatorStatusSchema,
  'operator:disable': operatorStatusSchema,
  'operator:openSettings': z.object({ opened: z.literal(true) }),
  'operator:install': operatorStatusSchema,
  'presets:list': presetsSchema,
  'presets:save': presetsSchema,
  'presets:delete': presetsSchema,
  'android:tools': z.array(
    z.object({
      name: z.string(),
      cli: z.object({ command: z.string(), verb: z.string() }),
      description: z.string(),
      risk: z.enum(['read_only', 'mutating', 'dangerous']),
      argumentsSchema: z.record(z.string(), z.unknown()),
    }),
  ),
  'android:run': z.object({
    tool: z.string(),
    device: z.string(),
    taken_at: z.string(),
    result: z.unknown(),
  }),
  'logcat:start': logcatFollowInfoSchema,
  'logcat:stop': logcatCountsSchema,
  'logcat:redaction': logcatFollowInfoSchema,
  'approval:answer': approvalSettledSchema,
  'android:cancel': z.object({ cancelled: z.boolean() }),
  'screen:frame': screenFrameSchema,
  'screen:tree': screenTreeSchema,
  'screen:act': screenActSchema,
  'screen:find': screenFindSchema,
  'screen:waitText': screenWaitSchema,
  'screen:cancelWait': z.object({ cancelled: z.boolean() }),
};

type ChannelOutputs = { [C in ConsoleChannel]: ChannelOutput<C> };
// A channel missing from `outputs` breaks the constraint; a schema that differs from its output type is never.
const checkedOutputs: ExactEntries<ChannelOutputs, typeof outputs> = outputs;

/** Channel -> the schema of its output: every channel has one. */
export const OUTPUT_SCHEMAS: { [C in ConsoleChannel]: z.ZodType<ChannelOutput<C>> } = checkedOutputs;

const events = {
  'devices:changed': z.array(deviceInfoSchema),
  'run:progress': runProgressSchema,
  'execution:finished': z.object({
    serial: z.string(),
    execution: executionSchema,
    outcome: resultSchema(executionOutcomeSchema),
  }),
  'evidence:changed': z.object({ runIds: z.array(z.string()) }),
  'logcat:batch': logcatBatchSchema,
  'logcat:ended': logcatEndedSchema,
  'approval:requested': z.object({
    id: z.string(),
    tool: z.string(),
    device: z.string(),
    preview: z.string(),
    strength: z.enum(['normal', 'strong']),
    expires_at: z.string(),
  }),
  'approval:settled': approvalSettledSchema,
  'run:hold': runHoldEventSchema,
};
const checkedEvents: ExactEntries<ConsoleEvents, typeof events> = events;

/** Event -> the schema of its payload: every event has one. */
export const EVENT_SCHEMAS: { [E in ConsoleEventName]: z.ZodType<ConsoleEvents[E]> } = checkedEvents;
