// The write client's HTTP/1.1, on `node:net`: kept-alive connections, one request at a time on
// each, every request written as one string and every answer read by its length (or its chunks).
// Node's own `http` client costs the load generator's CPU about 140 µs a request: under it, the
// bare server answered a fifth of what wrk gets from it, and the write ratios were read against
// the client's limit instead of the server's (docs/decisions/0061).
import net from 'node:net';

/**
 * @typedef {{ status: number, body: Buffer, json: unknown, close: boolean }} RawAnswer
 * @typedef {(answer: RawAnswer | Error) => void} Waiting
 */

const closedError = () => Object.assign(new Error('connection closed'), { code: 'ECONNRESET' });

/** One kept-alive connection, one request in flight at a time. */
class Connection {
  /** @param {URL} base */
  constructor(base) {
    this.socket = net.connect(Number(base.port || 80), base.hostname);
    this.socket.setNoDelay(true);
    this.buffer = Buffer.alloc(0);
    /** @type {Waiting | undefined} */
    this.waiting = undefined;
    this.closed = false;
    this.socket.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.read();
    });
    const end = (/** @type {Error | undefined} */ error) => {
      this.closed = true;
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.(error ?? closedError());
    };
    this.socket.on('error', end);
    this.socket.on('close', () => end(undefined));
  }

  /**
   * @param {string} request the request line, headers, blank line and body
   * @returns {Promise<RawAnswer>}
   */
  send(request) {
    if (this.closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      this.waiting = (answer) => (answer instanceof Error ? reject(answer) : resolve(answer));
      this.socket.write(request);
    });
  }

  /** Hands the answer to the request waiting for it once the buffer holds all of it. */
  read() {
    if (!this.waiting) return;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const start = headEnd + 4;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body;
    let end;
    if (length) {
      end = start + Number(length[1]);
      if (this.buffer.length < end) return;
      body = this.buffer.subarray(start, end);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunks = [];
      for (let at = start; ;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.toString('latin1', at, lineEnd), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          end = lineEnd + 4;
          break;
        }
        chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    } else {
      end = start;
      body = Buffer.alloc(0);
    }
    this.buffer = Buffer.from(this.buffer.subarray(end));
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting({
      status: Number(head.slice(9, 12)),
      body,
      // The bare server's text is not JSON: never parsed, as a failed parse costs a thrown error.
      json: /\r\ncontent-type:\s*application\/json/i.test(head) ? parsed(body) : undefined,
      close: /\r\nconnection:\s*close/i.test(head),
    });
  }
}

/** A body said to be JSON, parsed; undefined if it is not. */
function parsed(/** @type {Buffer} */ body) {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A client of the server at `baseUrl`: each request takes a connection left idle by another, or
 * opens one, so that it holds as many as requests are ever in flight at once.
 * @param {string} baseUrl
 */
export function httpClient(baseUrl) {
  const base = new URL(baseUrl);
  const host = `Host: ${base.host}\r\n`;
  /** @type {Connection[]} */
  const idle = [];
  return {
    /**
     * Rejects when the connection fails or closes before the answer has come.
     * @param {string} method
     * @param {string} path
     * @param {string | undefined} token a bearer token
     * @param {unknown} body sent as JSON
     * @returns {Promise<RawAnswer>}
     */
    async send(method, path, token, body) {
      let request = `${method} ${path} HTTP/1.1\r\n${host}`;
      if (token) request += `Authorization: Bearer ${token}\r\n`;
      if (body !== undefined) {
        const payload = JSON.stringify(body);
        request += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
      } else {
        request += method === 'GET' ? '\r\n' : 'Content-Length: 0\r\n\r\n';
      }
      let connection = idle.pop();
      while (connection?.closed) connection = idle.pop();
      connection ??= new Connection(base);
      try {
        const answer = await connection.send(request);
        if (answer.close) connection.socket.destroy();
        else idle.push(connection);
        return answer;
      } catch (error) {
        connection.socket.destroy();
        throw error;
      }
    },
    close() {
      for (const connection of idle.splice(0)) connection.socket.destroy();
    },
  };
}
