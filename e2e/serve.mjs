// The e2e web server: the built app, with an SMTP server on loopback standing in for the mail
// relay (the one boundary an e2e run cannot reach). Every message is appended to
// $DATA_DIR/mail.jsonl so that a test can open a link the app e-mailed, as a user would.
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const mailFile = path.join(process.env.DATA_DIR ?? '.', 'mail.jsonl');

/** The text of a quoted-printable body part (nodemailer folds long lines with "=\r\n"). */
const decodeQuotedPrintable = (text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));

const sink = net.createServer((socket) => {
  socket.setEncoding('utf8');
  socket.write('220 e2e-sink ESMTP\r\n');
  let buffer = '';
  let message = { to: [], data: '' };
  let inData = false;
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          const [head, ...rest] = message.data.split('\r\n\r\n');
          const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
          appendFileSync(mailFile, `${JSON.stringify({ to: message.to, subject, text: decodeQuotedPrintable(rest.join('\r\n\r\n')) })}\n`);
          message = { to: [], data: '' };
          socket.write('250 queued\r\n');
        } else message.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250-e2e-sink\r\n250 8BITMIME\r\n');
      else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
      else if (verb === 'RCPT') {
        message.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
        socket.write('250 ok\r\n');
      } else if (verb === 'DATA') {
        inData = true;
        socket.write('354 go on\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('502 not offered\r\n');
    }
  });
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${sink.address().port}`;
sink.unref();
await import('../apps/server/dist/main.js');
