// Output schemas of the device, server, Operator and app channels.
import { z } from 'zod';
import type { ForegroundAppInfo, OperatorDescription } from '../agent/messages';
import type { AdbServerInfo, AppInfo, ConsoleSettings } from './contract';
import type { DeviceInfo, OperatorStatus } from './devices';
import { exactSchema } from './exactSchema';
import { settingsFields } from './fieldRules';
import { answeredErrorSchema, rectSchema } from './outputParts';

export const settingsSchema = exactSchema<ConsoleSettings>()(z.object(settingsFields));

export const appInfoSchema = exactSchema<AppInfo>()(
  z.object({
    version: z.string(),
    shell: z.enum(['electron', 'web']),
    platform: z.string(),
    evidenceDirectory: z.string(),
    settings: settingsSchema,
    builtOperatorApk: z.string().optional(),
  }),
);

export const operatorStatusSchema = exactSchema<OperatorStatus>()(
  z.object({
    packageName: z.string(),
    installed: z.boolean(),
    serviceEnabled: z.boolean(),
    reachable: z.boolean(),
    versionName: z.string().optional(),
    problem: z.string().optional(),
  }),
);

export const deviceInfoSchema = exactSchema<DeviceInfo>()(
  z.object({
    serial: z.string(),
    state: z.enum(['device', 'offline', 'unauthorized', 'recovery', 'sideload', 'bootloader', 'unknown']),
    server: z.string(),
    manufacturer: z.string().optional(),
    model: z.string().optional(),
    apiLevel: z.number().optional(),
    release: z.string().optional(),
    simulatedProfile: z.string().optional(),
    operator: operatorStatusSchema.optional(),
  }),
);

export const adbServerInfoSchema = exactSchema<AdbServerInfo>()(
  z.object({
    server: z.string(),
    host: z.string(),
    port: z.number(),
    reachable: z.boolean().optional(),
    tracking: z.boolean(),
    deviceCount: z.number(),
    error: answeredErrorSchema.optional(),
    enabled: z.boolean().optional(),
    aliases: z.array(z.string()).optional(),
  }),
);

const foregroundAppSchema = exactSchema<ForegroundAppInfo>()(
  z.looseObject({
    packageName: z.string().nullable(),
    label: z.string().nullable(),
    versionCode: z.string().nullable(),
    versionName: z.string().nullable(),
    iconPng: z.string().optional(),
  }),
);

/** The Operator's hello, as the device reported it (loose: a newer Operator's fields are kept). */
export const operatorDescriptionSchema = exactSchema<OperatorDescription>()(
  z.looseObject({
    protocolVersion: z.number(),
    operator: z.looseObject({ packageName: z.string(), versionName: z.string(), versionCode: z.string() }),
    service: z.looseObject({ connected: z.boolean() }),
    device: z.looseObject({
      manufacturer: z.string(),
      model: z.string(),
      sdkInt: z.number(),
      release: z.string(),
    }),
    display: z.looseObject({
      widthPx: z.number(),
      heightPx: z.number(),
      densityDpi: z.number(),
      density: z.number(),
      fontScale: z.number(),
      scaledDensity: z.number(),
      rotation: z.literal([0, 90, 180, 270]),
      usable: rectSchema.nullable(),
      usableError: z.string().nullable(),
    }),
    locale: z.looseObject({ tag: z.string(), code: z.string(), name: z.string() }),
    foregroundApp: foregroundAppSchema.nullable(),
    panel: z.looseObject({ visible: z.boolean(), generation: z.number(), bounds: z.string().optional() }),
    capabilities: z.array(z.string()).optional(),
  }),
);
