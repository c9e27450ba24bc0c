/**
 * The routers of the lab as nftables rulesets, one per kind of network a friend may be on:
 *  - home:    `masquerade` keeps the source port (endpoint-independent mapping); conntrack lets in
 *             only replies to what went out (address- and port-dependent filtering): STUN works;
 *  - carrier: `masquerade random,fully-random`: every destination gets a new port (symmetric
 *             mapping, like a carrier-grade NAT): STUN addresses are useless, only TURN works;
 *  - office:  a home NAT that also lets out nothing but TCP to the public server (no UDP at all):
 *             only TURN over TCP works.
 * Interfaces: `lan` faces the player, `wan` the lab's internet. Like a real router, none answers
 * a stranger on its WAN: such packets are dropped, so Linux never commits a conntrack entry for
 * them (one would take the port a later outgoing mapping needs, and ICE's hole punching would fail).
 */
export type NatKind = 'home' | 'carrier' | 'office';

export function routerRuleset(kind: NatKind, serverAddress: string): string {
  const masquerade = kind === 'carrier' ? 'masquerade random,fully-random' : 'masquerade';
  const out =
    kind === 'office'
      ? `iifname "lan" oifname "wan" ip daddr ${serverAddress} meta l4proto tcp accept`
      : 'iifname "lan" oifname "wan" accept';
  return `
table ip labnat {
  chain lab_postrouting {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "wan" ${masquerade}
  }
}
table inet labfilter {
  chain lab_input {
    type filter hook input priority filter; policy accept;
    iifname "wan" ct state new drop
  }
  chain lab_forward {
    type filter hook forward priority filter; policy drop;
    ct state established,related accept
    ${out}
  }
}
`;
}
