// Tool results: JSON text plus structuredContent; failures are tool errors (isError) with a code from ERROR_CODES.
import { readFile } from 'node:fs/promises';
import type { ResultEnvelope } from '../../shared/envelope';
import type { AppError, Result } from '../../shared/errors';
import type { ExecutionResult } from '../execution/types';

export type ToolContent =
  { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: 'image/png' | 'image/jpeg' };

/** A tools/call result as the SDK expects it. */
export interface ToolResult {
  [key: string]: unknown;
  content: ToolContent[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/** A successful result carrying `value` as JSON text and as structuredContent. */
export function valueResult(value: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * An Android tool's answer. One carrying `image: { mime_type, data_base64 }` (src/main/ui/visionTools.ts) sends the
 * image as image content after the JSON, which keeps the image's mime type and size but not its bytes again.
 */
export function androidValueResult(value: Record<string, unknown>): ToolResult {
  const image = value.image;
  if (
    typeof image !== 'object' ||
    image === null ||
    !('data_base64' in image) ||
    typeof image.data_base64 !== 'string' ||
    !('mime_type' in image) ||
    (image.mime_type !== 'image/png' && image.mime_type !== 'image/jpeg')
  )
    return valueResult(value);
  const { data_base64: data, ...described } = image;
  const shown = { ...value, image: { ...described, attached: true } };
  return {
    content: [
      { type: 'text', text: JSON.stringify(shown) },
      { type: 'image', data, mimeType: image.mime_type },
    ],
    structuredContent: shown,
  };
}

/** A tool error; nothing is stripped, so a path in `details` stays visible. */
export function errorResult(error: AppError): ToolResult {
  const value = { ...error };
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value,
    isError: true,
  };
}

/** The path of the first successful take_screenshot step, when there is one. */
export function screenshotPathOf(envelope: ResultEnvelope): string | undefined {
  const step = envelope.stepResults.find(
    (candidate) => candidate.actionType === 'take_screenshot' && candidate.success,
  );
  return step?.data.path;
}

/**
 * An execution's tool result: success -> {deviceId, terminalSource, envelope}; a failed envelope -> isError with
 * code envelope.errorCode ?? EXECUTION_FAILED and the envelope; a host failure -> isError with the error. When a
 * screenshot step succeeded, its PNG follows as image content (its data.path is kept, unlike the reference).
 */
export async function executionResult(
  result: Result<ExecutionResult>,
  log: (message: string) => void,
): Promise<ToolResult> {
  if (!result.ok) return errorResult(result.error);
  const { deviceId, terminalSource, envelope } = result.value;
  const value: Record<string, unknown> =
    envelope.status === 'success'
      ? { deviceId, terminalSource, envelope }
      : {
          code: envelope.errorCode ?? 'EXECUTION_FAILED',
          message: envelope.error ?? 'The execution failed',
          deviceId,
          terminalSource,
          envelope,
        };
  const tool = valueResult(value);
  if (envelope.status !== 'success') tool.isError = true;
  const path = screenshotPathOf(envelope);
  if (path !== undefined) {
    const png = await readFile(path).catch((error: unknown) => {
      log(`cannot read the screenshot ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (png !== null)
      tool.content.push({ type: 'image', data: png.toString('base64'), mimeType: 'image/png' });
  }
  return tool;
}
