// The Operator's description of the device (hello), for run.json and the predicted bounds.
import { randomUUID } from 'node:crypto';
import type { OperatorDescription } from '../../shared/agent/messages';
import { callAgent, type AgentCaller, type AgentTarget } from '../operator/agentClient';

const HELLO_WAIT_MS = 5000;

/** The hello description without the foreground icon (a large base64 PNG), or null when hello failed. */
export async function describeOperator(
  target: AgentTarget,
  waitMs = HELLO_WAIT_MS,
  call: AgentCaller = (request, wait) => callAgent(target, request, wait),
): Promise<OperatorDescription | null> {
  const answer = await call({ v: 1, type: 'hello', id: `hello-${randomUUID()}` }, waitMs);
  if (!answer.ok || answer.value.type !== 'hello_result') return null;
  const { v: _v, type: _type, id: _id, ...description } = answer.value;
  if (description.foregroundApp !== null && description.foregroundApp !== undefined) {
    const { iconPng: _icon, ...app } = description.foregroundApp;
    return { ...description, foregroundApp: app };
  }
  return description;
}
