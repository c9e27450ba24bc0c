/**
 * `npx tsx tools/reference-client/main.ts <lobby link> [--name N] [--password P] [--seconds S]`
 *
 * Joins the lobby, walks a square while firing now and then, and prints what it decoded once a
 * second and a summary at the end. Exit code 1 if any datagram could not be decoded.
 */
import { parseArgs } from 'node:util';
import { Buttons } from './commands';
import { ReferenceClient } from './client';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string', default: 'reference' },
    password: { type: 'string', default: '' },
    seconds: { type: 'string', default: '10' },
  },
});
const link = positionals[0];
if (!link) {
  console.error('usage: tsx tools/reference-client/main.ts <lobby link> [--name N] [--password P] [--seconds S]');
  process.exit(2);
}

const client = new ReferenceClient();
const welcome = await client.join(link, values.name, values.password);
console.log(`welcome: client id ${welcome.clientId}, ${welcome.tickrate} Hz, map ${welcome.mapName}`);
const sides = [
  [127, 0, 0],
  [0, 127, 16384],
  [-127, 0, 32768],
  [0, -127, 49152],
] as const;
const seconds = Number(values.seconds);
for (let s = 0; s < seconds; s++) {
  const [moveX, moveY, aim] = sides[s % sides.length]!;
  client.input = { moveX, moveY, aim, buttons: s % 2 === 1 ? Buttons.Fire : 0, weaponSelect: 255 };
  await new Promise((r) => setTimeout(r, 1000));
  const me = client.latest?.self;
  console.log(
    `tick ${client.latest?.serverTick ?? '-'}: me at (${me?.x}, ${me?.y}), ${client.latest?.players.length ?? 0} others, ${client.seen.decoded}/${client.seen.datagrams} datagrams decoded`,
  );
  if (client.seen.kick) break;
}
await client.leave();
console.log(JSON.stringify({ ...client.seen, refused: client.seen.refused.slice(0, 10) }, null, 2));
process.exit(client.seen.refused.length > 0 || client.seen.kick ? 1 : 0);
