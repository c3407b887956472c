import net, { type AddressInfo } from 'node:net';

export interface SmtpDelivery {
  mailFrom: string;
  rcptTo: string[];
  /** The message as sent after DATA: headers, a blank line, the body (CRLF line ends). */
  data: string;
}

/**
 * A loopback SMTP server speaking the real protocol (EHLO, MAIL, RCPT, DATA, QUIT), standing in
 * for the unreachable mail relay: it keeps every message it is given, to read its headers.
 */
export async function startSmtpSink(): Promise<{ url: string; deliveries: SmtpDelivery[]; close(): Promise<void> }> {
  const deliveries: SmtpDelivery[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    socket.write('220 sink.test ESMTP\r\n');
    let buffer = '';
    let current: SmtpDelivery = { mailFrom: '', rcptTo: [], data: '' };
    let inData = false;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            deliveries.push(current);
            current = { mailFrom: '', rcptTo: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink.test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.mailFrom = line.replace(/^MAIL FROM:\s*/i, '');
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          current.rcptTo.push(line.replace(/^RCPT TO:\s*/i, ''));
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 5.5.2 not offered\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The header block of a delivered message, unfolded, as name → values. */
export function headersOf(data: string): Map<string, string[]> {
  const block = data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}
