// adbd's own small services: `root:`/`unroot:` on a production build and `reverse:` forward bookkeeping.
import type { Duplex } from 'node:stream';

/** A 4-hex-digit length prefix and the text (adb's protocol string). */
function protocolString(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'latin1'), body]);
}

/** `root:` and `unroot:` answer as a user build's adbd does, then close (adb prints the line and exits 0). */
export function serveRoot(stream: Duplex, service: 'root:' | 'unroot:'): void {
  stream.resume();
  stream.end(
    service === 'root:' ? 'adbd cannot run as root in production builds\n' : 'adbd not running as root\n',
  );
}

/**
 * `track-jdwp`: the pids of debuggable processes as a hex4-length list, sent again when it changes. A production
 * build's apps are not debuggable, so the list is empty; the stream stays open until the host closes it.
 */
export function serveTrackJdwp(stream: Duplex): void {
  stream.resume();
  stream.write('0000');
  stream.once('end', () => stream.end());
}

/** `remount:` as adbd answers it for uid shell on a production build (nothing is remounted). */
export function serveRemount(stream: Duplex): void {
  stream.resume();
  stream.end('Not running as root. Try "adb root" first.\n');
}

/** Reverse forwards of one device, local (device) socket to remote (host) socket, in creation order. */
export class ReverseForwards {
  private readonly forwards = new Map<string, string>();

  /** Serves `reverse:forward[:norebind]:<local>;<remote>`, `killforward:<local>`, `killforward-all`, `list-forward`. */
  serve(stream: Duplex, request: string): void {
    stream.resume();
    stream.end(this.answer(request));
  }

  private answer(request: string): Buffer {
    const failure = (message: string): Buffer =>
      Buffer.concat([Buffer.from('FAIL'), protocolString(message)]);
    if (request === 'list-forward')
      // The transport name is the one adbd gives a TCP host connection ("host-<fd>").
      return protocolString(
        [...this.forwards].map(([local, remote]) => `host-19 ${local} ${remote}\n`).join(''),
      );
    if (request === 'killforward-all') {
      this.forwards.clear();
      return Buffer.from('OKAY');
    }
    if (request.startsWith('killforward:')) {
      const local = request.slice('killforward:'.length);
      if (!this.forwards.delete(local)) return failure(`listener '${local}' not found`);
      return Buffer.from('OKAY');
    }
    const norebind = request.startsWith('forward:norebind:');
    if (!norebind && !request.startsWith('forward:')) return failure(`unknown reverse request ${request}`);
    const pieces = request.slice(norebind ? 'forward:norebind:'.length : 'forward:'.length).split(';');
    const [local, remote] = pieces;
    if (pieces.length !== 2 || !local || !remote || remote.startsWith('*'))
      return failure(`bad forward: ${request}`);
    if (
      !/^(tcp:\d+|localabstract:.+|localreserved:.+|localfilesystem:.+|local:.+)$/.test(local) ||
      local === 'tcp:0'
    )
      return failure(`cannot bind listener: unsupported socket '${local}'`);
    if (norebind && this.forwards.has(local)) return failure('cannot rebind existing socket');
    this.forwards.set(local, remote);
    return Buffer.from('OKAY');
  }
}
