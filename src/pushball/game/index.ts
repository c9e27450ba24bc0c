/**
 * Pushball's renderer, as the page uses it: mount the screen over a host, and the types of what
 * it reports. The pure parts (camera, input, HUD words) are exported for tests and tools.
 */
export { mountPushball, LEAVE_BUTTON_ID, REMATCH_BUTTON_ID } from './pushball-mount';
export type { PushballDebugApi, PushballHandle, PushballMountOptions } from './pushball-mount';
export type { PushballHost } from './pushball-host';
export type { DrawnBall, DrawnDisc, PushballRenderInfo } from './pushball-info';
export { fitPitch, type PitchCamera } from './pushball-camera';
export { pushInputFrom, type PushKeys, type PushPad, type PushTouch } from './pushball-input';
