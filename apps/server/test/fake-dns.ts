import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket, { type TxtAnswer } from 'dns-packet';

/**
 * A DNS server on loopback (UDP) answering TXT questions from a table, for the SSO domain proofs
 * (decision 068): the app is pointed at it with SSO_DNS_SERVERS. Any other question: NXDOMAIN.
 * The e2e tests start it too (`startFakeDns`).
 */
export interface FakeDns {
  /** `127.0.0.1:<port>`, as SSO_DNS_SERVERS takes it. */
  server: string;
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

export async function startFakeDns(options: { port?: number } = {}): Promise<FakeDns> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const values = question && question.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const answers: TxtAnswer[] = (values ?? []).map((value) => ({ type: 'TXT', name: question!.name, ttl: 1, class: 'IN', data: value }));
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id ?? 0,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (values ? 0 : 3),
      questions: query.questions ?? [],
      answers,
    });
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(options.port ?? 0, '127.0.0.1', () => resolve()));
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    setTxt: (name, values) => {
      records.set(name.toLowerCase(), values);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
