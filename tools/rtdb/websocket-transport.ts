import type { WebSocket } from 'ws';
import type { Transport } from './session.ts';

/** The SDKs split messages above this many characters: a count frame, then the pieces. */
const MAX_FRAME = 16384;

export class WebSocketTransport implements Transport {
  constructor(private readonly socket: WebSocket) {}

  send(envelope: object): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const text = JSON.stringify(envelope);
    if (text.length <= MAX_FRAME) {
      this.socket.send(text);
      return;
    }
    const count = Math.ceil(text.length / MAX_FRAME);
    this.socket.send(String(count));
    for (let i = 0; i < count; i++) this.socket.send(text.slice(i * MAX_FRAME, (i + 1) * MAX_FRAME));
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Calls `deliver` with each whole incoming envelope: reassembles split messages, drops keepalives
 * ("0"), and closes the socket on invalid JSON.
 */
export function readEnvelopes(
  socket: WebSocket,
  deliver: (envelope: unknown) => void,
  log: (line: string) => void,
) {
  let pieces: string[] | null = null;
  let expected = 0;
  const parse = (text: string) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      log('rtdb: closing a connection that sent invalid JSON');
      socket.close();
      return;
    }
    deliver(envelope);
  };
  socket.on('message', (data) => {
    const frame = data.toString();
    if (pieces) {
      pieces.push(frame);
      if (pieces.length === expected) {
        const whole = pieces.join('');
        pieces = null;
        parse(whole);
      }
      return;
    }
    if (frame.length <= 6 && /^\d+$/.test(frame)) {
      expected = Number(frame);
      if (expected > 1) pieces = [];
      return;
    }
    parse(frame);
  });
}
