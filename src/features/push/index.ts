/** Web Push on this device (docs/push.md): the opt-in switch, and what sign-out calls. */
export { PushOptIn } from './push-opt-in';
export { forgetPushDevice } from './push-device';
