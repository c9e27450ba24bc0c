/**
 * Builds the lab's networks: an "internet" namespace (a bridge holding the public servers'
 * address), and for each player a router namespace (WAN on the bridge, nftables NAT: nat-rules.ts)
 * and a player namespace behind it (its own LAN, default route through the router, as a browser
 * needs to gather candidates). Private addresses only, inside namespaces made here:
 *   internet 10.99.0.0/24 (servers 10.99.0.1, router i's WAN 10.99.0.(10+i)),
 *   player i's LAN 10.99.(10+i).0/24 (router .1, player .2).
 *
 * Inputs: the prefix, the NAT kind of each player. Outputs: names and addresses; every namespace is
 * recorded in `LabResources` before anything is put in it, so a failure half-way still cleans up.
 */
import { inNs, nft, sh, type LabResources } from './netns';
import { routerRuleset, type NatKind } from './nat-rules';

export const SERVER_ADDRESS = '10.99.0.1';

export interface LabNode {
  nat: NatKind;
  /** The player's namespace (where its browser runs). */
  ns: string;
  router: string;
  lanAddress: string;
  /** The router's address on the lab's internet (what STUN reports). */
  publicAddress: string;
}

function addNamespace(res: LabResources, name: string): string {
  res.namespaces.push(name);
  sh('ip', ['netns', 'add', name]);
  inNs(name, 'ip', ['link', 'set', 'lo', 'up']);
  inNs(name, 'sysctl', ['-qw', 'net.ipv6.conf.all.disable_ipv6=1']);
  return name;
}

export function buildInternet(res: LabResources, prefix: string): string {
  const inet = addNamespace(res, `${prefix}inet`);
  inNs(inet, 'ip', ['link', 'add', 'br0', 'type', 'bridge']);
  inNs(inet, 'ip', ['addr', 'add', `${SERVER_ADDRESS}/24`, 'dev', 'br0']);
  inNs(inet, 'ip', ['link', 'set', 'br0', 'up']);
  return inet;
}

export function buildPlayer(res: LabResources, prefix: string, inet: string, index: number, nat: NatKind): LabNode {
  const router = addNamespace(res, `${prefix}r${index}`);
  const ns = addNamespace(res, `${prefix}p${index}`);
  const publicAddress = `10.99.0.${10 + index}`;
  const lan = `10.99.${10 + index}`;
  // The router's WAN and its end on the internet's bridge.
  sh('ip', ['link', 'add', 'wan', 'netns', router, 'type', 'veth', 'peer', 'name', `up${index}`, 'netns', inet]);
  inNs(inet, 'ip', ['link', 'set', `up${index}`, 'master', 'br0', 'up']);
  inNs(router, 'ip', ['addr', 'add', `${publicAddress}/24`, 'dev', 'wan']);
  inNs(router, 'ip', ['link', 'set', 'wan', 'up']);
  // The LAN between router and player.
  sh('ip', ['link', 'add', 'lan', 'netns', router, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
  inNs(router, 'ip', ['addr', 'add', `${lan}.1/24`, 'dev', 'lan']);
  inNs(router, 'ip', ['link', 'set', 'lan', 'up']);
  inNs(ns, 'ip', ['addr', 'add', `${lan}.2/24`, 'dev', 'eth0']);
  inNs(ns, 'ip', ['link', 'set', 'eth0', 'up']);
  inNs(ns, 'ip', ['route', 'add', 'default', 'via', `${lan}.1`]);
  inNs(router, 'sysctl', ['-qw', 'net.ipv4.ip_forward=1']);
  nft(router, routerRuleset(nat, SERVER_ADDRESS));
  return { nat, ns, router, lanAddress: `${lan}.2`, publicAddress };
}

/**
 * Moves a router to another public address (a new lease, a mobile handover). The kernel's
 * masquerade drops the old address's NAT mappings when it is removed, as a real router loses them.
 */
export function setPublicAddress(node: LabNode, address: string): void {
  inNs(node.router, 'ip', ['addr', 'flush', 'dev', 'wan']);
  inNs(node.router, 'ip', ['addr', 'add', `${address}/24`, 'dev', 'wan']);
  node.publicAddress = address;
}

/** Takes a router's WAN down for `seconds`, then up again (the route comes back with the address). */
export async function cutLink(node: LabNode, seconds: number): Promise<void> {
  inNs(node.router, 'ip', ['link', 'set', 'wan', 'down']);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  inNs(node.router, 'ip', ['link', 'set', 'wan', 'up']);
}
