// The page's debug API as the e2e tests see it (src/app/debug-api.ts).
import type { RewindDebugApi } from '../../src/app/debug-api';

declare global {
  interface Window {
    rewind: RewindDebugApi;
  }
}
