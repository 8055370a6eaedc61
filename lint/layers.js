// The folders of src/ and which may import which: one declaration that eslint.config.js turns into
// import-x/no-restricted-paths zones (VS Code's layer checker, in lint). Within a layered folder, a subfolder may
// import only the subfolders of layers below its own, so no folder cycle can be written.

/** Top-level folders of src/ and the folders each may import (besides itself). */
export const TOP_LEVEL = {
  shared: [],
  node: ['shared'],
  simulator: ['shared', 'node'],
  main: ['shared', 'node'],
  cli: ['shared', 'node', 'main', 'simulator'],
  renderer: ['shared'],
  preload: ['shared'],
};

/**
 * Subfolders (and root modules, written with .ts) of layered folders, lowest layer first. A subfolder may import
 * any subfolder of a lower layer and nothing of its own layer or above.
 */
export const LAYERS = {
  main: [
    ['capture', 'http', 'operator', 'approval'],
    ['evidence', 'devices', 'daemon'],
    ['screenshot', 'android'],
    ['execution', 'diagnostics', 'logcat', 'traces', 'ui'],
    ['sequence', 'toolbox'],
    ['serve'],
    ['mcp'],
    ['api'],
    ['ipc', 'window.ts'],
    ['index.ts', 'web.ts'],
  ],
  simulator: [
    ['apk', 'profiles', 'device', 'fixtures'],
    ['perfetto'],
    ['shell', 'screen'],
    ['adb', 'operator', 'control'],
    ['simulatedAndroid.ts'],
    ['launch.ts', 'fidelity'],
  ],
};

/**
 * The one allowed crossing of TOP_LEVEL: the console starts a simulated phone through this port, which imports the
 * simulator lazily (import()), so the simulator stays out of the console's start-up.
 */
export const LAZY_PORTS = [{ file: 'src/main/api/simulatedPhone.ts', imports: 'src/simulator/launch.ts' }];

const ALL_TOP = [...Object.keys(TOP_LEVEL), 'test-support'];

function path(folder) {
  return `./src/${folder}`;
}

/** Zones for production files: top-level rules, layered subfolders, and never test-support. */
export function productionZones() {
  const zones = [];
  for (const [folder, allowed] of Object.entries(TOP_LEVEL)) {
    const forbidden = ALL_TOP.filter((other) => other !== folder && !allowed.includes(other));
    for (const other of forbidden) {
      const lazy = LAZY_PORTS.filter(
        (port) => port.file.startsWith(`src/${folder}/`) && port.imports.startsWith(`src/${other}/`),
      );
      zones.push({
        target: path(folder),
        from: path(other),
        ...(lazy.length > 0
          ? { except: lazy.map((port) => `./${port.imports.slice(`src/${other}/`.length)}`) }
          : {}),
        message:
          other === 'test-support'
            ? 'src/test-support holds test helpers; production code must not import it (lint/layers.js).'
            : `src/${folder} may import only ${['itself', ...allowed].join(', ')} (lint/layers.js).`,
      });
    }
  }
  for (const [folder, layers] of Object.entries(LAYERS)) {
    layers.forEach((layer, index) => {
      const higher = layers.slice(index).flat();
      for (const member of layer) {
        const forbidden = higher.filter((other) => other !== member);
        if (forbidden.length === 0) continue;
        zones.push({
          target: path(`${folder}/${member}`),
          from: forbidden.map((other) => path(`${folder}/${other}`)),
          message: `src/${folder}/${member} is in layer ${index} of src/${folder}: it may import only lower layers (lint/layers.js).`,
        });
      }
    });
  }
  return zones;
}

/**
 * Zones for tests: they may import test-support and any layer (a renderer test may check that a command it builds
 * parses with the real CLI), but never another runtime's Node code from the renderer or shared.
 */
export function testZones() {
  return [
    { target: path('renderer'), from: [path('main'), path('node'), path('simulator')] },
    { target: path('shared'), from: [path('main'), path('renderer'), path('cli'), path('preload')] },
  ].map((zone) => ({ ...zone, message: 'Tests keep their runtime: see lint/layers.js.' }));
}
