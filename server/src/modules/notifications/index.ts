/** Notifications about a case (issue 17 §3): e-mail to its responsible and the users it is shared with. */
export {
  type Notifier,
  notifyDelivered,
  notifyDeliveryWithdrawn,
  notifyImagesAccepted,
  notifyInputInvalid,
  notifyRejected,
} from './notify.ts';
