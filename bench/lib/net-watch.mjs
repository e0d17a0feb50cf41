// @ts-check
// Preloaded into the app server by `npm run bench` (NODE_OPTIONS=--import): every
// outgoing TCP connection to anything but this machine is written to BENCH_NET_LOG,
// so the report can show that an image render fetches nothing from the network.
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const file = process.env.BENCH_NET_LOG;
const local = (/** @type {string | undefined} */ host) => !host || host === 'localhost' || host === '::1' || /^127\./.test(host);
const connect = net.Socket.prototype.connect;

/** @this {net.Socket} @param {any[]} args */
net.Socket.prototype.connect = function watchedConnect(...args) {
  const options = typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0]) ? args[0] : { port: args[0], host: args[1] };
  if (file && !options.path && !local(options.host))
    appendFileSync(file, `${JSON.stringify({ host: options.host, port: options.port, at: Date.now() })}\n`);
  return connect.apply(this, /** @type {Parameters<typeof connect>} */ (args));
};
