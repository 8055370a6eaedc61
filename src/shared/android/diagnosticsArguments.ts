// Arguments of the read-only diagnostics tools (reference section 2), declared once for MCP, the CLI and the console.
import { z } from 'zod';

/** The reference's generic identifier: `[A-Za-z0-9._$-]`. */
export const IDENTIFIER = /^[A-Za-z0-9._$-]+$/;

export const SETTINGS_NAMESPACES = ['system', 'secure', 'global'] as const;

export const SETTINGS_ARGUMENTS = z.strictObject({
  namespace: z
    .enum(SETTINGS_NAMESPACES, { error: `must be one of ${SETTINGS_NAMESPACES.join(', ')}` })
    .describe('Settings table to read'),
  key: z
    .string({ error: 'must be a string' })
    .regex(IDENTIFIER, 'must use only letters, digits and . _ $ -')
    .max(256, 'must be at most 256 characters')
    .describe('One key; omit to list the whole namespace')
    .optional(),
});
