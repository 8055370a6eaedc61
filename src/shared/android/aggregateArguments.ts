// Arguments of the aggregate diagnostics tools (reference section 2: notification, crash_report, thermal_power,
// netstats, storage, wifi_eth, doze, permission_audit, connectivity), declared once for MCP, the CLI and the console.
import { z } from 'zod';

/** The reference's package rule for aggregate tools: `[A-Za-z0-9._-]`. */
export const AGGREGATE_PACKAGE = /^[A-Za-z0-9._-]+$/;
/** The reference's host rule for android_connectivity: `[A-Za-z0-9.-]`. */
export const CONNECTIVITY_HOST = /^[A-Za-z0-9.-]+$/;
export const DEFAULT_CONNECTIVITY_HOST = 'connectivitycheck.gstatic.com';
/** The global row maximum of the filtered tools. */
export const MAX_FILTERED_ROWS = 200;

const packageField = (what: string) =>
  z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .regex(AGGREGATE_PACKAGE, 'must use only letters, digits and . _ -')
    .describe(what)
    .optional();

/** An integer limit clamped into [min, max] as the reference does (non-integers are refused). */
const limitField = (fallback: number, min: number, max: number, what: string) =>
  z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .transform((value) => Math.min(max, Math.max(min, value)))
    .describe(`${what} (default ${fallback}, clamped to ${min}-${max})`)
    .optional()
    .transform((value) => value ?? fallback);

export const NOTIFICATION_ARGUMENTS = z.strictObject({
  package: packageField('Keep only notification lines containing this text (a package name)'),
  limit: limitField(200, 1, 200, 'Most rows returned'),
});

export const CRASH_REPORT_ARGUMENTS = z.strictObject({
  package: packageField('Keep only dropbox lines and entries of this package'),
  limit: limitField(20, 1, 100, 'Crash/ANR entries read (the last limit x 80 dropbox lines)'),
});

export const NETSTATS_ARGUMENTS = z.strictObject({
  package: packageField(
    'Keep only lines containing this text (netstats lists uids, so a package rarely matches)',
  ),
  limit: limitField(200, 1, 200, 'Most rows returned'),
});

export const STORAGE_ARGUMENTS = z.strictObject({
  package: packageField("Measure this app's data directories (needs root; shell sees nothing)"),
  limit: limitField(20, 1, 100, 'Largest app data directories listed without a package'),
});

export const PERMISSION_AUDIT_ARGUMENTS = z.strictObject({
  package: packageField('Audit this package; omit to audit the first limit third-party packages'),
  limit: limitField(50, 1, 200, 'Third-party packages audited without a package'),
});

export const CONNECTIVITY_ARGUMENTS = z.strictObject({
  host: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(253, 'must be at most 253 characters')
    .regex(CONNECTIVITY_HOST, 'must use only letters, digits and . -')
    .describe(`Host to resolve and ping (default ${DEFAULT_CONNECTIVITY_HOST})`)
    .optional()
    .transform((value) => value ?? DEFAULT_CONNECTIVITY_HOST),
});

/** Tools without parameters (thermal_power, wifi_eth, doze). */
export const NO_ARGUMENTS = z.strictObject({});
