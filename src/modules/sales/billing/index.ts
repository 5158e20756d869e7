/** The "Da fatturare" screen (docs/spa.md#to-invoice), loaded only with its route. */
export { default } from './BillingScreen';
