/**
 * The MCP server's stdio transport: one JSON-RPC message per line, as the SDK's own, but it
 * answers what it cannot read as JSON-RPC asks. The SDK's transport reports an unparsable line
 * to the server's log and sends nothing, so a client whose request was mangled waits for an
 * answer that never comes; and it logs a protocol error for every blank line.
 *
 * - a blank line (or one of whitespace) is skipped, silently;
 * - a line that is not JSON is answered with -32700 Parse error (id null: none can be read);
 * - JSON that is not a JSON-RPC message is answered with -32600 Invalid Request, with the
 *   message's id when it has a usable one;
 * - a line longer than the limit ends the connection (reported through onerror): what follows
 *   cannot be told apart from the rest of it.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Longest line taken, as the SDK's transport: a pasted file fits, a runaway stream does not. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** A line over MAX_LINE_BYTES: the connection cannot go on. */
export class OversizedMessageError extends Error {
  constructor(readonly limit: number) {
    super(`a message longer than ${limit} bytes: the connection cannot continue`);
  }
}

export class LineJsonRpcTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private started = false;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('LineJsonRpcTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = data.indexOf(0x0a); newline !== -1 && !this.closed; newline = data.indexOf(0x0a)) {
      this.pending.push(data.subarray(0, newline));
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      data = data.subarray(newline + 1);
      this.receive(line);
    }
    if (this.closed || data.length === 0) return;
    this.pendingBytes += data.length;
    if (this.pendingBytes > this.maxLineBytes) {
      this.onerror?.(new OversizedMessageError(this.maxLineBytes));
      void this.close();
      return;
    }
    this.pending.push(data);
  };

  private receive(line: string): void {
    const text = line.replace(/\r$/, '');
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      this.reply(null, ErrorCode.ParseError, 'Parse error', e instanceof Error ? e.message : String(e));
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.reply(
        usableId(parsed),
        ErrorCode.InvalidRequest,
        'Invalid Request',
        'not a JSON-RPC 2.0 request, notification or response',
      );
      return;
    }
    this.onmessage?.(message.data);
  }

  /** An error response the SDK's types cannot carry (its id may be null), written as it is. */
  private reply(id: string | number | null, code: ErrorCode, message: string, data: string): void {
    this.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, data } }) + '\n').catch((e: Error) =>
      this.onerror?.(e),
    );
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(JSON.stringify(message) + '\n');
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(text)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = [];
    this.onclose?.();
  }
}

/** A request's id when the JSON has one JSON-RPC allows, so the client can match the error to its call. */
function usableId(parsed: unknown): string | number | null {
  if (typeof parsed !== 'object' || parsed === null || !('id' in parsed)) return null;
  const id = (parsed as { id: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
