// Step results of the simulated panel controller: the contract's exact string data and failure shape.
import type { ErrorCode } from '../../shared/errors';
import type { ResolvedPanelSpec } from '../../shared/execution/types';
import type { PanelEventReason } from '../../shared/agent/messages';
import { formatBounds } from '../../shared/geometry/bounds';
import type { PanelLayout } from '../../shared/geometry/types';

export type PanelStepResult =
  { success: true; data: Record<string, string> } | { success: false; data: Record<string, string> };

export function colours(spec: ResolvedPanelSpec): { textColor: string; backgroundColor: string } {
  return { textColor: spec.textColor, backgroundColor: spec.backgroundColor };
}

/**
 * A set whose panel went away before its draw was acknowledged. Set and clear are serialized, a configuration change
 * waits for the acknowledgement and no expiry is armed yet, so only the service detaching can do that: the seed's
 * SERVICE_UNAVAILABLE ("The Operator accessibility service or its window host is unavailable").
 */
export function removedFailure(reason: PanelEventReason): PanelStepResult {
  if (reason === 'detached') {
    return failure(
      'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
      'The Operator accessibility service detached before the panel draw was acknowledged.',
    );
  }
  return failure('ON_SCREEN_LOG_RENDER_FAILED', 'The panel was removed before its draw was acknowledged.');
}

export function failure(code: ErrorCode, message: string): PanelStepResult {
  return { success: false, data: { error: code, errorCode: code, message } };
}

export function successData(spec: ResolvedPanelSpec, layout: PanelLayout): Record<string, string> {
  return {
    visible: 'true',
    rendered: 'true',
    truncated: String(layout.truncated),
    anchor: spec.anchor,
    text_align: spec.textAlign,
    top_offset_dp: String(spec.topOffsetDp),
    edge_offset_dp: String(spec.edgeOffsetDp),
    width_dp: String(spec.widthDp),
    font_size_sp: String(spec.fontSizeSp),
    text_color: spec.textColor,
    background_color: spec.backgroundColor,
    ttl_ms: String(spec.ttlMs),
    bounds: formatBounds(layout.bounds),
  };
}
