// Arguments of android_background_work (reference section 2: `package` required, exact; `limit` = matching lines
// kept per Android service), declared once for MCP, the CLI and the console.
import { z } from 'zod';
import { PACKAGE_NAME } from './packageName';

export const BACKGROUND_WORK_DEFAULT_LIMIT = 50;
export const BACKGROUND_WORK_MAX_LIMIT = 200;

export const BACKGROUND_WORK_ARGUMENTS = z.strictObject({
  package: PACKAGE_NAME.describe(
    'Exact package name whose jobs, alarms, standby bucket and Doze whitelist entry are read',
  ),
  limit: z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .transform((value) => Math.min(BACKGROUND_WORK_MAX_LIMIT, Math.max(1, value)))
    .describe(
      `Most matching lines kept per Android service (default ${BACKGROUND_WORK_DEFAULT_LIMIT}, clamped to 1-${BACKGROUND_WORK_MAX_LIMIT})`,
    )
    .optional()
    .transform((value) => value ?? BACKGROUND_WORK_DEFAULT_LIMIT),
});
