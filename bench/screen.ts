// Live-screen frames: in one run, on one simulated phone (1080x2400), frames per second and capture latency for
// each method (`screencap -p`, the device encodes; raw `screencap`, this computer encodes), and the host-side PNG
// encode of one 1080x2400 frame against `screencap -p` on the same device (the baseline).
// Run: npm run build:node && npm run bench:screen
// The simulator's "device" encoder is our own JavaScript; a real phone's encoder and a USB link change both sides,
// which is why the console measures the methods on each device rather than assuming one.
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { captureScreenFrame, decodeRawScreencap, type FrameMethod } from '../src/main/screenshot/frames';
import { readScreencap } from '../src/main/screenshot/capture';
import { startIsolatedAdb } from '../src/test-support/isolatedAdb';
import { bootSimulated } from '../src/test-support/isolatedResolver';

const FRAMES = Number(process.env.BENCH_FRAMES ?? 30);

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const adb = await startIsolatedAdb();
  const { sim, serial } = await bootSimulated(adb, { profile: 'phone' });
  try {
    const run = async (method: FrameMethod) => {
      const samples: number[] = [];
      let started = performance.now();
      for (let frame = 0; frame < FRAMES + 2; frame++) {
        if (frame === 2) started = performance.now(); // two warm-up frames
        const result = await captureScreenFrame(adb.client, serial, { method });
        if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
        if (frame >= 2) samples.push(result.value.captureMs);
      }
      const seconds = (performance.now() - started) / 1000;
      samples.sort((a, b) => a - b);
      return { fps: FRAMES / seconds, p50: percentile(samples, 50), p95: percentile(samples, 95) };
    };
    const viaPng = await run('screencap-p');
    const viaRaw = await run('raw');
    console.log(`screen (${FRAMES} frames per method after 2 warm-up, one simulated 1080x2400 phone)`);
    for (const [name, figures] of [
      ['screencap -p (baseline)', viaPng],
      ['raw + host PNG        ', viaRaw],
    ] as const)
      console.log(
        `  ${name}: ${figures.fps.toFixed(1)} frames/s, latency p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`,
      );
    console.log(`  ratio raw/screencap -p latency p50: ${(viaRaw.p50 / viaPng.p50).toFixed(2)}x`);

    const bytes = await readScreencap(adb.client, serial, Date.now() + 10_000, 10_000, 'exec:screencap');
    if (!bytes.ok) throw new Error(bytes.error.message);
    const decoded = decodeRawScreencap(bytes.value);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const { widthPx, heightPx, rgba } = decoded.value;
    const encode = async (how: 'sharp' | 'pngjs'): Promise<{ ms: number; bytes: number }> => {
      const samples: number[] = [];
      let size = 0;
      for (let round = 0; round < 7; round++) {
        const started = performance.now();
        const png =
          how === 'sharp'
            ? await sharp(rgba, { raw: { width: widthPx, height: heightPx, channels: 4 } })
                .png({ compressionLevel: 1 })
                .toBuffer()
            : PNG.sync.write(
                Object.assign(new PNG({ width: widthPx, height: heightPx }), { data: Buffer.from(rgba) }),
                {
                  deflateLevel: 1,
                },
              );
        samples.push(performance.now() - started);
        size = png.length;
      }
      samples.sort((a, b) => a - b);
      return { ms: percentile(samples, 50), bytes: size };
    };
    const bySharp = await encode('sharp');
    const byPngjs = await encode('pngjs');
    console.log(`host encode of one ${widthPx}x${heightPx} frame (median of 7, PNG level 1)`);
    console.log(`  sharp (used): ${bySharp.ms.toFixed(1)} ms, ${bySharp.bytes} bytes`);
    console.log(`  pngjs       : ${byPngjs.ms.toFixed(1)} ms, ${byPngjs.bytes} bytes`);
    console.log(`  screencap -p on the device, whole capture p50 (baseline): ${viaPng.p50.toFixed(1)} ms`);
    console.log(`  ratio host encode/screencap -p: ${(bySharp.ms / viaPng.p50).toFixed(2)}x`);
  } finally {
    await sim.close();
    await adb.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
