// The page's debug API as the e2e tests see it (src/app/debug-api.ts), and Pushball's renderer's
// (src/pushball/game/pushball-mount.ts; present while its match screen is mounted).
import type { RewindDebugApi } from '../../src/app/debug-api';
import type { PushballDebugApi } from '../../src/pushball/game';

declare global {
  interface Window {
    rewind: RewindDebugApi;
    pushballGame?: PushballDebugApi;
  }
}
