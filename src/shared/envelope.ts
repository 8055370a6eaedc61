// Result envelope types shared by the Operator, the simulator and every host surface.
import type { ErrorCode } from './errors';

/** One step's outcome. Step data values are always strings. */
export interface StepResult {
  id: string;
  actionType: string;
  success: boolean;
  data: Record<string, string>;
}

export interface ResultEnvelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults: StepResult[];
  error: string | null;
  errorCode?: ErrorCode | string | null;
  hint?: string;
}
