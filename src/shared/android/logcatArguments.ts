// Arguments of android_logcat: a bounded, directed window of the device log, declared once for MCP, CLI and console.
import { z } from 'zod';

/**
 * One filter rule (reference 3.2): `Tag` or `Tag:P`, P one of V D I W E F S in either case (logcat reads them
 * case-blind; a bare tag means Tag:V); a tag is letters, digits and . _ $ - *, not starting with `-` (an option).
 */
export const LOGCAT_FILTER_TOKEN = /^(?!-)[A-Za-z0-9._$*-]+(?::[VDIWEFS])?$/i;
/** An exact Android package name. */
export const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;

export const LOGCAT_ARGUMENTS = z
  .strictObject({
    lines: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(500, 'must be at most 500')
      .default(200)
      .describe('At most this many entries (1-500, default 200)'),
    filter: z
      .string({ error: 'must be a string' })
      .max(256, 'must be at most 256 characters')
      .refine((value) => value.trim() !== '', 'must not be blank (leave it out for every tag)')
      .refine(
        (value) =>
          value
            .trim()
            .split(/\s+/)
            .filter(Boolean)
            .every((token) => LOGCAT_FILTER_TOKEN.test(token)),
        'must be filter specs like "MyTag:D *:S" (a tag or *, then optionally : and one of V D I W E F S), never options',
      )
      .describe('Tag:priority rules, e.g. "MyTag:D *:S"')
      .optional(),
    since_secs: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(3600, 'must be at most 3600')
      .describe('Only entries from the last N seconds of the device clock (1-3600)')
      .optional(),
    package: z
      .string({ error: 'must be a string' })
      .max(255, 'must be at most 255 characters')
      .regex(PACKAGE_NAME, 'must be an exact package name such as com.example.app')
      .describe('Only the main process of this package (its current pid)')
      .optional(),
    pid: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(4_194_304, 'must be at most 4194304')
      .describe('Only this process id')
      .optional(),
    redact: z
      .boolean({ error: 'must be true or false' })
      .default(true)
      .describe('Redact credentials (default true)'),
  })
  .refine((value) => value.package === undefined || value.pid === undefined, {
    message: 'give package or pid, not both',
    path: ['package'],
  });

export type LogcatArguments = z.infer<typeof LOGCAT_ARGUMENTS>;
