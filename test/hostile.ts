// What tests look for in output that reached a terminal: anything a terminal acts on
// (C0 and C1 controls, DEL; newlines aside), or that hides or reorders text.
export const RAW_CONTROL =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/**
 * Answers 200 with `{"KEY":[{},{},…]}`: 60 MiB of it, 21 million objects, small in bytes
 * (under the 64 MiB cap) but huge in objects, streamed as the client reads.
 */
export function answerObjects(res: import('node:http').ServerResponse, key: string): void {
  const chunk = Buffer.from('{},'.repeat((1024 * 1024) / 3));
  let sent = 0;
  const pump = () => {
    while (sent < 60 * 1024 * 1024) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end('{}]}');
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(`{"${key}":[`);
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}
