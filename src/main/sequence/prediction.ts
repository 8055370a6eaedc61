// Predicted panel bounds for a run: the shared prediction on the Operator's hello description.
import type { OperatorDescription } from '../../shared/agent/messages';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { predictPanel } from '../../shared/geometry/prediction';
import type { Rect, TextMeasurer } from '../../shared/geometry/types';

/**
 * Where the panel should land for `design` on the described display, or null when the display has no usable
 * area or the layout does not fit (the device will then report ON_SCREEN_LOG_LAYOUT_INVALID itself).
 */
export function predictPanelBounds(
  design: SetOnScreenLogParams,
  description: OperatorDescription,
  measurer: TextMeasurer,
): Rect | null {
  const prediction = predictPanel(design, description, measurer);
  return prediction.ok ? prediction.value.layout.bounds : null;
}
