// Canonical panel defaults: the Operator applies them to every omitted field, and the console preview must match.
import { PANEL_DEFAULTS, PANEL_NUMBER_FIELDS } from './limits';
import type { ResolvedPanelSpec, SetOnScreenLogParams } from './types';

/** Fills every omitted field of validated set params with its default (each set is a full replacement). */
export function applyPanelDefaults(params: SetOnScreenLogParams): ResolvedPanelSpec {
  const content: ResolvedPanelSpec['content'] =
    params.text !== undefined
      ? { kind: 'text', value: params.text }
      : { kind: 'template', value: params.template ?? '' };
  return {
    content,
    anchor: params.anchor ?? PANEL_DEFAULTS.anchor,
    textAlign: params.textAlign ?? PANEL_DEFAULTS.textAlign,
    topOffsetDp: params.topOffsetDp ?? PANEL_NUMBER_FIELDS.topOffsetDp.default,
    edgeOffsetDp: params.edgeOffsetDp ?? PANEL_NUMBER_FIELDS.edgeOffsetDp.default,
    widthDp: params.widthDp ?? PANEL_NUMBER_FIELDS.widthDp.default,
    fontSizeSp: params.fontSizeSp ?? PANEL_NUMBER_FIELDS.fontSizeSp.default,
    textColor: params.textColor ?? PANEL_DEFAULTS.textColor,
    backgroundColor: params.backgroundColor ?? PANEL_DEFAULTS.backgroundColor,
    ttlMs: params.ttlMs ?? PANEL_NUMBER_FIELDS.ttlMs.default,
  };
}
