// UI tree cost: in one run, on the same simulated phone screen, the Operator-tree round trip (agent request
// `get_ui_tree` over adb) vs the uiautomator path (`uiautomator dump` to a temp file with its trap, plus the
// focus lines and wm size/density), both through android.screen_dump. Prints medians and the ratio.
// Run: npm run build:node && npm run bench:ui-tree
// The simulator answers uiautomator at once; a real device takes 1-15 s on busy screens, so the real ratio is larger.
import { NO_APPROVER } from '../src/main/approval/approval';
import { runTool } from '../src/main/android/runTool';
import { screenDump } from '../src/main/ui/tools';
import { startIsolatedAdb } from '../src/test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../src/test-support/isolatedResolver';

const ROUNDS = 15;

async function main(): Promise<void> {
  const adb = await startIsolatedAdb();
  const { sim, serial } = await bootSimulated(adb);
  try {
    const resolver = isolatedResolver(adb);
    const time = async (source: 'operator' | 'uiautomator'): Promise<{ median: number; nodes: number }> => {
      const samples: number[] = [];
      let nodes = 0;
      for (let round = 0; round < ROUNDS + 2; round++) {
        const started = performance.now();
        const result = await runTool(screenDump, {
          arguments: { device: serial, source },
          resolver,
          approve: NO_APPROVER,
        });
        const elapsed = performance.now() - started;
        if (!result.ok) throw new Error(`${source}: ${result.error.message}`);
        const value = result.value as { source: string; node_count: number };
        if (value.source !== source) throw new Error(`asked for ${source}, got ${value.source}`);
        nodes = value.node_count;
        if (round >= 2) samples.push(elapsed); // two warm-up rounds
      }
      samples.sort((a, b) => a - b);
      return { median: samples[Math.floor(samples.length / 2)]!, nodes };
    };
    const operator = await time('operator');
    const uiautomator = await time('uiautomator');
    if (operator.nodes !== uiautomator.nodes)
      console.log(`note: node counts differ (operator ${operator.nodes}, uiautomator ${uiautomator.nodes})`);
    console.log(`ui-tree (${ROUNDS} rounds, median, same simulated screen, ${operator.nodes} nodes)`);
    console.log(`  operator tree round trip : ${operator.median.toFixed(1)} ms`);
    console.log(`  uiautomator dump path    : ${uiautomator.median.toFixed(1)} ms (baseline)`);
    console.log(`  ratio uiautomator/operator: ${(uiautomator.median / operator.median).toFixed(2)}x`);
  } finally {
    await sim.close();
    await adb.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
