// get_ui_tree on the simulated Operator through a real adb server: the bounded tree matches what `uiautomator dump`
// shows of the same simulated screen, on the phone and the TV profile.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callAgent, type AgentTarget } from '../../main/operator/agentClient';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { dumpUi } from '../../test-support/uiDump';
import { SimulatedAndroid } from '../simulatedAndroid';

let adb: IsolatedAdb;
const running: SimulatedAndroid[] = [];

async function boot(profile?: string): Promise<{ serial: string; target: AgentTarget }> {
  const started = await SimulatedAndroid.start(profile === undefined ? {} : { profile });
  if (!started.ok) throw new Error(started.error.message);
  running.push(started.value);
  const attached = await started.value.attach(adb.port);
  if (!attached.ok) throw new Error(attached.error.message);
  await waitForDeviceState(adb.client, attached.value.serial, 'device', 3000);
  const serial = attached.value.serial;
  return { serial, target: { client: adb.client, serial, operatorPackage: started.value.operatorPackage } };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});
afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
});
afterAll(async () => {
  await adb?.stop();
});

describe('get_ui_tree on the simulated Operator', () => {
  for (const profile of [undefined, 'tv']) {
    it(`returns the screen's nodes breadth-first with the uiautomator dump's labels (${profile ?? 'phone'})`, async () => {
      const { serial, target } = await boot(profile);
      const answer = await callAgent(target, { v: 1, type: 'get_ui_tree', id: 't1' }, 10000);
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.value.type).toBe('ui_tree_result');
      if (answer.value.type !== 'ui_tree_result') return;
      expect(answer.value.id).toBe('t1');
      const tree = answer.value.tree;
      expect(tree).toMatchObject({ backend: 'operator', status: 'complete', truncated: false, mode: 'full' });
      expect(tree.node_count).toBe(tree.nodes.length);
      expect(tree.node_count).toBeGreaterThan(1);
      // Breadth-first: depth never decreases and each parent comes before its children.
      tree.nodes.forEach((node, index) => {
        if (index > 0) expect(node.depth).toBeGreaterThanOrEqual(tree.nodes[index - 1]!.depth);
        if (node.parent !== null) expect(node.parent).toBeLessThan(index);
      });
      const dump = await dumpUi(adb, serial);
      const labels = (values: Array<string | null>): string[] =>
        values.filter((value): value is string => value !== null && value !== '').sort();
      expect(labels(tree.nodes.map((node) => node.text))).toEqual(labels(dump.map((node) => node.text)));
      expect(labels(tree.nodes.map((node) => node.content_description))).toEqual(
        labels(dump.map((node) => node.contentDesc)),
      );
      expect(tree.nodes.filter((node) => node.focused).map((node) => node.bounds)).toEqual(
        dump
          .filter((node) => node.focused)
          .map((node) => `[${node.bounds.slice(0, 2).join(',')}][${node.bounds.slice(2).join(',')}]`),
      );
    });
  }
});
