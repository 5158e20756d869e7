/** The "Scadenzario" screen (docs/spa.md#receivables), loaded only with its route. */
export { default } from './ReceivablesScreen';
